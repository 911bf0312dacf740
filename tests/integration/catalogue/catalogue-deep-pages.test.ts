import { describe, expect, it } from "vitest";
import { EMPTY_FILTERS, PAGE_SIZE, type CatalogueFilters } from "~/modules/catalogue/params";
import { resolveCatalogueFilters, searchCatalogue } from "~/modules/catalogue/search.server";
import { db } from "~/modules/platform/db.server";
import { buildProperty } from "~/modules/platform/seed.server";
import { listLeads, leadListQuery, SEARCH_COUNT_CAP } from "~/modules/leads/lead-list.server";
import { adminUser } from "../crm/crm-helpers";

/**
 * Issue 27: the catalogue's deep pages are read from the nearer end of their
 * order and from bookmarks kept until the catalogue changes; a text search's
 * few matches are sorted once and kept; an admin's broad lead search counts
 * once. Each must give exactly the rows, order and totals that counting and
 * sorting by hand gives, on SQLite and on PostgreSQL.
 */

const SORTS = ["recent", "price_asc", "price_desc", "none"] as const;
type Sort = (typeof SORTS)[number];

/** The order of a sort, written out by hand (not through the code under test). */
function handOrder(sort: Sort, where: (q: ReturnType<typeof base>) => ReturnType<typeof base>) {
  const q = where(base());
  if (sort === "price_asc") return q.orderBy("display_price", "asc").orderBy("id", "asc");
  if (sort === "price_desc") return q.orderBy("display_price", "desc").orderBy("id", "desc");
  if (sort === "none") return q.orderBy("featured", "desc").orderBy("created_at", "desc").orderBy("id", "desc");
  return q.orderBy("created_at", "desc").orderBy("id", "desc");
}
const base = () => db().selectFrom("properties").select("id").where("status", "=", "available");

async function page(filters: Partial<CatalogueFilters>, n: number, sort: Sort) {
  const resolved = await resolveCatalogueFilters({ ...EMPTY_FILTERS, ...filters }, null);
  return searchCatalogue(resolved, n, sort);
}

/** `count` listings in `city`: pairs share a date, trios a price, every 9th sold, every 5th featured. */
async function insertListings(city: string, count: number, titleWord: string, from = 0) {
  let seq = 7 + from;
  const random = () => (seq = (seq * 9301 + 49297) % 233280) / 233280;
  for (let start = from; start < from + count; start += 100) {
    const rows = [];
    for (let i = start; i < Math.min(from + count, start + 100); i++) {
      const created = new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 2) * 3_600_000).toISOString();
      const row = buildProperty(random, i, { created_at: created, updated_at: created, status: i % 9 === 8 ? "sold" : "available", featured: i % 5 === 0 ? 1 : 0 });
      rows.push({ ...row, title: `${titleWord} ${row.title}`, city, type: "pronto" as const, purpose: "sale" as const, price: 400_000 + Math.floor(i / 3) * 1000, slug: `${titleWord.toLowerCase()}-${i}` });
    }
    await db().insertInto("properties").values(rows).execute();
  }
}

describe("deep catalogue pages", () => {
  it("every page of every sort is the slice of the order counted by hand, read from either end and from bookmarks, before and after a change", async () => {
    // 2,700 listings (2,400 available: 200 pages), so pages past 1,000 rows from either end are read from a bookmark
    await insertListings("Vale Profundo", 2700, "Fundo");
    const cityKey = (await db().selectFrom("properties").select("city_key").where("city", "=", "Vale Profundo").executeTakeFirstOrThrow()).city_key;
    const inCity = (q: ReturnType<typeof base>) => q.where("city_key", "=", cityKey);
    const cases: { label: string; filters: Partial<CatalogueFilters>; where: (q: ReturnType<typeof base>) => ReturnType<typeof base> }[] = [
      { label: "city", filters: { city: "Vale Profundo" }, where: inCity },
      { label: "city + price", filters: { city: "Vale Profundo", minPrice: 420_000, maxPrice: 1_500_000 }, where: (q) => inCity(q).where("display_price", ">=", 420_000).where("display_price", "<=", 1_500_000) },
    ];
    const check = async (label: string, filters: Partial<CatalogueFilters>, sort: Sort, expected: number[], pages: number[]) => {
      const pageCount = Math.max(1, Math.ceil(expected.length / PAGE_SIZE));
      for (const n of pages) {
        const result = await page(filters, n, sort);
        const shown = Math.min(Math.max(1, n), pageCount);
        expect({ label, sort, n, total: result.total, page: result.page, ids: result.items.map((c) => c.id) }).toEqual({
          label,
          sort,
          n,
          total: expected.length,
          page: shown,
          ids: expected.slice((shown - 1) * PAGE_SIZE, shown * PAGE_SIZE),
        });
      }
    };
    for (const c of cases) {
      for (const sort of SORTS) {
        const expected = (await handOrder(sort, c.where).execute()).map((r) => r.id);
        expect(expected.length).toBeGreaterThan(2 * 1000 + PAGE_SIZE);
        const pageCount = Math.ceil(expected.length / PAGE_SIZE);
        const every = Array.from({ length: pageCount + 2 }, (_, i) => i + 1);
        await check(c.label, c.filters, sort, expected, every);
        // served again: the kept bookmarks give the same pages
        await check(c.label, c.filters, sort, expected, every.filter((n) => n % 7 === 0 || n > pageCount - 3));
      }
    }
    // a change moves every page after it; the kept bookmarks are dropped with the change
    const first = (await handOrder("recent", inCity).limit(1).execute())[0]!.id;
    await db().updateTable("properties").set({ status: "sold" }).where("id", "=", first).execute();
    await insertListings("Vale Profundo", 30, "Fundo", 5000);
    for (const sort of SORTS) {
      const expected = (await handOrder(sort, inCity).execute()).map((r) => r.id);
      const pageCount = Math.ceil(expected.length / PAGE_SIZE);
      await check("after a change", { city: "Vale Profundo" }, sort, expected, [1, 84, 85, 90, 95, 100, pageCount - 84, pageCount - 1, pageCount]);
    }
    // no filter: the whole catalogue, the deepest pages
    const all = (await handOrder("recent", (q) => q).execute()).map((r) => r.id);
    const allPages = Math.ceil(all.length / PAGE_SIZE);
    await check("no filter", {}, "recent", all, [1, 85, 100, Math.ceil(allPages / 2), allPages - 84, allPages - 83, allPages, allPages + 1]);
  });

  it("a text search's few matches: every page of every sort, served again and after a change", async () => {
    await insertListings("Serra Rara", 300, "Zimbrorama");
    const matching = (q: ReturnType<typeof base>) => q.where("title", "like", "Zimbrorama %");
    for (let round = 0; round < 2; round++) {
      for (const sort of SORTS) {
        const expected = (await handOrder(sort, matching).execute()).map((r) => r.id);
        expect(expected.length).toBeGreaterThan(200);
        const pageCount = Math.ceil(expected.length / PAGE_SIZE);
        // each page twice: the second is the kept page
        for (let n = 1; n <= 2 * (pageCount + 1); n++) {
          const p = ((n - 1) % (pageCount + 1)) + 1;
          const result = await page({ searchTerm: "zimbrorama" }, p, sort);
          const shown = Math.min(p, pageCount);
          expect({ sort, p, total: result.total, ids: result.items.map((c) => c.id) }).toEqual({ sort, p, total: expected.length, ids: expected.slice((shown - 1) * PAGE_SIZE, shown * PAGE_SIZE) });
        }
      }
      // a match sold, another's price and date changed: the next pages follow
      const [one, two] = (await handOrder("recent", matching).limit(2).execute()).map((r) => r.id);
      await db().updateTable("properties").set({ status: "sold" }).where("id", "=", one!).execute();
      await db().updateTable("properties").set({ price: 1, created_at: "2020-01-01T00:00:00.000Z" }).where("id", "=", two!).execute();
    }
  });
});

describe("an admin's broad lead search", () => {
  it("counts once through the index: more than the cap shows as capped, the page is the newest matches", async () => {
    const admin = await adminUser();
    const now = Date.UTC(2026, 5, 1);
    for (let start = 0; start < 1010; start += 200) {
      const rows = [];
      for (let i = start; i < Math.min(1010, start + 200); i++) {
        const at = new Date(now - Math.floor(i / 2) * 60_000).toISOString();
        rows.push({ name: `Quixabeira ${i % 3 ? "Souza" : "Lima"} ${i}`, email: `quixa${i}@exemplo.com.br`, phone: `(11) 9${String(20_000_000 + i).slice(-8)}`, phone_normalized: `119${String(20_000_000 + i).slice(-8)}`, message: "Oi", created_at: at, updated_at: at });
      }
      await db().insertInto("leads").values(rows).execute();
    }
    const byHand = async (q: string) => {
      const ids = (await leadListQuery(admin.user, { q }, "key").select("leads.id").orderBy("leads.created_at", "desc").orderBy("leads.id", "desc").execute()).map((r) => r.id);
      return ids;
    };
    for (const q of ["quixabeira", "Quixabeira exemplo", "QUIXABEIRA"]) {
      const expected = await byHand(q);
      expect(expected.length).toBeGreaterThan(SEARCH_COUNT_CAP);
      for (const n of [1, 2, 101, 102]) {
        const listed = await listLeads(admin.user, { q, page: n });
        const shown = Math.min(n, 101);
        expect({ q, n, total: listed.total, capped: listed.totalCapped, page: listed.page, ids: listed.rows.map((r) => r.id) }).toEqual({
          q,
          n,
          total: SEARCH_COUNT_CAP + 1,
          capped: true,
          page: shown,
          ids: expected.slice((shown - 1) * 10, shown * 10),
        });
      }
    }
    // under the cap: the exact count; a short word still counts the rows
    for (const q of ["Quixabeira Lima", "quixabeira li"]) {
      const expected = await byHand(q);
      const listed = await listLeads(admin.user, { q, page: 1 });
      expect({ q, total: listed.total, capped: listed.totalCapped, ids: listed.rows.map((r) => r.id) }).toEqual({ q, total: expected.length, capped: false, ids: expected.slice(0, 10) });
    }
  });
});
