import { sql } from "kysely";
import { buildMatchQuery, propertyTextMatch } from "#db/fulltext";
import { z } from "zod";
import { lenientText, pageParam } from "~/utils/query-schema";
import type { PropertyKind } from "#db/schema";
import { config } from "~/modules/platform/config.server";
import { db, parseJsonList } from "~/modules/platform/db.server";
import { can } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { propertyPath } from "~/modules/properties/vocabulary";
import { normalisePlaceName, placeKey } from "./places";
import { BEDROOM_MINIMUMS, readNumberFilter, type InvalidFilters } from "./params";
import type { PropertyRowBase } from "~/modules/properties/list-row";

/**
 * The broker's property catalogue (spec 02 §2.3): the whole catalogue,
 * filtered and paged in SQL, featured first then newest (spec 02 §7).
 */
export const BROKER_CATALOGUE_PAGE_SIZE = 9;
/** Above this many pages the pager collapses into ellipses. */

export const CATALOGUE_KINDS = {
  house: { label: "Casa", kinds: ["Casa"] },
  apartment: { label: "Apartamento", kinds: ["Apartamento"] },
  commercial: { label: "Comercial", kinds: ["Sala Comercial", "Loja", "Galpão"] },
  land: { label: "Terreno", kinds: ["Terreno"] },
} as const satisfies Record<string, { label: string; kinds: PropertyKind[] }>;
export type CatalogueKind = keyof typeof CATALOGUE_KINDS;
export const CATALOGUE_KIND_CODES = Object.keys(CATALOGUE_KINDS) as CatalogueKind[];




/** The URL's query, read leniently: a bad value is dropped, never an error page. */
export const catalogueQuerySchema = z.object({
  q: lenientText,
  type: z.enum(CATALOGUE_KIND_CODES as [CatalogueKind, ...CatalogueKind[]]).optional().catch(undefined),
  bedrooms: z.coerce.number().int().min(1).max(BEDROOM_MINIMUMS[BEDROOM_MINIMUMS.length - 1]).optional().catch(undefined),
  city: lenientText,
  neighborhood: lenientText,
  view: z.enum(["grid", "list"]).catch("grid").default("grid"),
  page: pageParam,
});
/** `invalid`: price filters that could not be read, shown back with their message (the public catalogue's rules). */
export type CatalogueQuery = z.infer<typeof catalogueQuerySchema> & { minPrice?: number; maxPrice?: number; invalid?: InvalidFilters };

export function readCatalogueQuery(params: URLSearchParams): CatalogueQuery {
  const raw = Object.fromEntries([...params.entries()].filter(([, v]) => v !== ""));
  const invalid: InvalidFilters = {};
  const minPrice = readNumberFilter(params, "minPrice", invalid) ?? undefined;
  const maxPrice = readNumberFilter(params, "maxPrice", invalid) ?? undefined;
  return { ...catalogueQuerySchema.parse(raw), minPrice, maxPrice, invalid };
}

// ── city and neighbourhood names (normalised by ./places) ──────────────
type PlaceGroup = { name: string; raw: string[] };

function groupPlaces(values: string[]): PlaceGroup[] {
  const groups = new Map<string, PlaceGroup>();
  for (const value of values) {
    if (!value || !value.trim()) continue;
    const name = normalisePlaceName(value);
    const key = placeKey(name);
    const group = groups.get(key) ?? { name, raw: [] };
    group.raw.push(value);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => a.name.localeCompare(b.name, "pt-BR"));
}

function findGroup(groups: PlaceGroup[], wanted: string | undefined): PlaceGroup | undefined {
  if (!wanted) return undefined;
  const key = placeKey(wanted);
  return groups.find((g) => placeKey(g.name) === key);
}

async function cityGroups(): Promise<PlaceGroup[]> {
  // DISTINCT on the (city, neighborhood) index: no table scan.
  const rows = await db().selectFrom("properties").select("city").distinct().execute();
  return groupPlaces(rows.map((r) => r.city));
}

async function neighbourhoodGroups(rawCities: string[]): Promise<PlaceGroup[]> {
  if (!rawCities.length) return [];
  const rows = await db().selectFrom("properties").select("neighborhood").distinct().where("city", "in", rawCities).execute();
  return groupPlaces(rows.map((r) => r.neighborhood));
}

// ── the page ──────────────────────────────────────────────────────────────
export type CatalogueCard = PropertyRowBase & {
  property_type: PropertyKind;
  bedrooms: number;
  area: number;
  cover: string | null;
  canEdit: boolean;
};

export type CataloguePage = {
  query: CatalogueQuery;
  cards: CatalogueCard[];
  total: number;
  page: number;
  pageCount: number;
  cities: string[];
  /** only when a city is chosen */
  neighborhoods: string[];
};


export async function findCataloguePage(user: SessionUser, query: CatalogueQuery): Promise<CataloguePage> {
  const cities = await cityGroups();
  const city = findGroup(cities, query.city);
  const neighborhoods = city ? await neighbourhoodGroups(city.raw) : [];
  // A neighbourhood is only valid inside its chosen city (spec 02 §2.3).
  const neighborhood = city ? findGroup(neighborhoods, query.neighborhood) : undefined;
  const effective: CatalogueQuery = { ...query, city: city?.name, neighborhood: neighborhood?.name };

  let q = db().selectFrom("properties");
  if (query.q) {
    const match = buildMatchQuery(query.q, { columns: ["title", "city", "neighborhood", "address"] });
    q = match ? q.where(propertyTextMatch(db(), match)) : q.where(sql<boolean>`1 = 0`);
  }
  if (query.type) q = q.where("property_type", "in", [...CATALOGUE_KINDS[query.type].kinds]);
  // display_price: the price the card shows (the rent for rent-only listings), kept by 0002's triggers.
  if (query.minPrice !== undefined) q = q.where("display_price", ">=", query.minPrice);
  if (query.maxPrice !== undefined) q = q.where("display_price", "<=", query.maxPrice);
  if (query.bedrooms !== undefined) q = q.where("bedrooms", ">=", query.bedrooms);
  if (city) q = q.where("city", "in", city.raw);
  if (neighborhood) q = q.where("neighborhood", "in", neighborhood.raw);

  const { total } = await q.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const pageCount = Math.max(1, Math.ceil(Number(total) / BROKER_CATALOGUE_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await q
    .select(["id", "title", "slug", "city", "neighborhood", "price", "rent_price", "purpose", "rental", "status", "featured", "property_type", "bedrooms", "area", "images", "broker_id", "user_id"])
    .orderBy("featured", "desc")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(BROKER_CATALOGUE_PAGE_SIZE)
    .offset((page - 1) * BROKER_CATALOGUE_PAGE_SIZE)
    .execute();

  const cards = rows.map(({ images, broker_id, user_id, ...row }) => ({
    ...row,
    city: normalisePlaceName(row.city),
    cover: parseJsonList(images)[0] ?? null,
    canEdit: can(user, "update", "property", { brokerId: broker_id, userId: user_id }),
  }));
  return { query: { ...effective, page }, cards, total: Number(total), page, pageCount, cities: cities.map((c) => c.name), neighborhoods: neighborhoods.map((n) => n.name) };
}


/** The referral link a broker shares for one property (absolute, so it can be pasted anywhere). */
export async function referralLinkFor(user: SessionUser, propertyId: number): Promise<{ id: number; title: string; url: string } | null> {
  const row = await db().selectFrom("properties").select(["id", "title", "slug"]).where("id", "=", propertyId).executeTakeFirst();
  if (!row) return null;
  const path = propertyPath(row);
  const ref = user.broker?.id;
  return { id: row.id, title: row.title, url: `${config().publicUrl}${path}${ref ? `?ref=${encodeURIComponent(ref)}` : ""}` };
}
