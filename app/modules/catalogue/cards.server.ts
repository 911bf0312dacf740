import { expressionBuilder, type Expression, type SqlBool } from "kysely";
import type { Database, Property } from "#db/schema";
import { cityKey, normalisePlaceName } from "~/modules/catalogue/places";
import { isRental, priceDisplay, propertyPath, TYPE_LABELS } from "~/modules/properties/vocabulary";
import { db, parseJsonList } from "~/modules/platform/db.server";

/** Property cards: what a card shows, and the reads that return cards (the catalogue's page, the home page, similar properties). */
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

export const CARD_COLUMNS = [
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
export type CardRow = Pick<Property, (typeof CARD_COLUMNS)[number]>;

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

/** Cards for ids, in the ids' order. */
export async function cardsByIds(ids: number[], options: { rentContext?: boolean } = {}): Promise<PropertyCard[]> {
  if (ids.length === 0) return [];
  // visitors' views (favourites, comparison, simulator): an offer's draft is not shown (0060)
  const rows = await db().selectFrom("properties").select(CARD_COLUMNS).where("id", "in", ids).where("is_draft", "=", 0).execute();
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
