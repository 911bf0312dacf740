import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { loadPropertyPage } from "~/modules/catalogue/property-page.server";
import { MSG } from "~/modules/properties/editor/state";
import { publicAddress, ufOfPostalCode, maskPostalCode } from "~/modules/properties/address";
import { action as adminEditorAction, loader as adminEditorLoader } from "~/routes/admin/properties/editor";
import { action as brokerEditorAction } from "~/routes/broker/properties/editor";
import { getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { makeAdmin, makeBroker, makeProperty } from "../../helpers/factories";
import { VALID_FIELDS, answerOf, countProperties, jpeg, multipart } from "./editor-helpers";

/**
 * Issue 24, 'Portals need an address': CEP (mask and check), number,
 * complement and state (SP by default) in both editors, stored, and what the
 * public page shows of it as the agency chose.
 */
let cookie = "";
beforeAll(async () => {
  cookie = await sessionCookie((await makeAdmin()).id);
});

/** Create mode with one uploaded photo, then Cadastrar with `fields`. */
async function createWith(fields: Record<string, string>, route: { action: typeof adminEditorAction; path: string; cookie: string } = { action: adminEditorAction, path: "/admin/imoveis/novo", cookie }) {
  const up = await answerOf(() => route.action(routeArgs(multipart(route.path, { ...VALID_FIELDS, intent: "upload-images" }, { cookie: route.cookie, files: [{ name: "photos", blob: new Blob([]), filename: "" }] }))));
  expect(up.form.fieldErrors.photos).toBe("Selecione ao menos uma imagem para enviar.");
  const photo = await answerOf(async () => route.action(routeArgs(multipart(route.path, { ...VALID_FIELDS, intent: "upload-images" }, { cookie: route.cookie, files: [{ name: "photos", blob: await jpeg(), filename: "sala.jpg" }] }))));
  expect(photo.status).toBe(200);
  const saved = await answerOf(() =>
    route.action(routeArgs(multipart(route.path, { ...VALID_FIELDS, ...fields, images: photo.state.values.images, draftFolder: photo.state.draftFolder, intent: "save" }, { cookie: route.cookie }))),
  );
  expect(saved.status, JSON.stringify(saved.form)).toBe(302);
  return db().selectFrom("properties").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
}

describe("the address in the editor", () => {
  it("stores a CEP typed with or without its mask as 00000-000, with number, complement, state and the display choice", async () => {
    const row = await createWith({ postal_code: "18047000", street_number: "45", complement: "Casa 2", state: "SP", address_display: "street" });
    expect(row).toMatchObject({ postal_code: "18047-000", street_number: "45", complement: "Casa 2", state: "SP", address_display: "street", address: "Rua das Palmeiras" });
    const dotted = await createWith({ postal_code: " 18.047-000 ", street_number: "", complement: "", state: "sp", address_display: "all" });
    expect(dotted).toMatchObject({ postal_code: "18047-000", street_number: null, complement: null, state: "SP", address_display: "all" });
    // the editor shows what is stored
    const page = await adminEditorLoader(routeArgs(getRequest(`/admin/imoveis/${row.id}/editar`, { cookie }), { id: String(row.id) }));
    expect(page.view.initial.values).toMatchObject({ postal_code: "18047-000", street_number: "45", complement: "Casa 2", state: "SP", address_display: "street" });
  });

  it("a new property starts in SP, showing only the neighbourhood and city; a post without them gets the same", async () => {
    const page = await adminEditorLoader(routeArgs(getRequest("/admin/imoveis/novo", { cookie })));
    expect(page.view.initial.values).toMatchObject({ state: "SP", address_display: "neighborhood", postal_code: "" });
    const { state: _s, address_display: _d, ...withoutThem } = VALID_FIELDS;
    const row = await createWith({ ...withoutThem, state: "", address_display: "" });
    expect(row).toMatchObject({ state: "SP", address_display: "neighborhood" });
  });

  it("the broker's editor has the same fields", async () => {
    const broker = await makeBroker();
    const brokerCookie = await sessionCookie(broker.userId);
    const row = await createWith({ postal_code: "13010-111", state: "SP", city: "Campinas", street_number: "S/N" }, { action: brokerEditorAction, path: "/broker/properties/novo", cookie: brokerCookie });
    expect(row).toMatchObject({ postal_code: "13010-111", street_number: "S/N", broker_id: broker.brokerId });
  });

  it("refuses bad address input with pt-BR messages beside the fields, gives back what was typed and saves nothing", async () => {
    const before = await countProperties();
    const images = ["/uploads/imoveis/rascunho-0123456789abcdef/x.jpg"];
    const draftFolder = "imoveis/rascunho-0123456789abcdef";
    // what the form reader keeps of a field at most (editor/form-data.ts): a hostile post cannot balloon the page
    const READ_BOUND: Record<string, number> = { street_number: 200, complement: 500 };
    const cases: [string, string, string][] = [
      ["postal_code", "1234", MSG.postalCode],
      ["postal_code", "00000-00a", MSG.postalCode],
      ["postal_code", "0131-01000", MSG.postalCode],
      ["postal_code", "00000-000", MSG.postalCodeUnknown],
      ["postal_code", "20040-002", "O CEP 20040-002 não é de São Paulo (SP): confira o CEP ou o estado"],
      ["postal_code", "'; DROP TABLE properties; --", MSG.postalCode],
      ["postal_code", "<script>alert(1)</script>", MSG.postalCode],
      ["postal_code", "9".repeat(5_000), MSG.postalCode],
      ["state", "XX", MSG.state],
      ["state", "' OR 1=1 --", MSG.state],
      ["street_number", "12345678901", "O número deve ter no máximo 10 caracteres"],
      ["complement", "x".repeat(51), "O complemento deve ter no máximo 50 caracteres"],
      ["address_display", "tudo", MSG.addressDisplay],
    ];
    for (const [field, typed, message] of cases) {
      const r = await answerOf(() => adminEditorAction(routeArgs(multipart("/admin/imoveis/novo", { ...VALID_FIELDS, [field]: typed, images, draftFolder, intent: "save" }, { cookie }))));
      expect(r.status, `${field}=${typed.slice(0, 30)}`).toBe(400);
      expect(r.form.fieldErrors[field], field).toBe(message);
      expect(r.form.formErrors, field).toEqual([message]); // the banner
      // typed back (cut at the reader's bound), and the rest of the form with it
      expect(String(r.form.values[field]), field).toBe(typed.slice(0, READ_BOUND[field] ?? 40));
      expect(r.form.values.title).toBe(VALID_FIELDS.title);
      expect(r.form.values.description).toBe(VALID_FIELDS.description);
      expect(r.state.tab).toBe("location");
      expect(r.state.banner).toEqual({ tone: "danger", title: "Localização", text: message });
    }
    expect(await countProperties()).toBe(before);
  });

  it("Próximo without JavaScript stops on the location tab with the CEP's message, keeping what was typed", async () => {
    const r = await answerOf(() => adminEditorAction(routeArgs(multipart("/admin/imoveis/novo", { ...VALID_FIELDS, postal_code: "1234", tab: "location", visited: ["basics", "location"], intent: "next" }, { cookie }))));
    expect(r.status).toBe(400);
    expect(r.form.fieldErrors).toEqual({ postal_code: MSG.postalCode });
    expect(r.form.formErrors).toEqual([]);
    expect(r.form.values).toMatchObject({ postal_code: "1234", city: "Sorocaba", tab: "location" });
    expect(r.state.tab).toBe("location");
    expect(r.state.banner).toBeNull();
    const ok = await answerOf(() => adminEditorAction(routeArgs(multipart("/admin/imoveis/novo", { ...VALID_FIELDS, tab: "location", visited: ["basics", "location"], intent: "next" }, { cookie }))));
    expect(ok.status).toBe(200);
    expect(ok.state.tab).toBe("features");
    expect(ok.form.fieldErrors).toEqual({});
  });
});

describe("the CEP rules", () => {
  it("knows each state's range, on both sides of a boundary", () => {
    expect(ufOfPostalCode("01000-000")).toBe("SP");
    expect(ufOfPostalCode("00999-999")).toBeNull();
    expect(ufOfPostalCode("19999-999")).toBe("SP");
    expect(ufOfPostalCode("20000-000")).toBe("RJ");
    expect(ufOfPostalCode("69299-999")).toBe("AM");
    expect(ufOfPostalCode("69300-000")).toBe("RR");
    expect(ufOfPostalCode("69400-000")).toBe("AM");
    expect(ufOfPostalCode("72799-999")).toBe("DF");
    expect(ufOfPostalCode("72800-000")).toBe("GO");
    expect(ufOfPostalCode("99999-999")).toBe("RS");
    expect(ufOfPostalCode("1234")).toBeNull();
  });

  it("masks while typing: digits only, a hyphen after the fifth, eight at most", () => {
    expect(maskPostalCode("0131")).toBe("0131");
    expect(maskPostalCode("01310")).toBe("01310");
    expect(maskPostalCode("013101")).toBe("01310-1");
    expect(maskPostalCode("01.310-100999")).toBe("01310-100");
    expect(maskPostalCode("abc")).toBe("");
  });
});

describe("the address on the public page", () => {
  const parts = { address: "Rua das Palmeiras", street_number: "45", complement: "Casa 2", neighborhood: "Jardim Europa", city: "Sorocaba", state: "SP", postal_code: "18047000" };

  it("shows only what the agency chose: neighbourhood and city by default, never the complement", async () => {
    expect(publicAddress({ ...parts, address_display: "neighborhood" }).line).toBe("Jardim Europa, Sorocaba - SP");
    expect(publicAddress({ ...parts, address_display: "street" }).line).toBe("Rua das Palmeiras, Jardim Europa, Sorocaba - SP");
    expect(publicAddress({ ...parts, address_display: "all" }).line).toBe("Rua das Palmeiras, 45, Jardim Europa, Sorocaba - SP, CEP 18047-000");

    const hidden = await makeProperty({ ...parts, status: "available" });
    const page = await loadPropertyPage({ slugOrId: String(hidden.id), ref: null });
    expect(page.property.addressLine).toBe("Jardim Europa, Sorocaba - SP");
    const json = JSON.stringify(page);
    for (const secret of ["Palmeiras", "Casa 2", "18047"]) expect(json).not.toContain(secret);

    const shown = await makeProperty({ ...parts, address_display: "all", status: "available" });
    const full = await loadPropertyPage({ slugOrId: String(shown.id), ref: null });
    expect(full.property.addressLine).toBe("Rua das Palmeiras, 45, Jardim Europa, Sorocaba - SP, CEP 18047-000");
    expect(full.seo.jsonLd.contentLocation.address).toMatchObject({ streetAddress: "Rua das Palmeiras, 45", postalCode: "18047-000", addressLocality: "Sorocaba" });
    expect(JSON.stringify(full)).not.toContain("Casa 2");
  });
});
