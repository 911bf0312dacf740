import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import type { NewProperty } from "#db/schema";
import { CatalogueFilterForm } from "~/components/catalogue/catalogue-filters";
import { db } from "~/modules/platform/db.server";
import { buildProperty } from "~/modules/platform/seed.server";
import { loader as catalogueLoader } from "~/routes/public/catalogue";
import { getRequest, routeArgs } from "../../helpers/requests";
import { run } from "../../helpers/responses";

/**
 * Issue item 15 (first half): a number filter that is not a valid number is
 * ignored on its own, with a pt-BR message beside its field in the
 * server-rendered page (so it works without JavaScript); the page still
 * answers 200 with results.
 */
async function insert(overrides: Partial<NewProperty>): Promise<number> {
  const created = new Date().toISOString();
  let seq = 1;
  const row = buildProperty(() => ((seq = (seq * 9301 + 49297) % 233280) / 233280), 1, { status: "available", featured: 0, created_at: created, updated_at: created, ...overrides });
  const { id } = await db().insertInto("properties").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

const catalogue = (url: string) => run(() => catalogueLoader(routeArgs(getRequest(url))));

/** The filter form as the server renders it for the loader's data. */
function formHtml(data: NonNullable<Awaited<ReturnType<typeof catalogue>>["value"]>): string {
  const Stub = createRoutesStub([
    { path: "/imoveis", Component: () => <CatalogueFilterForm action="/imoveis" filters={data.filters} cities={data.cities} neighborhoods={data.neighborhoods} showType /> },
  ]);
  return renderToString(<Stub initialEntries={["/imoveis"]} />);
}

const ids: Record<string, number> = {};
beforeAll(async () => {
  ids.small = await insert({ title: "Apartamento pequeno", city: "Santos", neighborhood: "Gonzaga", type: "pronto", property_type: "Apartamento", purpose: "sale", price: 300000, rent_price: 0, rental: 0, area: 40, bedrooms: 1 });
  ids.big = await insert({ title: "Casa grande", city: "Santos", neighborhood: "Gonzaga", type: "pronto", property_type: "Casa", purpose: "sale", price: 900000, rent_price: 0, rental: 0, area: 250, bedrooms: 4 });
});

describe("invalid number filters", () => {
  it("says what is wrong beside each field and ignores only that filter", async () => {
    const r = await catalogue("/imoveis?minPrice=-5&maxPrice=1e5&minArea=abc&maxArea=100");
    expect(r.response, "no redirect: the page answers as asked").toBeUndefined();
    expect(r.thrown).toBeUndefined();
    const data = r.value!;
    expect(data.filters.invalid).toEqual({
      minPrice: { value: "-5", message: "Informe um valor maior ou igual a zero" },
      maxPrice: { value: "1e5", message: "Informe um número válido" },
      minArea: { value: "abc", message: "Informe um número válido" },
    });
    // the valid filter (maxArea 100) still applies; the bad ones do not
    expect(data.result.items.map((i) => i.id)).toEqual([ids.small]);
  });

  it("renders the messages on the server, tied to their fields with aria-invalid and aria-describedby", async () => {
    const r = await catalogue("/imoveis?minPrice=-5&maxPrice=1e5&minArea=abc&bedrooms=muitos");
    const html = formHtml(r.value!);
    for (const [name, typed, message] of [
      ["minPrice", "-5", "Informe um valor maior ou igual a zero"],
      ["maxPrice", "1e5", "Informe um número válido"],
      ["minArea", "abc", "Informe um número válido"],
    ] as const) {
      const input = new RegExp(`<input[^>]*id="f-${name}"[^>]*>`).exec(html)?.[0] ?? "";
      expect(input, name).toContain('aria-invalid="true"');
      expect(input, name).toContain(`aria-describedby="f-${name}-error"`);
      expect(input, name).toContain(`value="${typed}"`);
      expect(html).toMatch(new RegExp(`<p id="f-${name}-error"[^>]*>${message}</p>`));
    }
    const select = /<select[^>]*id="f-bedrooms"[^>]*>/.exec(html)?.[0] ?? "";
    expect(select).toContain('aria-invalid="true"');
    expect(select).toContain('aria-describedby="f-bedrooms-error"');
    expect(html).toMatch(/<p id="f-bedrooms-error"[^>]*>Informe um número válido<\/p>/);
    // a valid field is not marked
    expect(/<input[^>]*id="f-maxArea"[^>]*>/.exec(html)?.[0]).not.toContain("aria-invalid");
    expect(r.value!.result.total).toBe(2);
  });

  it("bedrooms: negative and fractional values get their own message", async () => {
    const neg = await catalogue("/imoveis?bedrooms=-2");
    expect(neg.value!.filters.invalid.bedrooms).toEqual({ value: "-2", message: "Informe um valor maior ou igual a zero" });
    const half = await catalogue("/imoveis?bedrooms=2.5");
    expect(half.value!.filters.invalid.bedrooms).toEqual({ value: "2.5", message: "Informe um número inteiro de quartos" });
    expect(half.value!.result.total).toBe(2);
  });

  it("valid numbers still work and are cleaned up as before", async () => {
    const r = await catalogue("/imoveis?minPrice=500.000&bedrooms=3");
    expect(r.response?.headers.get("Location")).toBe("/imoveis?minPrice=500000&bedrooms=3");
    const ok = await catalogue("/imoveis?minPrice=500000&bedrooms=3");
    expect(ok.value!.filters.invalid).toEqual({});
    expect(ok.value!.result.items.map((i) => i.id)).toEqual([ids.big]);
    expect(formHtml(ok.value!)).not.toContain("aria-invalid");
  });
});
