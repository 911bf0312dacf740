import { describe, expect, it } from "vitest";
import {
  applyChangeRules,
  catalogueQuery,
  EMPTY_FILTERS,
  filtersFromSubmission,
  formatFilterNumber,
  parseCatalogueParams,
  parseFilterNumber,
} from "./params";
import { isRental, monthlyCosts, priceDisplay } from "~/modules/properties/vocabulary";

const parse = (q: string) => parseCatalogueParams(new URLSearchParams(q));

describe("parseFilterNumber", () => {
  it("accepts comma and dot decimals and Brazilian thousands", () => {
    expect(parseFilterNumber("75,5")).toBe(75.5);
    expect(parseFilterNumber("75.5")).toBe(75.5);
    expect(parseFilterNumber("500.000")).toBe(500000);
    expect(parseFilterNumber("1.500.000,50")).toBe(1500000.5);
    expect(parseFilterNumber(" R$ 300000 ")).toBe(300000);
  });
  it("drops negatives, text and absurd values", () => {
    for (const bad of ["-10", "abc", "10abc", "1e400", "", "  ", "1,2,3", "\"' OR 1=1 --", "99999999999999"]) expect(parseFilterNumber(bad)).toBeNull();
  });
  it("round-trips through the pt-BR display format", () => {
    for (const n of [0, 75.5, 500000, 1500000.5]) expect(parseFilterNumber(formatFilterNumber(n))).toBe(n);
  });
});

describe("parseCatalogueParams", () => {
  it("reads every parameter", () => {
    const f = parse("searchTerm=casa&minPrice=100.000&maxPrice=900000&minArea=50&maxArea=200&bedrooms=3&propertyType=rent&city=Campinas&neighborhood=Cambu%C3%AD&sort=price_desc&page=3&ref=0e4b8c1e-6f35-4a3c-9a51-2a8f0d1b9c77");
    expect(f).toEqual({
      searchTerm: "casa",
      minPrice: 100000,
      maxPrice: 900000,
      minArea: 50,
      maxArea: 200,
      bedrooms: 3,
      propertyType: "rent",
      city: "Campinas",
      neighborhood: "Cambuí",
      sort: "price_desc",
      page: 3,
      ref: "0e4b8c1e-6f35-4a3c-9a51-2a8f0d1b9c77",
      invalid: {},
    });
  });
  it("falls back to defaults on bad input and never throws; bad numbers are kept as typed with a message", () => {
    const f = parse("minPrice=-5&maxPrice=abc&bedrooms=muitos&propertyType=castelo&sort=random&page=-1&ref=nope");
    expect(f).toEqual({
      ...EMPTY_FILTERS,
      invalid: {
        minPrice: { value: "-5", message: "Informe um valor maior ou igual a zero" },
        maxPrice: { value: "abc", message: "Informe um número válido" },
        bedrooms: { value: "muitos", message: "Informe um número válido" },
      },
    });
    expect(catalogueQuery(f)).toBe("?minPrice=-5&maxPrice=abc&bedrooms=muitos");
  });
  it("says why a number filter is ignored", () => {
    expect(parse("minArea=1e5").invalid.minArea?.message).toBe("Informe um número válido");
    expect(parse("maxPrice=99999999999999").invalid.maxPrice?.message).toBe("Informe um valor de no máximo 1.000.000.000.000");
    expect(parse("bedrooms=1,5").invalid.bedrooms?.message).toBe("Informe um número inteiro de quartos");
    expect(parse("minPrice=&maxArea=%20").invalid).toEqual({});
  });
  it("bounds huge page numbers and bedrooms", () => {
    expect(parse("page=99999999").page).toBe(100000);
    expect(parse("page=1e9").page).toBe(1);
    expect(parse("bedrooms=4%2B").bedrooms).toBe(4);
    expect(parse("bedrooms=5").bedrooms).toBe(5);
  });
  it("keeps injection and FTS syntax as plain text, bounded", () => {
    expect(parse(`searchTerm=${encodeURIComponent(`"' OR 1=1 --`)}`).searchTerm).toBe(`"' OR 1=1 --`);
    expect(parse(`searchTerm=${"a".repeat(500)}`).searchTerm).toHaveLength(100);
  });
  it("reads q when searchTerm is absent", () => {
    expect(parse("q=moema").searchTerm).toBe("moema");
  });
});

describe("change rules", () => {
  it("fixes min area above max by moving the untouched bound", () => {
    const f = { ...EMPTY_FILTERS, minArea: 300, maxArea: 100 };
    expect(applyChangeRules(f, null)).toMatchObject({ minArea: 300, maxArea: 300 });
    expect(applyChangeRules(f, { city: "", minArea: 300, maxArea: 400 })).toMatchObject({ minArea: 100, maxArea: 100 });
    expect(applyChangeRules(f, { city: "", minArea: 50, maxArea: 100 })).toMatchObject({ minArea: 300, maxArea: 300 });
  });
  it("clears the neighbourhood when the city changes or is empty", () => {
    const f = { ...EMPTY_FILTERS, city: "Santos", neighborhood: "Gonzaga" };
    expect(applyChangeRules(f, { city: "Campinas", minArea: null, maxArea: null }).neighborhood).toBe("");
    expect(applyChangeRules(f, { city: "santos", minArea: null, maxArea: null }).neighborhood).toBe("Gonzaga");
    expect(applyChangeRules({ ...f, city: "" }, null).neighborhood).toBe("");
  });
  it("a submitted form resets the page and drops helper fields from the canonical URL", () => {
    const f = filtersFromSubmission(new URLSearchParams("searchTerm=&city=Santos&prevCity=Campinas&neighborhood=Gonzaga&minArea=&prevMinArea=&prevMaxArea="));
    expect(catalogueQuery(f)).toBe("?city=Santos");
  });
});



describe("rent detection and prices", () => {
  it("detects rentals by flag, purpose or rent price", () => {
    expect(isRental({ rental: 1, purpose: "sale", rent_price: 0 })).toBe(true);
    expect(isRental({ rental: 0, purpose: "rent", rent_price: 0 })).toBe(true);
    expect(isRental({ rental: 0, purpose: "sale", rent_price: 1200 })).toBe(true);
    expect(isRental({ rental: 0, purpose: "sale", rent_price: 0 })).toBe(false);
  });
  it("shows the rent per month with condo fee and IPTU only when above 0", () => {
    expect(priceDisplay({ price: 0, rent_price: 3500, purpose: "rent", rental: 1 })).toEqual({ main: "R$ 3.500", suffix: "/mês" });
    expect(priceDisplay({ price: 450000, rent_price: 0, purpose: "sale", rental: 0 })).toEqual({ main: "R$ 450.000", suffix: null });
    expect(monthlyCosts({ condo_fee: 600, iptu: 0 })).toEqual([{ label: "Condomínio", value: "R$ 600" }]);
  });
});
