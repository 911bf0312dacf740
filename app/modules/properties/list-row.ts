import type { Property } from "#db/schema";

/**
 * The columns every list of properties reads for a row (the admin's list,
 * the broker's catalogue): identity, place, the prices and the flags the
 * price label is built from (purpose, rental), status and featured.
 */
export type PropertyRowBase = Pick<Property, "id" | "title" | "slug" | "city" | "neighborhood" | "price" | "rent_price" | "purpose" | "rental" | "status" | "featured">;
