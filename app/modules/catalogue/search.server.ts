import { expressionBuilder, type SelectQueryBuilder } from "kysely";
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

/** The catalogue's orders (the sort select), with the id as the tie-breaker; shared with the map (map.server.ts). */
export function orderedByCatalogueSort<Q extends SelectQueryBuilder<Database, "properties", object>>(query: Q, sort: CatalogueFilters["sort"], type: CatalogueKind | null): Q {
  const price = priceExpression(type);
  const q = query as SelectQueryBuilder<Database, "properties", object>;
  const ordered =
    sort === "price_asc"
      ? q.orderBy(price, "asc").orderBy("id", "asc")
      : sort === "price_desc"
        ? q.orderBy(price, "desc").orderBy("id", "desc")
        : sort === "none"
          ? q.orderBy("featured", "desc").orderBy("created_at", "desc").orderBy("id", "desc")
          : q.orderBy("created_at", "desc").orderBy("id", "desc");
  return ordered as Q;
}

/** One page of the catalogue: count, then the page's ids from an index, then their cards. */
export async function searchCatalogue(resolved: ResolvedFilters, requestedPage: number, sort: CatalogueFilters["sort"]): Promise<CatalogueResult> {
  const q = resolved.query;
  const total = await countCatalogue(q);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  if (total === 0) return { items: [], total, page, pageCount };

  let where = conditions(q);
  if (q.match && onlyText(q) && total <= SMALL_TEXT_RESULT) {
    // Few matches: take their ids from the text index and sort just those.
    const match = q.match;
    const ids = await cachedTextMatchIds(JSON.stringify(match), () => catalogueTextMatchIds(db(), match, SMALL_TEXT_RESULT));
    where = [eb("status", "=", "available"), eb("id", "in", ids.length ? ids : [0])];
  }
  const idQuery = db()
    .selectFrom("properties")
    .select("id")
    .where(eb.and(where))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  const ids = (await orderedByCatalogueSort(idQuery, sort, q.type).execute()).map((r) => r.id);
  const items = await cardsByIds(ids, { rentContext: isRentContext(q.type) });
  return { items, total, page, pageCount };
}
