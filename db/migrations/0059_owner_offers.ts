import { type Kysely, sql } from "kysely";

/**
 * 'Anuncie seu imóvel' (issue 28): an owner offering a property through
 * /anuncie. The offer is a lead of source 'captacao' (0055) plus this row,
 * holding what the owner told about the property; its photos are private
 * files (DATA_DIR/private/captacao/{folder}/…) listed in owner_offer_photos
 * and served by id to the lead's broker or an admin only. `property_id`
 * remembers the draft property made from the offer, so a second press of
 * 'Criar rascunho de imóvel' opens the same draft.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("owner_offers")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("lead_id", "integer", (c) => c.notNull().unique().references("leads.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull().check(sql`purpose in ('sale', 'rent')`))
    .addColumn("property_kind", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("neighborhood", "text", (c) => c.notNull())
    .addColumn("area", "real", (c) => c.notNull())
    .addColumn("bedrooms", "integer", (c) => c.notNull())
    .addColumn("price", "real", (c) => c.notNull())
    .addColumn("folder", "text", (c) => c.notNull())
    .addColumn("property_id", "integer", (c) => c.references("properties.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("owner_offer_photos")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("offer_id", "integer", (c) => c.notNull().references("owner_offers.id").onDelete("cascade"))
    .addColumn("file_key", "text", (c) => c.notNull().unique())
    .addColumn("original_name", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("owner_offer_photos_offer").on("owner_offer_photos").columns(["offer_id", "position"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("owner_offer_photos").execute();
  await db.schema.dropTable("owner_offers").execute();
}
