// Catalogue query timings, run by scripts/bench.mjs inside Vite (TypeScript
// source, same modules as the server) against a DATA_DIR it prepared.
import { EMPTY_FILTERS, type CatalogueFilters } from "~/modules/catalogue/params";
import { resolveCatalogueFilters, searchCatalogue } from "~/modules/catalogue/search.server";
import { sql } from "kysely";
import { closeDb, db } from "~/modules/platform/db.server";

export type QueryCase = { name: string; filters: Partial<CatalogueFilters> };
/** p50/p95/max: served again between two changes (the count is kept); cold…: the first request after a change. */
export type QueryTiming = { name: string; total: number; p50: number; p95: number; max: number; coldP50: number; coldP95: number };

export const QUERY_CASES: QueryCase[] = [
  { name: "no filter (recent)", filters: {} },
  { name: "text search 'sao paulo'", filters: { searchTerm: "sao paulo" } },
  { name: "text search 'moema'", filters: { searchTerm: "moema" } },
  { name: "text search 'galpao gonzaga'", filters: { searchTerm: "galpao gonzaga" } },
  { name: "text inside words 'partamento'", filters: { searchTerm: "partamento" } },
  { name: "text inside words 'aulo'", filters: { searchTerm: "aulo" } },
  { name: "text 'ap' + 'centro' (start + inside)", filters: { searchTerm: "ap centro" } },
  { name: "city + bedrooms 2+ + price range", filters: { city: "Campinas", bedrooms: 2, minPrice: 500_000, maxPrice: 1_500_000 } },
  { name: "sort price_asc", filters: { sort: "price_asc" } },
  { name: "sort price_desc", filters: { sort: "price_desc" } },
  { name: "sort none (featured first)", filters: { sort: "none" } },
  { name: "city + bedrooms + price, price_asc", filters: { city: "Campinas", bedrooms: 2, minPrice: 500_000, maxPrice: 1_500_000, sort: "price_asc" } },
  { name: "type rent + city", filters: { propertyType: "rent", city: "Santos" } },
  { name: "no filter, page 5000", filters: { page: 5000 } },
];

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Times count + page (searchCatalogue) per case, again and after a change; the filters are resolved once, as the loader does. */
export async function timeQueries(iterations = 200): Promise<QueryTiming[]> {
  const out: QueryTiming[] = [];
  for (const c of QUERY_CASES) {
    const filters = { ...EMPTY_FILTERS, ...c.filters };
    const resolved = await resolveCatalogueFilters(filters, null);
    let total = 0;
    for (let i = 0; i < 20; i++) total = (await searchCatalogue(resolved, filters.page, filters.sort)).total;
    const times: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const start = process.hrtime.bigint();
      await searchCatalogue(resolved, filters.page, filters.sort);
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    times.sort((a, b) => a - b);
    // The first request after a change of the catalogue: the kept count is dropped (a write bumps the version), so it is counted again.
    const cold: number[] = [];
    for (let i = 0; i < Math.ceil(iterations / 4); i++) {
      await sql`update catalogue_version set version = version + 1 where id = 1`.execute(db());
      const start = process.hrtime.bigint();
      await searchCatalogue(resolved, filters.page, filters.sort);
      cold.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    cold.sort((a, b) => a - b);
    out.push({ name: c.name, total, p50: pct(times, 50), p95: pct(times, 95), max: times[times.length - 1], coldP50: pct(cold, 50), coldP95: pct(cold, 95) });
  }
  await closeDb();
  return out;
}
