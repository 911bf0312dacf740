import { expressionBuilder, type Expression, type SqlBool } from "kysely";
import { catalogueTextMatch, type TextQuery } from "#db/fulltext";
import type { Database, PropertyTypeCode } from "#db/schema";
import type { MapBounds } from "~/modules/catalogue/map-area";
import { db } from "~/modules/platform/db.server";

/**
 * The public catalogue's conditions on the properties table, shared by the
 * search (search.server.ts) and the facets (facets.server.ts).
 */
const eb = expressionBuilder<Database, "properties">();

/**
 * What narrows the catalogue by kind: a search category (the type filter of
 * /imoveis and /buscar), or "rentals", the rental pages (/alugar,
 * /categoria/aluguel). The two rent rules differ in spec 01: the type filter
 * "rent" matches the category Aluguel only (§5), while the rental pages list
 * every listing that can be rented (§4, §7).
 */
export type CatalogueKind = PropertyTypeCode | "rentals";

/** Filters after the server checked them against the data (city/neighbourhood keys resolved). */
export type QueryFilters = {
  type: CatalogueKind | null;
  cityKey: string | null;
  neighborhoodKey: string | null;
  match: TextQuery | null;
  minPrice: number | null;
  maxPrice: number | null;
  minArea: number | null;
  maxArea: number | null;
  bedrooms: number;
  /** The map's 'Buscar nesta área' (map-area.ts): only properties whose coordinates are inside, edges included. */
  bounds?: MapBounds | null;
};

export function typeCondition(type: CatalogueKind): Expression<SqlBool> {
  // Spec 01 §4/§7: on the rental pages a rental is type rent, or purpose rent, or the rental flag, or a rent price.
  // Spec 01 §5: the type filter "rent" is the category Aluguel (stored as the code rent; property_type never holds it).
  return type === "rentals" ? eb("is_rent", "=", 1) : eb("type", "=", type);
}

/** The rental pages and the type filter Aluguel: prices are rents there (issue item 3). */
export function isRentContext(type: CatalogueKind | null): boolean {
  return type === "rentals" || type === "rent";
}

/**
 * The price the catalogue filters and sorts on: the one the card shows.
 * display_price is the sale price of a listing for sale and rent; in the
 * rental context its rent counts instead. An expression, not a column: the
 * rental subset is small, and a derived column would need 0002's triggers
 * rewritten in a new migration.
 */
export function priceExpression(type: CatalogueKind | null): Expression<number> {
  if (!isRentContext(type)) return eb.ref("display_price");
  return eb.case().when("rent_price", ">", 0).then(eb.ref("rent_price")).else(eb.ref("display_price")).end();
}

export function conditions(f: QueryFilters): Expression<SqlBool>[] {
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
  if (f.bounds) {
    c.push(eb("latitude", ">=", f.bounds.south), eb("latitude", "<=", f.bounds.north));
    c.push(eb("longitude", ">=", f.bounds.west), eb("longitude", "<=", f.bounds.east));
  }
  return c;
}

export function onlyText(f: QueryFilters): boolean {
  return (
    !!f.match &&
    !f.bounds &&
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
