import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { catalogueMemo } from "~/modules/catalogue/version.server";
import { EMPTY_FILTERS, type CatalogueFilters } from "~/modules/catalogue/params";
import { resolveCatalogueFilters, searchCatalogue } from "~/modules/catalogue/search.server";
import { searchCatalogueMap } from "~/modules/catalogue/map.server";
import { db } from "~/modules/platform/db.server";
import { makeProperty } from "../../helpers/factories";

/**
 * The catalogue keeps its counts until the catalogue changes (version.server.ts's
 * catalogueMemo): every write to properties, by the app or by hand, must show in
 * the next count, and nothing else may be answered from another query's count.
 */
async function page(f: Partial<CatalogueFilters>) {
  const filters = { ...EMPTY_FILTERS, ...f };
  const resolved = await resolveCatalogueFilters(filters, null);
  return searchCatalogue(resolved, filters.page, filters.sort);
}
const total = async (f: Partial<CatalogueFilters>) => (await page(f)).total;
const shown = async (f: Partial<CatalogueFilters>) => (await page(f)).items.map((i) => i.id);

describe("catalogue counts kept until the catalogue changes", () => {
  it("a listing added, sold, renamed or deleted shows in the very next count, whatever the filter", async () => {
    const before = { all: await total({}), text: await total({ searchTerm: "Cobertura Girassol" }), city: await total({ city: "Ubatuba" }) };
    expect(before.text).toBe(0);

    const { id } = await makeProperty({ title: "Cobertura Girassol", city: "Ubatuba", status: "available", price: 900_000 });
    expect(await total({})).toBe(before.all + 1);
    expect(await total({ searchTerm: "Cobertura Girassol" })).toBe(1);
    expect(await total({ city: "Ubatuba" })).toBe(before.city + 1);

    await db().updateTable("properties").set({ title: "Cobertura Hortênsia" }).where("id", "=", id).execute();
    expect(await total({ searchTerm: "Cobertura Girassol" })).toBe(0);
    expect(await shown({ searchTerm: "hortensia" })).toEqual([id]);
    // a few matches are read from the text index and kept too: a second one shows at once
    const { id: second } = await makeProperty({ title: "Casa Hortênsia", city: "Ubatuba", status: "available" });
    expect((await shown({ searchTerm: "hortensia" })).sort()).toEqual([id, second].sort());
    await db().deleteFrom("properties").where("id", "=", second).execute();
    expect(await shown({ searchTerm: "hortensia" })).toEqual([id]);

    await db().updateTable("properties").set({ status: "sold" }).where("id", "=", id).execute();
    expect(await total({})).toBe(before.all);
    expect(await total({ searchTerm: "hortensia" })).toBe(0);

    await db().updateTable("properties").set({ status: "available" }).where("id", "=", id).execute();
    expect(await total({ city: "Ubatuba" })).toBe(before.city + 1);
    await db().deleteFrom("properties").where("id", "=", id).execute();
    expect(await total({ city: "Ubatuba" })).toBe(before.city);
    expect(await total({})).toBe(before.all);
  });

  it("each set of filters has its own count: price, bedrooms, text and the map's area are never mixed up", async () => {
    const small = await makeProperty({ title: "Casa Alfazema", city: "Ilhabela", status: "available", type: "pronto", purpose: "sale", price: 300_000, bedrooms: 2, area: 80 });
    const big = await makeProperty({ title: "Casa Alfazema maior", city: "Ilhabela", status: "available", type: "pronto", purpose: "sale", price: 700_000, bedrooms: 4, area: 200 });
    expect(await total({ city: "Ilhabela" })).toBe(2);
    expect(await total({ city: "Ilhabela", minPrice: 500_000 })).toBe(1);
    expect(await total({ city: "Ilhabela", maxPrice: 500_000 })).toBe(1);
    expect(await total({ city: "Ilhabela", bedrooms: 3 })).toBe(1);
    expect(await shown({ searchTerm: "alfazema maior" })).toEqual([big.id]);
    expect((await shown({ searchTerm: "alfazema" })).sort()).toEqual([small.id, big.id].sort());

    const filters = { ...EMPTY_FILTERS, city: "Ilhabela" };
    const resolved = await resolveCatalogueFilters(filters, null);
    const everywhere = await searchCatalogueMap(resolved, null, "recent");
    const nowhere = await searchCatalogueMap(resolved, { south: -1, north: 1, west: -1, east: 1 }, "recent");
    expect(everywhere.total).toBe(2);
    expect(nowhere.total).toBe(0);
  });
});

describe("catalogueMemo", () => {
  const bump = () => sql`update catalogue_version set version = version + 1 where id = 1`.execute(db());

  it("computes a key once until the catalogue's version moves, then again", async () => {
    const memo = catalogueMemo<number>(10);
    let loads = 0;
    const load = async () => ++loads;
    expect(await memo("a", load)).toBe(1);
    expect(await memo("a", load)).toBe(1);
    expect(await memo("b", load)).toBe(2);
    await bump();
    expect(await memo("a", load)).toBe(3);
    expect(await memo("a", load)).toBe(3);
  });

  it("keeps nothing computed while the catalogue changed under it", async () => {
    const memo = catalogueMemo<string>(10);
    // the version is read, a write lands, a second read sees the new version before the first value is back
    const slow = memo("k", async () => {
      await bump();
      await memo("other", async () => "moved on");
      return "computed before the change";
    });
    expect(await slow).toBe("computed before the change");
    expect(await memo("k", async () => "after the change")).toBe("after the change");
  });

  it("holds at most its number of keys, forgetting all at once beyond it", async () => {
    const memo = catalogueMemo<number>(2);
    let loads = 0;
    const load = async () => ++loads;
    await memo("a", load);
    await memo("b", load);
    expect(await memo("a", load)).toBe(1);
    await memo("c", load); // a third key: the two kept are forgotten
    expect(await memo("a", load)).toBe(4);
    expect(loads).toBe(4);
  });
});
