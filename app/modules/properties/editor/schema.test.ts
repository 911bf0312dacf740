import { describe, expect, it } from "vitest";
import { type EditorState, type EditorValues, MSG, defaultValues, initialState } from "./state";
import { addListItem, clearFixedErrors, reduceEditor, visibleSuggestions } from "./reducer";
import { parseIntent } from "./intents";
import { readEditorForm } from "./form-data";
import { tabsWithErrors, validateAll, validateTab, yearMessage } from "./schema";
import { SUGGESTED_AMENITIES } from "~/modules/properties/vocabulary";

/** A property that passes every tab. */
export function validValues(overrides: Partial<EditorValues> = {}): EditorValues {
  return {
    ...defaultValues(),
    title: "Casa com quintal",
    address: "Rua das Flores, 100",
    city: "Sorocaba",
    neighborhood: "Centro",
    area: "120,5",
    bedrooms: "3",
    bathrooms: "2",
    parking_spots: "1",
    price: "450.000,00",
    description: "Linha 1\nLinha 2",
    images: ["/uploads/imoveis/casa-1/a.jpg"],
    ...overrides,
  };
}

const stateWith = (values: EditorValues, tab: EditorState["tab"] = "basics"): EditorState => ({ ...initialState(values), tab });

describe("editor schemas: every message of every tab", () => {
  it("basics", () => {
    const errors = validateTab("basics", { ...defaultValues(), title: "   ", type: "x", property_type: "Castelo", construction_status: "", purpose: "", status: "" });
    expect(errors).toEqual({
      title: MSG.title,
      type: MSG.type,
      property_type: MSG.propertyType,
      construction_status: MSG.constructionStatus,
      purpose: MSG.purpose,
      status: MSG.status,
    });
    expect(MSG.title).toBe("O título do imóvel é obrigatório");
    expect(MSG.type).toBe("Selecione uma categoria de busca válida (Pronto para Morar, Lançamento, etc)");
    expect(MSG.propertyType).toBe("Selecione um tipo de imóvel válido (Casa, Apartamento, etc)");
    expect(MSG.constructionStatus).toBe("Selecione o status da construção");
    expect(MSG.purpose).toBe("Selecione a finalidade do imóvel (venda/aluguel)");
    expect(MSG.status).toBe("Selecione o status do imóvel");
  });

  it("basics: title length and construction year range", () => {
    expect(validateTab("basics", validValues({ title: "a".repeat(1000) })).title).toBe("O título deve ter no máximo 200 caracteres");
    const year = new Date().getFullYear();
    expect(validateTab("basics", validValues({ construction_year: "1899" })).construction_year).toBe(yearMessage(year));
    expect(validateTab("basics", validValues({ construction_year: String(year + 1) })).construction_year).toBe(yearMessage(year));
    expect(validateTab("basics", validValues({ construction_year: "abc" })).construction_year).toBe(MSG.number);
    expect(validateTab("basics", validValues({ construction_year: "" }))).toEqual({});
    expect(validateTab("basics", validValues({ construction_year: "1900" }))).toEqual({});
  });

  it("location", () => {
    expect(validateTab("location", { ...defaultValues(), address: " ", city: "", neighborhood: "\n" })).toEqual({
      address: "O endereço é obrigatório",
      city: "A cidade é obrigatória",
      neighborhood: "O bairro é obrigatório",
    });
  });

  it("features", () => {
    expect(validateTab("features", validValues({ area: "0", bedrooms: "-1", bathrooms: "-2", parking_spots: "-3" }))).toEqual({
      area: "A área deve ser maior que zero",
      bedrooms: "O número de quartos não pode ser negativo",
      bathrooms: "O número de banheiros não pode ser negativo",
      parking_spots: "O número de vagas não pode ser negativo",
    });
    expect(validateTab("features", validValues({ area: "-10" })).area).toBe(MSG.area);
    expect(validateTab("features", validValues({ area: "muito grande" })).area).toBe(MSG.number);
    expect(validateTab("features", validValues({ bedrooms: "dois" })).bedrooms).toBe(MSG.number);
    expect(validateTab("features", validValues({ area: "72,5" }))).toEqual({});
  });

  it("values depend on the purpose", () => {
    expect(validateTab("values", validValues({ purpose: "sale", price: "0" }))).toEqual({ price: "Informe um preço de venda válido" });
    expect(validateTab("values", validValues({ purpose: "rent", price: "0", rent_price: "0" }))).toEqual({ rent_price: "Informe um valor de aluguel válido" });
    expect(validateTab("values", validValues({ purpose: "both", price: "0", rent_price: "" }))).toEqual({ price: MSG.price, rent_price: MSG.rentPrice });
    expect(validateTab("values", validValues({ purpose: "rent", price: "0", rent_price: "2.500,50" }))).toEqual({});
    expect(validateTab("values", validValues({ price: "abc" })).price).toBe(MSG.number);
    expect(validateTab("values", validValues({ condo_fee: "-1" })).condo_fee).toBe(MSG.negative);
  });

  it("description keeps line breaks and is required", () => {
    expect(validateTab("description", validValues({ description: "  \n " }))).toEqual({ description: "A descrição do imóvel é obrigatória" });
    const ok = validateAll(validValues({ description: "<b>oi</b>\nsegunda linha" }));
    expect(ok.ok && ok.data.description).toBe("<b>oi</b>\nsegunda linha");
  });

  it("images", () => {
    expect(validateTab("images", validValues({ images: [] }))).toEqual({ images: "Adicione pelo menos uma imagem do imóvel" });
    expect(validateTab("images", validValues({ images: ["javascript:alert(1)"] })).images).toBeTruthy();
  });

  it("a valid record parses to typed values (comma decimals)", () => {
    const result = validateAll(validValues());
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.data.price).toBe(450000);
      expect(result.data.area).toBe(120.5);
      expect(result.data.bedrooms).toBe(3);
      expect(result.data.construction_year).toBeNull();
    }
  });
});

describe("tab flow", () => {
  it("Próximo validates the current tab and advances only when valid", () => {
    const blocked = reduceEditor(stateWith(defaultValues()), { kind: "next" });
    expect(blocked.tab).toBe("basics");
    expect(blocked.errors.title).toBe(MSG.title);
    const moved = reduceEditor(stateWith(validValues()), { kind: "next" });
    expect(moved.tab).toBe("location");
    expect(moved.errors).toEqual({});
  });

  it("Anterior goes back without validating", () => {
    const back = reduceEditor(stateWith(defaultValues(), "values"), { kind: "prev" });
    expect(back.tab).toBe("features");
    expect(back.errors).toEqual({});
  });

  it("a sidebar jump validates earlier tabs in order and stops at the first invalid one", () => {
    const s = reduceEditor(stateWith(validValues({ city: "", area: "0" })), { kind: "goto", tab: "images" });
    expect(s.tab).toBe("location");
    expect(s.errors).toEqual({ city: MSG.city });
    const ok = reduceEditor(stateWith(validValues()), { kind: "goto", tab: "description" });
    expect(ok.tab).toBe("description");
  });

  it("submit validates all, jumps to the first tab in error and shows its message", () => {
    const s = reduceEditor(stateWith(validValues({ description: "", images: [] }), "basics"), { kind: "save" });
    expect(s.tab).toBe("description");
    expect(s.banner?.text).toBe(MSG.description);
    expect(s.errors.images).toBe(MSG.images);
    expect(tabsWithErrors(s)).toEqual(["description", "images"]);
  });

  it("after loading an existing property every tab counts as visited (dots on invalid ones)", () => {
    const loaded = initialState(validValues({ description: "" }), { allVisited: true });
    expect(tabsWithErrors(loaded)).toEqual(["description"]);
    expect(tabsWithErrors(initialState(defaultValues()))).toEqual([]);
  });
});

describe("lists, photos and options", () => {
  it("adds trimmed, non-empty, non-duplicate items", () => {
    expect(addListItem([], "  Piscina ")).toEqual(["Piscina"]);
    expect(addListItem(["Piscina"], "piscina")).toEqual(["Piscina"]);
    expect(addListItem(["Piscina"], "   ")).toEqual(["Piscina"]);
  });

  it("shows the first 6 suggestions not yet chosen", () => {
    expect(visibleSuggestions(SUGGESTED_AMENITIES, ["Piscina", "Sauna"])).toEqual(["Academia", "Churrasqueira", "Playground", "Salão de Festas", "Quadra Poliesportiva", "Jardim"]);
  });

  it("keeps text left in an add box (added on the next action)", () => {
    const s = stateWith(validValues());
    s.drafts.new_amenities = "Lareira";
    const next = reduceEditor(s, { kind: "next" });
    expect(next.values.amenities).toEqual(["Lareira"]);
    expect(next.drafts.new_amenities).toBe("");
  });

  it("reorders and removes photos", () => {
    const s = stateWith(validValues({ images: ["/uploads/a.jpg", "/uploads/b.jpg", "/uploads/c.jpg"] }));
    expect(reduceEditor(s, parseIntent("move-image-up:2")).values.images).toEqual(["/uploads/a.jpg", "/uploads/c.jpg", "/uploads/b.jpg"]);
    expect(reduceEditor(s, parseIntent("move-image-up:0")).values.images).toEqual(s.values.images);
    expect(reduceEditor(s, parseIntent("remove-image:1")).values.images).toEqual(["/uploads/a.jpg", "/uploads/c.jpg"]);
  });

  it("options: need area, bedrooms and bathrooms; at most 2", () => {
    let s = stateWith(validValues());
    s.drafts = { ...s.drafts, opt_area: "80", opt_bedrooms: "2", opt_bathrooms: "0" };
    const nothing = reduceEditor(s, { kind: "add-option" });
    expect(nothing.values.options).toEqual([]);
    expect(nothing.optionsNotice).toBeNull();
    for (let i = 0; i < 2; i++) {
      s.drafts = { ...s.drafts, opt_area: "80", opt_bedrooms: "2", opt_bathrooms: "1" };
      s = reduceEditor(s, { kind: "add-option" });
    }
    expect(s.values.options).toHaveLength(2);
    s.drafts = { ...s.drafts, opt_area: "90", opt_bedrooms: "3", opt_bathrooms: "2" };
    const full = reduceEditor(s, { kind: "add-option" });
    expect(full.values.options).toHaveLength(2);
    expect(full.optionsNotice?.text).toBe("Só é possível cadastrar até 2 opções para o imóvel.");
  });

  it("reads a posted form back, keeping bad numbers as typed", () => {
    const fd = new FormData();
    fd.set("title", "Casa");
    fd.set("area", "abc");
    fd.append("amenities", "Piscina");
    fd.append("options", JSON.stringify({ id: "x", area: 50, bedrooms: 1, bathrooms: 1, suites: null }));
    fd.append("options", "{not json");
    fd.set("tab", "nope");
    const s = readEditorForm(fd);
    expect(s.values.area).toBe("abc");
    expect(s.values.amenities).toEqual(["Piscina"]);
    expect(s.values.options).toHaveLength(1);
    expect(s.tab).toBe("basics");
  });

  it("parses intents defensively", () => {
    expect(parseIntent("goto:images")).toEqual({ kind: "goto", tab: "images" });
    expect(parseIntent("goto:../../etc")).toEqual({ kind: "refresh" });
    expect(parseIntent("remove-item:amenities:2")).toEqual({ kind: "remove-item", list: "amenities", index: 2 });
    expect(parseIntent("suggest:nearby_amenities:Ponto de Ônibus")).toEqual({ kind: "suggest", list: "nearby_amenities", value: "Ponto de Ônibus" });
    expect(parseIntent(null)).toEqual({ kind: "refresh" });
  });
});

describe("clearFixedErrors (issue 7 item 9)", () => {
  it("drops a field's error as soon as its value is valid, and keeps the others", () => {
    const s = reduceEditor(initialState(validValues({ title: "", address: "" })), parseIntent("save"));
    expect(s.errors.title).toBe(MSG.title);
    const fixed = clearFixedErrors({ ...s, values: { ...s.values, title: "Casa nova" } });
    expect(fixed.errors.title).toBeUndefined();
    expect(fixed.errors.address).toBe(MSG.address);
    const still = clearFixedErrors({ ...s, values: { ...s.values, title: "   " } });
    expect(still.errors.title).toBe(MSG.title);
  });
});
