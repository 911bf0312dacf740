import { beforeAll, describe, expect, it } from "vitest";
import type { NewProperty } from "#db/schema";
import { db } from "~/modules/platform/db.server";
import { buildProperty } from "~/modules/platform/seed.server";
import { propertySlug } from "~/utils/slug";
import { loader as catalogueLoader } from "~/routes/public/catalogue";
import { loader as propertyLoader } from "~/routes/public/property";
import { getRequest, routeArgs } from "../../helpers/requests";
import { run } from "../../helpers/responses";

/**
 * The public-site issue's catalogue items (rent prices in the rental
 * context, /buscar order and type, prices with cents, invalid numeric
 * filters), through the catalogue route's loader on a real migrated database.
 */
let seq = 0;
const random = () => ((seq = (seq * 9301 + 49297) % 233280) / 233280);
let day = 0;

async function insert(overrides: Partial<NewProperty>): Promise<number> {
  day += 1;
  const created = new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString();
  const row = buildProperty(random, day, { status: "available", featured: 0, created_at: created, updated_at: created, city: "Santos", neighborhood: "Gonzaga", ...overrides });
  const { id } = await db().insertInto("properties").values(row).returning("id").executeTakeFirstOrThrow();
  await db().updateTable("properties").set({ slug: propertySlug(row.title, id) }).where("id", "=", id).execute();
  return id;
}

const catalogue = (url: string, params: Record<string, string> = {}) => run(() => catalogueLoader(routeArgs(getRequest(url), params)));
const idsOf = (r: Awaited<ReturnType<typeof catalogue>>) => r.value!.result.items.map((i) => i.id);

const ids: Record<string, number> = {};

beforeAll(async () => {
  // Oldest first: created_at grows with each insert.
  ids.featuredOld = await insert({ title: "Casa destaque antiga", type: "pronto", property_type: "Casa", purpose: "sale", price: 700000, rent_price: 0, rental: 0, featured: 1 });
  ids.rentHome = await insert({ title: "Apartamento para alugar", type: "rent", property_type: "Apartamento", purpose: "rent", price: 0, rent_price: 3200, rental: 0 });
  ids.saleAndRent = await insert({ title: "Casa venda e aluguel", type: "rent", property_type: "Casa", purpose: "both", price: 900000, rent_price: 5860, rental: 0 });
  ids.commercialBoth = await insert({ title: "Sala comercial venda e aluguel", type: "imobiliario", property_type: "Sala Comercial", purpose: "both", price: 400000, rent_price: 8000, rental: 0 });
  ids.cents = await insert({ title: "Apartamento com centavos", type: "pronto", property_type: "Apartamento", purpose: "sale", price: 350000.5, rent_price: 0, rental: 0 });
  ids.newest = await insert({ title: "Casa nova sem destaque", type: "pronto", property_type: "Casa", purpose: "sale", price: 600000, rent_price: 0, rental: 0 });
});

describe("/buscar (issue item 9)", () => {
  it("lists featured first, then newest", async () => {
    const r = await catalogue("/buscar");
    const order = idsOf(r);
    expect(order[0]).toBe(ids.featuredOld);
    expect(order.slice(1)).toEqual([ids.newest, ids.cents, ids.commercialBoth, ids.saleAndRent, ids.rentHome]);
  });

  it("still lets the visitor choose newest first", async () => {
    const r = await catalogue("/buscar?sort=recent");
    expect(r.response).toBeUndefined();
    expect(idsOf(r)[0]).toBe(ids.newest);
  });

  it("propertyType=rent matches the rent category (type Aluguel), not every listing with a rent price", async () => {
    const r = await catalogue("/buscar?propertyType=rent");
    expect(idsOf(r).sort((a, b) => a - b)).toEqual([ids.rentHome, ids.saleAndRent].sort((a, b) => a - b));
    const all = await catalogue("/imoveis?propertyType=rent");
    expect(all.value!.result.total).toBe(2);
  });

  it("/alugar keeps the rental rule: any listing that can be rented", async () => {
    const r = await catalogue("/alugar");
    expect(idsOf(r).sort((a, b) => a - b)).toEqual([ids.rentHome, ids.saleAndRent, ids.commercialBoth].sort((a, b) => a - b));
  });
});

describe("rentals priced by their rent (issue item 3)", () => {
  it("/alugar shows the rent of a 'Venda e Aluguel' listing, with '/mês'", async () => {
    const r = await catalogue("/alugar");
    const price = new Map(r.value!.result.items.map((i) => [i.id, i.price]));
    expect(price.get(ids.saleAndRent)).toEqual({ main: "R$ 5.860", suffix: "/mês" });
    expect(price.get(ids.commercialBoth)).toEqual({ main: "R$ 8.000", suffix: "/mês" });
    expect(price.get(ids.rentHome)).toEqual({ main: "R$ 3.200", suffix: "/mês" });
  });

  it("filters by the rent: 'Máximo 7.000' finds rent R$ 5.860 whatever the sale price", async () => {
    for (const [url, params] of [
      ["/alugar?maxPrice=7000", {}],
      ["/categoria/aluguel?maxPrice=7000", { type: "aluguel" }],
      ["/imoveis?propertyType=rent&maxPrice=7000", {}],
    ] as const) {
      const r = await catalogue(url, params);
      expect(r.response, url).toBeUndefined();
      expect(idsOf(r).sort((a, b) => a - b), url).toEqual([ids.rentHome, ids.saleAndRent].sort((a, b) => a - b));
    }
    const min = await catalogue("/alugar?minPrice=5000");
    expect(idsOf(min).sort((a, b) => a - b)).toEqual([ids.saleAndRent, ids.commercialBoth].sort((a, b) => a - b));
  });

  it("sorts by the rent both ways", async () => {
    const asc = await catalogue("/categoria/aluguel?sort=price_asc", { type: "aluguel" });
    expect(idsOf(asc)).toEqual([ids.rentHome, ids.saleAndRent, ids.commercialBoth]);
    const desc = await catalogue("/alugar?sort=price_desc");
    expect(idsOf(desc)).toEqual([ids.commercialBoth, ids.saleAndRent, ids.rentHome]);
  });

  it("outside the rental context keeps the sale price for display, filter and sort", async () => {
    const all = await catalogue("/imoveis");
    const price = new Map(all.value!.result.items.map((i) => [i.id, i.price]));
    expect(price.get(ids.saleAndRent)).toEqual({ main: "R$ 900.000", suffix: null });
    const cheap = await catalogue("/imoveis?maxPrice=7000");
    expect(idsOf(cheap)).toEqual([ids.rentHome]);
  });
});

describe("prices with cents (issue item 12)", () => {
  it("shows the cents that are stored, and whole prices without them", async () => {
    const r = await catalogue("/imoveis");
    const price = new Map(r.value!.result.items.map((i) => [i.id, i.price]));
    expect(price.get(ids.cents)).toEqual({ main: "R$ 350.000,50", suffix: null });
    expect(price.get(ids.newest)).toEqual({ main: "R$ 600.000", suffix: null });
    const page = await run(() => propertyLoader(routeArgs(getRequest(`/imovel/${ids.cents}`), { slugOrId: String(ids.cents) })));
    expect(page.value?.property.price.main).toBe("R$ 350.000,50");
  });

  it("a rent or a monthly cost with cents keeps them too", async () => {
    const id = await insert({ title: "Kitnet com centavos", type: "rent", property_type: "Apartamento", purpose: "rent", price: 0, rent_price: 1250.9, condo_fee: 310.25, iptu: 0, rental: 1 });
    const r = await catalogue("/alugar?maxPrice=1250.9");
    expect(r.value!.result.items.find((i) => i.id === id)?.price).toEqual({ main: "R$ 1.250,90", suffix: "/mês" });
    const page = await run(() => propertyLoader(routeArgs(getRequest(`/imovel/${id}`), { slugOrId: String(id) })));
    expect(JSON.stringify(page.value?.property)).toContain("R$ 310,25");
    await db().deleteFrom("properties").where("id", "=", id).execute();
  });

  it("filters compare with the exact stored value", async () => {
    const below = await catalogue("/imoveis?maxPrice=350000");
    expect(idsOf(below)).not.toContain(ids.cents);
    const typed = await catalogue("/imoveis?maxPrice=350.000%2C50");
    expect(typed.response?.headers.get("Location")).toBe("/imoveis?maxPrice=350000.5");
    const exact = await catalogue("/imoveis?maxPrice=350000.5");
    expect(idsOf(exact)).toContain(ids.cents);
    const min = await catalogue("/imoveis?minPrice=350000.51");
    expect(idsOf(min)).not.toContain(ids.cents);
  });
});
