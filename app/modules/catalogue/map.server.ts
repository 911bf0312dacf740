import { expressionBuilder } from "kysely";
import type { Database } from "#db/schema";
import type { CatalogueFilters } from "~/modules/catalogue/params";
import { MAP_LIMIT, type MapBounds } from "~/modules/catalogue/map-area";
import { db } from "~/modules/platform/db.server";
import { CARD_COLUMNS, toCard, type PropertyCard } from "./cards.server";
import { conditions, isRentContext } from "./conditions.server";
import { countCatalogue, orderedByCatalogueSort, type ResolvedFilters } from "./search.server";

/**
 * The map of results (/imoveis/mapa): the catalogue's search (the same
 * resolved filters, conditions and orders as /imoveis), narrowed to an area
 * when the visitor asked for one, with each property's place on the map.
 */
const eb = expressionBuilder<Database, "properties">();

/** A card with where the map puts it (null: the property has no coordinates and is left off the map). */
export type MapProperty = PropertyCard & { lat: number | null; lng: number | null };
export type MapGroup = { key: string; neighborhood: string; city: string; items: MapProperty[] };
export type MapResult = {
  /** Every property the filters (and the area) match. */
  total: number;
  /** The ones drawn and listed (at most MAP_LIMIT, in the catalogue's order). */
  shown: number;
  /** Of those matched, how many have no coordinates (counted, not drawn). */
  withoutLocation: number;
  /** The list without JavaScript: by neighbourhood, then city. */
  groups: MapGroup[];
};

/**
 * What a visitor sees of a place: exact coordinates only where the agency
 * shows the whole address; otherwise rounded to 3 decimals (about 100 m), so
 * a pin does not point at a door the property page keeps to itself.
 */
function shownCoordinate(value: number | null, exact: boolean): number | null {
  if (value === null) return null;
  return exact ? value : Math.round(value * 1000) / 1000;
}

export async function searchCatalogueMap(resolved: ResolvedFilters, bounds: MapBounds | null, sort: CatalogueFilters["sort"]): Promise<MapResult> {
  const q = { ...resolved.query, bounds };
  const total = await countCatalogue(q);
  if (total === 0) return { total, shown: 0, withoutLocation: 0, groups: [] };
  const where = eb.and(conditions(q));
  const missing = await db()
    .selectFrom("properties")
    .select((e) => e.fn.countAll<number>().as("n"))
    .where(where)
    .where((e) => e.or([e("latitude", "is", null), e("longitude", "is", null)]))
    .executeTakeFirstOrThrow();
  const rows = await orderedByCatalogueSort(
    db()
      .selectFrom("properties")
      .select([...CARD_COLUMNS, "latitude", "longitude", "address_display"])
      .where(where)
      .limit(MAP_LIMIT),
    sort,
    q.type,
  ).execute();
  const rentContext = isRentContext(q.type);
  const groups = new Map<string, MapGroup>();
  for (const row of rows) {
    const card = toCard(row, { rentContext });
    const located = row.latitude !== null && row.longitude !== null;
    const exact = row.address_display === "all";
    const item: MapProperty = { ...card, lat: located ? shownCoordinate(row.latitude, exact) : null, lng: located ? shownCoordinate(row.longitude, exact) : null };
    const neighborhood = card.neighborhood || "Sem bairro";
    const key = `${card.city}\u0000${neighborhood.toLocaleLowerCase("pt-BR")}`;
    const group = groups.get(key) ?? { key, neighborhood, city: card.city, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  const sorted = [...groups.values()].sort((a, b) => a.neighborhood.localeCompare(b.neighborhood, "pt-BR") || a.city.localeCompare(b.city, "pt-BR"));
  return { total, shown: rows.length, withoutLocation: Number(missing.n), groups: sorted };
}
