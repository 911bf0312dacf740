import { expressionBuilder, sql, type Expression, type SelectQueryBuilder, type SqlBool } from "kysely";
import { buildMatchQuery, catalogueTextMatchIds, countCatalogueTextMatches } from "#db/fulltext";
import type { Database, PropertyTypeCode } from "#db/schema";
import { PAGE_SIZE, type CatalogueFilters } from "~/modules/catalogue/params";
import { cityKey, neighborhoodKey } from "~/modules/catalogue/places";
import { catalogueMemo } from "~/modules/catalogue/version.server";
import { catalogueWordLookups } from "~/modules/catalogue/vocabulary.server";
import { db } from "~/modules/platform/db.server";
import { cardsByIds, type PropertyCard } from "./cards.server";
import { conditions, isRentContext, onlyText, priceExpression, type CatalogueKind, type QueryFilters } from "./conditions.server";
import { listCatalogueCities, listCatalogueNeighborhoods } from "./facets.server";

/**
 * The public catalogue engine: one server-side search used by /imoveis,
 * /buscar, /categoria/{type} and /alugar, its cards come from cards.server.ts, its
 * conditions from conditions.server.ts, its cities and neighbourhoods from
 * facets.server.ts. Only available properties are
 * listed. Every query is answered from an index (see
 * db/migrations/0002_catalogue.ts; measured in docs/performance.md).
 */

const eb = expressionBuilder<Database, "properties">();

export type ResolvedFilters = {
  filters: CatalogueFilters;
  /** The category the page fixes (a category route or /alugar: "rentals"), else the filter's. */
  type: CatalogueKind | null;
  cities: string[];
  neighborhoods: string[];
  query: QueryFilters;
};

/**
 * Spec 01 §4: a city or neighbourhood that has no available property of the
 * chosen type is cleared; names are matched accent- and case-insensitively
 * and shown normalised.
 */
export async function resolveCatalogueFilters(input: CatalogueFilters, lockedType: PropertyTypeCode | null): Promise<ResolvedFilters> {
  const filters = { ...input, propertyType: lockedType ? null : input.propertyType };
  // A page locked to the rent category is a rental page: it lists whatever can be rented.
  const type: CatalogueKind | null = lockedType === "rent" ? "rentals" : (lockedType ?? filters.propertyType);
  const cities = await listCatalogueCities(type);
  const city = filters.city ? cities.find((c) => c.key === cityKey(filters.city)) : undefined;
  const neighborhoods = city ? await listCatalogueNeighborhoods(type, city.key) : [];
  const neighborhood = city && filters.neighborhood ? neighborhoods.find((n) => n.key === neighborhoodKey(filters.neighborhood)) : undefined;
  filters.city = city?.name ?? "";
  filters.neighborhood = neighborhood?.name ?? "";
  return {
    filters,
    type,
    cities: cities.map((c) => c.name),
    neighborhoods: neighborhoods.map((n) => n.name),
    query: {
      type,
      cityKey: city?.key ?? null,
      neighborhoodKey: neighborhood?.key ?? null,
      // With a city chosen, the words are looked for in title and description only (spec 01 §7).
      // Words of three or more letters match inside words too ('aulo' finds 'São Paulo').
      match: filters.searchTerm.trim() ? buildMatchQuery(filters.searchTerm, { titleAndDescriptionOnly: !!city, ...(await catalogueWordLookups()) }) : null,
      minPrice: filters.minPrice,
      maxPrice: filters.maxPrice,
      minArea: filters.minArea,
      maxArea: filters.maxArea,
      bedrooms: filters.bedrooms,
    },
  };
}

// ── search ─────────────────────────────────────────────────────────────────
export type CatalogueResult = { items: PropertyCard[]; total: number; page: number; pageCount: number };

/** Below this many text matches the page is read from the index's ids, not by walking the date order. */
const SMALL_TEXT_RESULT = 1500;

/**
 * Counting is the dearest part of a page (every matching row is visited:
 * 88,000 for the whole catalogue at 100,000 listings, 10–20 ms on
 * PostgreSQL), and the same filters come back again and again between two
 * changes of the catalogue, so counts are kept until the next change.
 */
const cachedCount = catalogueMemo<number>(2000);
/** A search's few matches (at most SMALL_TEXT_RESULT ids), kept likewise: reading them from the text index is the other dear part. */
const cachedTextMatchIds = catalogueMemo<number[]>(200);
/**
 * The pages of those searches (a page's ids per sort), kept likewise: a page
 * served again is its cards only. Sorting the matches costs each page 1,400 ids
 * sent as parameters and looked up (PostgreSQL: 5–11 ms for 'ap centro' at
 * 100,000 listings, SQLite about 1 ms).
 */
const cachedTextPages = catalogueMemo<number[]>(2000);

export async function countCatalogue(q: QueryFilters): Promise<number> {
  return cachedCount(JSON.stringify(q), async () => {
    if (q.match && onlyText(q)) return countCatalogueTextMatches(db(), q.match);
    const row = await db()
      .selectFrom("properties")
      .select((e) => e.fn.countAll<number>().as("n"))
      .where(eb.and(conditions(q)))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  });
}

/**
 * The columns of a catalogue order, all in the one direction (`desc` true: highest first), the id last as the
 * tie-breaker, so every row has its own place.
 */
function catalogueSortKey(sort: CatalogueFilters["sort"], type: CatalogueKind | null): { columns: Expression<unknown>[]; desc: boolean } {
  const id = eb.ref("id");
  if (sort === "price_asc") return { columns: [priceExpression(type), id], desc: false };
  if (sort === "price_desc") return { columns: [priceExpression(type), id], desc: true };
  if (sort === "none") return { columns: [eb.ref("featured"), eb.ref("created_at"), id], desc: true };
  return { columns: [eb.ref("created_at"), id], desc: true };
}

/**
 * The catalogue's orders (the sort select), with the id as the tie-breaker; shared with the map (map.server.ts).
 * `reversed`: the same order backwards, exactly (the id makes every key unique, and both databases put NULLs at the
 * same end of an order and at the other end of its reverse).
 */
export function orderedByCatalogueSort<Q extends SelectQueryBuilder<Database, "properties", object>>(query: Q, sort: CatalogueFilters["sort"], type: CatalogueKind | null, reversed = false): Q {
  const key = catalogueSortKey(sort, type);
  const direction = key.desc !== reversed ? "desc" : "asc";
  let q = query as SelectQueryBuilder<Database, "properties", object>;
  for (const column of key.columns) q = q.orderBy(column, direction);
  return q as Q;
}

/** A row's place in a catalogue order: its sort key's values, as catalogueSortKey lists the columns. */
type Bookmark = unknown[];

/** How far apart the kept bookmarks are in an order: a deep page skips fewer index entries than this from the nearest. */
const BOOKMARK_STEP = 1000;
/** Bookmarks of deep pages (the sort key of every BOOKMARK_STEP-th row asked for), kept until the catalogue changes. */
const cachedBookmarks = catalogueMemo<Bookmark | null>(500);

/** `(sort key) after (bookmark)` in the order read (the order, or its reverse): a row value compare, which both databases seek in an index. */
function afterBookmark(key: ReturnType<typeof catalogueSortKey>, reversed: boolean, bookmark: Bookmark): Expression<SqlBool> {
  const operator = key.desc !== reversed ? sql.raw("<") : sql.raw(">");
  return sql<SqlBool>`(${sql.join(key.columns)}) ${operator} (${sql.join(bookmark.map((v) => sql.val(v)))})`;
}

/** One page of the catalogue: count, then the page's ids from an index, then their cards. */
export async function searchCatalogue(resolved: ResolvedFilters, requestedPage: number, sort: CatalogueFilters["sort"]): Promise<CatalogueResult> {
  const q = resolved.query;
  const total = await countCatalogue(q);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  if (total === 0) return { items: [], total, page, pageCount };

  const offset = (page - 1) * PAGE_SIZE;
  const textOnly = !!q.match && onlyText(q);
  let ids: number[];
  if (textOnly && total <= SMALL_TEXT_RESULT) {
    // Few matches: take their ids from the text index and sort just those; the page is kept until the catalogue changes.
    const match = q.match as NonNullable<QueryFilters["match"]>;
    ids = await cachedTextPages(JSON.stringify([match, sort, q.type, page]), async () => {
      const matches = await cachedTextMatchIds(JSON.stringify(match), () => catalogueTextMatchIds(db(), match, SMALL_TEXT_RESULT));
      const query = db()
        .selectFrom("properties")
        .select("id")
        .where(eb.and([eb("status", "=", "available"), eb("id", "in", matches.length ? matches : [0])]))
        .limit(PAGE_SIZE)
        .offset(offset);
      return (await orderedByCatalogueSort(query, sort, q.type).execute()).map((r) => r.id);
    });
  } else {
    // Past the middle of the list, the page is read from its other end: an index walked from the end skips
    // total − offset − limit entries instead of offset (page 5000 of 7,345: 28,000 instead of 60,000). Only where the
    // total is counted by the same conditions as the page (a text-only total comes from the text index).
    const limit = Math.min(PAGE_SIZE, total - offset);
    const fromEnd = total - offset - limit;
    const reversed = !textOnly && limit > 0 && fromEnd < offset;
    let skip = reversed ? fromEnd : offset;
    const where = conditions(q);
    // A deep page starts from the bookmark kept for the BOOKMARK_STEP-th row before it (found once, by the same skip),
    // so the pages served again around it skip fewer than BOOKMARK_STEP entries. Same exactness condition as above.
    const step = Math.floor(skip / BOOKMARK_STEP);
    if (!textOnly && step > 0) {
      const key = catalogueSortKey(sort, q.type);
      const bookmark = await cachedBookmarks(JSON.stringify([q, sort, reversed, step]), async () => {
        const query = db()
          .selectFrom("properties")
          .select(key.columns.map((c, i) => sql`${c}`.as(`k${i}`)))
          .where(eb.and(where))
          .limit(1)
          .offset(step * BOOKMARK_STEP - 1);
        const row = (await orderedByCatalogueSort(query, sort, q.type, reversed).executeTakeFirst()) as Record<string, unknown> | undefined;
        return row ? key.columns.map((_, i) => row[`k${i}`]) : null;
      });
      if (bookmark) {
        where.push(afterBookmark(key, reversed, bookmark));
        skip -= step * BOOKMARK_STEP;
      }
    }
    const idQuery = db()
      .selectFrom("properties")
      .select("id")
      .where(eb.and(where))
      .limit(reversed ? limit : PAGE_SIZE)
      .offset(skip);
    ids = (await orderedByCatalogueSort(idQuery, sort, q.type, reversed).execute()).map((r) => r.id);
    if (reversed) ids.reverse();
  }
  const items = await cardsByIds(ids, { rentContext: isRentContext(q.type) });
  return { items, total, page, pageCount };
}
