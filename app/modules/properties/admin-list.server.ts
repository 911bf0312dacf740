import { buildMatchQuery, propertyTextMatch } from "#db/fulltext";
import { sql } from "kysely";
import { z } from "zod";
import { lenientText, pageParam } from "~/utils/query-schema";
import type { PropertyStatus, PropertyTypeCode } from "#db/schema";
import { STATUS_LABELS, TYPE_CODES } from "~/modules/properties/vocabulary";
import { db, parseJsonList } from "~/modules/platform/db.server";
import { cityKey, neighborhoodKey, uniqueCities } from "~/modules/catalogue/places";
import { readNumberFilter, type InvalidFilters } from "~/modules/catalogue/params";
import type { AdminListRow } from "./admin-list";

/** The admin property list (spec 01 §2): its filters, one page of rows, and the filter choices. */

export const ADMIN_PAGE_SIZE = 10;


export const adminListFiltersSchema = z.object({
  q: lenientText,
  status: z.enum(Object.keys(STATUS_LABELS) as [PropertyStatus, ...PropertyStatus[]]).optional().catch(undefined),
  type: z.enum(TYPE_CODES as [PropertyTypeCode, ...PropertyTypeCode[]]).optional().catch(undefined),
  featured: z.enum(["destacado", "normal"]).optional().catch(undefined),
  city: lenientText,
  neighborhood: lenientText,
  page: pageParam,
});
/**
 * The list's filters from the URL. A bad value of a select is dropped; a
 * price that is not a number is left out of the query and kept in
 * `invalid` with the catalogue's pt-BR message, to be shown back as typed.
 */
export type AdminListFilters = z.infer<typeof adminListFiltersSchema> & { minPrice?: number; maxPrice?: number; invalid: InvalidFilters };

export function readAdminListFilters(params: URLSearchParams): AdminListFilters {
  const invalid: InvalidFilters = {};
  const minPrice = readNumberFilter(params, "minPrice", invalid) ?? undefined;
  const maxPrice = readNumberFilter(params, "maxPrice", invalid) ?? undefined;
  const parsed = adminListFiltersSchema.parse({
    q: params.get("q") ?? undefined,
    status: params.get("status") || undefined,
    type: params.get("type") || undefined,
    featured: params.get("featured") || undefined,
    city: params.get("city") ?? undefined,
    neighborhood: params.get("neighborhood") ?? undefined,
    page: params.get("page") ?? 1,
  });
  return { ...parsed, minPrice, maxPrice, invalid };
}



export async function listAdminProperties(filters: AdminListFilters): Promise<{ rows: AdminListRow[]; total: number; page: number; pageCount: number }> {
  let query = db().selectFrom("properties");
  const match = filters.q ? buildMatchQuery(filters.q, { columns: ["title", "city", "neighborhood"] }) : null;
  if (filters.q && !match) query = query.where(sql<boolean>`1 = 0`);
  if (match) query = query.where(propertyTextMatch(match));
  if (filters.status) query = query.where("status", "=", filters.status);
  if (filters.type) query = query.where("type", "=", filters.type);
  if (filters.featured) query = query.where("featured", "=", filters.featured === "destacado" ? 1 : 0);
  // The public catalogue's place keys: 'Sorocaba', 'SOROCABA - SP' and 'sorocaba/sp' are one city.
  if (filters.city) query = query.where("city_key", "=", cityKey(filters.city));
  if (filters.neighborhood) query = query.where("neighborhood_key", "=", neighborhoodKey(filters.neighborhood));
  // The price shown: the rent of a rent-only listing, else the sale price (the display_price column).
  if (filters.minPrice !== undefined) query = query.where("display_price", ">=", filters.minPrice);
  if (filters.maxPrice !== undefined) query = query.where("display_price", "<=", filters.maxPrice);

  const { total } = await query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const pageCount = Math.max(1, Math.ceil(Number(total) / ADMIN_PAGE_SIZE));
  const page = Math.min(filters.page, pageCount);
  const rows = await query
    .select(["id", "title", "slug", "city", "neighborhood", "price", "rent_price", "purpose", "rental", "status", "featured", "type", "property_type", "images"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE)
    .execute();
  return {
    rows: rows.map(({ images, ...row }) => ({ ...row, cover: parseJsonList(images)[0] ?? null })),
    total: Number(total),
    page,
    pageCount,
  };
}

/**
 * The filter selects: every city once (normalised like the public
 * catalogue, sorted), and the neighbourhoods of the chosen city (or of all).
 */
export async function adminFilterChoices(city: string | undefined): Promise<{ cities: string[]; neighborhoods: string[] }> {
  const cityRows = await db().selectFrom("properties").select("city").distinct().where("city", "!=", "").limit(2_000).execute();
  let nq = db().selectFrom("properties").select("neighborhood").distinct().where("neighborhood", "!=", "");
  if (city) nq = nq.where("city_key", "=", cityKey(city));
  const neighborhoodRows = await nq.limit(2_000).execute();
  const neighborhoods = new Map<string, string>();
  for (const { neighborhood } of neighborhoodRows) {
    const name = neighborhood.replace(/\s+/g, " ").trim();
    if (name && !neighborhoods.has(neighborhoodKey(name))) neighborhoods.set(neighborhoodKey(name), name);
  }
  return {
    cities: uniqueCities(cityRows.map((c) => c.city)),
    neighborhoods: [...neighborhoods.values()].sort((a, b) => a.localeCompare(b, "pt-BR")).slice(0, 500),
  };
}

/** Whether any filter narrows the list (the subtitle then says 'com os filtros aplicados'). */
export function hasAdminFilters(f: AdminListFilters): boolean {
  return Boolean(f.q || f.status || f.type || f.featured || f.city || f.neighborhood || f.minPrice !== undefined || f.maxPrice !== undefined);
}
