import { type Kysely, sql } from "kysely";

/**
 * What of a property's address visitors and portals see (issue 24): only
 * the neighbourhood and city (the default, so nothing published so far
 * shows more than before), the street without its number, or the complete
 * address. The address fields themselves (street_number, complement, state,
 * postal_code) exist since 0001; the editor now fills them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("properties")
    .addColumn("address_display", "text", (c) => c.notNull().defaultTo("neighborhood").check(sql`address_display in ('neighborhood', 'street', 'all')`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("properties").dropColumn("address_display").execute();
}
