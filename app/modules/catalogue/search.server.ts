import { expressionBuilder, type Expression, type SqlBool } from "kysely";
import { buildMatchQuery, catalogueTextMatch, catalogueTextMatchIds, countCatalogueTextMatches, type TextQuery } from "#db/fulltext";
import type { Database, Property, PropertyOption, PropertyTypeCode } from "#db/schema";
import { PAGE_SIZE, type CatalogueFilters } from "~/modules/catalogue/params";
import { cityKey, neighborhoodKey, normalisePlaceName } from "~/modules/catalogue/places";
import { catalogueVersion } from "~/modules/catalogue/version.server";
import { insideWordsLookup } from "~/modules/catalogue/vocabulary.server";
import { isRental, priceDisplay, propertyPath, TYPE_LABELS } from "~/modules/properties/vocabulary";
import { db, parseJsonList } from "~/modules/platform/db.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { findActiveBroker, type PublicBroker } from "~/modules/auth/users.server";

/**
 * The public catalogue engine: one server-side search used by /imoveis,
 * /buscar, /categoria/{type} and /alugar, plus the home page's featured list,
 * the property page's reads and the sitemap. Only available properties are
 * listed. Every query is answered from an index (see
 * db/migrations/0002_catalogue.ts; measured in docs/performance.md).
 */

const eb = expressionBuilder<Database, "properties">();

/** What a property card shows. */
export type PropertyCard = {
  id: number;
  title: string;
  path: string;
  typeLabel: string;
  propertyType: string;
  city: string;
  neighborhood: string;
  price: { main: string; suffix: string | null };
  rental: boolean;
  area: number;
  bedrooms: number;
  bathrooms: number;
  parkingSpots: number;
  featured: boolean;
  image: string | null;
};

const CARD_COLUMNS = [
  "id",
  "title",
  "slug",
  "type",
  "property_type",
  "purpose",
  "price",
  "rent_price",
  "rental",
  "city",
  "neighborhood",
  "area",
  "bedrooms",
  "bathrooms",
  "parking_spots",
  "featured",
  "images",
] as const;
type CardRow = Pick<Property, (typeof CARD_COLUMNS)[number]>;

/** rentContext: price the card by its rent when it has one (see priceDisplay). */
export function toCard(row: CardRow, options: { rentContext?: boolean } = {}): PropertyCard {
  return {
    id: row.id,
    title: row.title,
    path: propertyPath(row),
    typeLabel: TYPE_LABELS[row.type] ?? row.type,
    propertyType: row.property_type,
    city: normalisePlaceName(row.city),
    neighborhood: row.neighborhood.trim(),
    price: priceDisplay(row, options),
    rental: isRental(row),
    area: row.area,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    parkingSpots: row.parking_spots,
    featured: row.featured === 1,
    image: parseJsonList(row.images)[0] ?? null,
  };
}

// ── filters ────────────────────────────────────────────────────────────────
/**
 * What narrows the catalogue by kind: a search category (the type filter of
 * /imoveis and /buscar), or "rentals", the rental pages (/alugar,
 * /categoria/aluguel). The two rent rules differ in spec 01: the type filter
 * "rent" matches the category Aluguel only (§5), while the rental pages list
 * every listing that can be rented (§4, §7).
 */
export type CatalogueKind = PropertyTypeCode | "rentals";

/** Filters after the server checked them against the data (city/neighbourhood keys resolved). */
type QueryFilters = {
  type: CatalogueKind | null;
  cityKey: string | null;
  neighborhoodKey: string | null;
  match: TextQuery | null;
  minPrice: number | null;
  maxPrice: number | null;
  minArea: number | null;
  maxArea: number | null;
  bedrooms: number;
};

function typeCondition(type: CatalogueKind): Expression<SqlBool> {
  // Spec 01 §4/§7: on the rental pages a rental is type rent, or purpose rent, or the rental flag, or a rent price.
  // Spec 01 §5: the type filter "rent" is the category Aluguel (stored as the code rent; property_type never holds it).
  return type === "rentals" ? eb("is_rent", "=", 1) : eb("type", "=", type);
}

/** The rental pages and the type filter Aluguel: prices are rents there (issue item 3). */
function isRentContext(type: CatalogueKind | null): boolean {
  return type === "rentals" || type === "rent";
}

/**
 * The price the catalogue filters and sorts on: the one the card shows.
 * display_price is the sale price of a listing for sale and rent; in the
 * rental context its rent counts instead. An expression, not a column: the
 * rental subset is small, and a derived column would need 0002's triggers
 * rewritten in a new migration.
 */
function priceExpression(type: CatalogueKind | null): Expression<number> {
  if (!isRentContext(type)) return eb.ref("display_price");
  return eb.case().when("rent_price", ">", 0).then(eb.ref("rent_price")).else(eb.ref("display_price")).end();
}

function conditions(f: QueryFilters): Expression<SqlBool>[] {
  const c: Expression<SqlBool>[] = [eb("status", "=", "available")];
  if (f.type) c.push(typeCondition(f.type));
  if (f.cityKey) c.push(eb("city_key", "=", f.cityKey));
  if (f.neighborhoodKey) c.push(eb("neighborhood_key", "=", f.neighborhoodKey));
  if (f.bedrooms > 0) c.push(eb("bedrooms", ">=", f.bedrooms));
  if (f.minPrice !== null) c.push(eb(priceExpression(f.type), ">=", f.minPrice));
  if (f.maxPrice !== null) c.push(eb(priceExpression(f.type), "<=", f.maxPrice));
  if (f.minArea !== null) c.push(eb("area", ">=", f.minArea));
  if (f.maxArea !== null) c.push(eb("area", "<=", f.maxArea));
  if (f.match) c.push(catalogueTextMatch(db(), f.match));
  return c;
}

function onlyText(f: QueryFilters): boolean {
  return (
    !!f.match &&
    !f.type &&
    !f.cityKey &&
    !f.neighborhoodKey &&
    f.bedrooms === 0 &&
    f.minPrice === null &&
    f.maxPrice === null &&
    f.minArea === null &&
    f.maxArea === null
  );
}

// ── facets: cities and neighbourhoods per category, cached until data changes
type Facet = { key: string; name: string };
const facetCache = { version: -1, entries: new Map<string, Facet[]>() };

async function cached(key: string, load: () => Promise<Facet[]>): Promise<Facet[]> {
  const version = await catalogueVersion();
  if (version !== facetCache.version) {
    facetCache.version = version;
    facetCache.entries.clear();
  }
  const hit = facetCache.entries.get(key);
  if (hit) return hit;
  const value = await load();
  if (facetCache.entries.size > 500) facetCache.entries.clear();
  facetCache.entries.set(key, value);
  return value;
}

const MAX_FACETS = 500;

/**
 * Distinct values by index seeks (one `min(column) > previous` per value),
 * so listing the cities costs a few lookups, not a scan of the catalogue.
 */
async function distinctKeys(column: "city_key" | "neighborhood_key", where: Expression<SqlBool>[]): Promise<string[]> {
  const keys: string[] = [];
  let last = "";
  for (let i = 0; i < MAX_FACETS; i++) {
    const row = await db()
      .selectFrom("properties")
      .select((e) => e.fn.min(column).as("k"))
      .where(eb.and([...where, eb(column, ">", last)]))
      .executeTakeFirst();
    const key = row?.k as string | null | undefined;
    if (!key) break;
    keys.push(key);
    last = key;
  }
  return keys;
}

/** Cities with available properties of the type (all types when null), normalised and sorted. */
export async function listCatalogueCities(type: CatalogueKind | null): Promise<Facet[]> {
  return cached(`city|${type ?? ""}`, async () => {
    const base = [eb("status", "=", "available"), ...(type ? [typeCondition(type)] : [])];
    const keys = await distinctKeys("city_key", base);
    const out: Facet[] = [];
    for (const key of keys) {
      const row = await db().selectFrom("properties").select("city").where("status", "=", "available").where("city_key", "=", key).limit(1).executeTakeFirst();
      if (row) out.push({ key, name: normalisePlaceName(row.city) });
    }
    return out.sort((a, b) => a.name.localeCompare(b.name, "pt-BR"));
  });
}

/** Neighbourhoods of a city with available properties of the type. */
export async function listCatalogueNeighborhoods(type: CatalogueKind | null, city: string): Promise<Facet[]> {
  return cached(`nb|${type ?? ""}|${city}`, async () => {
    const base = [eb("status", "=", "available"), ...(type ? [typeCondition(type)] : []), eb("city_key", "=", city)];
    const keys = await distinctKeys("neighborhood_key", base);
    const out: Facet[] = [];
    for (const key of keys) {
      const row = await db()
        .selectFrom("properties")
        .select("neighborhood")
        .where("status", "=", "available")
        .where("city_key", "=", city)
        .where("neighborhood_key", "=", key)
        .limit(1)
        .executeTakeFirst();
      if (row) out.push({ key, name: row.neighborhood.replace(/\s+/g, " ").trim() });
    }
    return out.sort((a, b) => a.name.localeCompare(b.name, "pt-BR"));
  });
}

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
      match: filters.searchTerm.trim() ? buildMatchQuery(filters.searchTerm, { titleAndDescriptionOnly: !!city, insideWords: await insideWordsLookup() }) : null,
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

export async function countCatalogue(q: QueryFilters): Promise<number> {
  if (q.match && onlyText(q)) return countCatalogueTextMatches(db(), q.match);
  const row = await db()
    .selectFrom("properties")
    .select((e) => e.fn.countAll<number>().as("n"))
    .where(eb.and(conditions(q)))
    .executeTakeFirstOrThrow();
  return Number(row.n);
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
    const ids = await catalogueTextMatchIds(db(), q.match, SMALL_TEXT_RESULT);
    where = [eb("status", "=", "available"), eb("id", "in", ids.length ? ids : [0])];
  }
  let idQuery = db()
    .selectFrom("properties")
    .select("id")
    .where(eb.and(where))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  const price = priceExpression(q.type);
  idQuery =
    sort === "price_asc"
      ? idQuery.orderBy(price, "asc").orderBy("id", "asc")
      : sort === "price_desc"
        ? idQuery.orderBy(price, "desc").orderBy("id", "desc")
        : sort === "none"
          ? idQuery.orderBy("featured", "desc").orderBy("created_at", "desc").orderBy("id", "desc")
          : idQuery.orderBy("created_at", "desc").orderBy("id", "desc");
  const ids = (await idQuery.execute()).map((r) => r.id);
  const items = await cardsByIds(ids, { rentContext: isRentContext(q.type) });
  return { items, total, page, pageCount };
}

/** Cards for ids, in the ids' order. */
async function cardsByIds(ids: number[], options: { rentContext?: boolean } = {}): Promise<PropertyCard[]> {
  if (ids.length === 0) return [];
  const rows = await db().selectFrom("properties").select(CARD_COLUMNS).where("id", "in", ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toCard(row, options)] : [];
  });
}

/** Home: the newest featured available properties (spec 01 §7: limit 8). */
export async function findFeaturedProperties(limit = 8): Promise<PropertyCard[]> {
  const rows = await db()
    .selectFrom("properties")
    .select(CARD_COLUMNS)
    .where("status", "=", "available")
    .where("featured", "=", 1)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => toCard(row));
}

// ── property page ──────────────────────────────────────────────────────────
/**
 * One indexed read by id (digits) or slug (unique index). A slug whose title
 * part changed still resolves through its trailing id; the caller redirects
 * to the current address.
 */
export async function findPublicProperty(slugOrId: string): Promise<Property | null> {
  const value = slugOrId.trim().toLowerCase();
  if (!value || value.length > 200) return null;
  if (/^\d{1,12}$/.test(value)) {
    return (await db().selectFrom("properties").selectAll().where("id", "=", Number(value)).executeTakeFirst()) ?? null;
  }
  const bySlug = await db().selectFrom("properties").selectAll().where("slug", "=", value).executeTakeFirst();
  if (bySlug) return bySlug;
  const trailingId = /-(\d{1,12})$/.exec(value)?.[1];
  if (!trailingId) return null;
  return (await db().selectFrom("properties").selectAll().where("id", "=", Number(trailingId)).executeTakeFirst()) ?? null;
}

export async function listPropertyOptions(propertyId: number): Promise<PropertyOption[]> {
  return db().selectFrom("property_options").selectAll().where("property_id", "=", propertyId).orderBy("area").limit(2).execute();
}

/**
 * Spec 01 §7: same type and city, available, not this one, newest first, 3 at
 * most; the same broker's first; then any available; then any.
 */
export async function findSimilarProperties(
  property: Pick<Property, "id" | "type" | "city" | "broker_id">,
  limit = 3,
): Promise<PropertyCard[]> {
  const found: CardRow[] = [];
  const key = cityKey(property.city);
  const steps: Expression<SqlBool>[][] = [];
  const sameKind = [eb("status", "=", "available"), eb("type", "=", property.type), eb("city_key", "=", key)];
  if (property.broker_id) steps.push([...sameKind, eb("broker_id", "=", property.broker_id)]);
  steps.push(sameKind);
  steps.push([eb("status", "=", "available")]);
  steps.push([]);
  for (const where of steps) {
    if (found.length >= limit) break;
    const exclude = [property.id, ...found.map((r) => r.id)];
    const rows = await db()
      .selectFrom("properties")
      .select(CARD_COLUMNS)
      .where(eb.and([...where, eb("id", "not in", exclude)]))
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit - found.length)
      .execute();
    found.push(...rows);
  }
  return found.map((row) => toCard(row));
}

/** The ref's broker card, or nothing: a failed lookup is logged, never shown (spec 01 §7). */
export async function findRefBroker(ref: string | null): Promise<PublicBroker | null> {
  if (!ref) return null;
  try {
    return await findActiveBroker(ref);
  } catch (error) {
    log.warn("broker lookup failed", errorFields(error));
    return null;
  }
}

// ── sitemap ────────────────────────────────────────────────────────────────
export async function countAvailableProperties(): Promise<number> {
  const row = await db()
    .selectFrom("properties")
    .select((e) => e.fn.countAll<number>().as("n"))
    .where("status", "=", "available")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Available properties' addresses and last change, streamed in id order (constant memory at 100k). */
export async function* availablePropertyPaths(offset = 0, limit = Number.MAX_SAFE_INTEGER): AsyncGenerator<{ path: string; updatedAt: string }> {
  let lastId = 0;
  let skipped = 0;
  let sent = 0;
  // Keyset pages of 2,000 rows: short reads, so a long sitemap never holds the database.
  for (;;) {
    const rows = await db()
      .selectFrom("properties")
      .select(["id", "slug", "updated_at"])
      .where("status", "=", "available")
      .where("id", ">", lastId)
      .orderBy("id")
      .limit(2000)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      lastId = row.id;
      if (skipped < offset) {
        skipped++;
        continue;
      }
      if (sent >= limit) return;
      sent++;
      yield { path: propertyPath(row), updatedAt: row.updated_at };
    }
  }
}

