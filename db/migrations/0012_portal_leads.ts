import type { Kysely } from "kysely";

/**
 * Portal lead push (issue 10): the secret that makes up the endpoint's
 * address (encrypted), and one row per portal lead received, unique by the
 * portal's own id so a retry never creates a second lead.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("portal_lead_settings")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("token", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("portal_leads")
    .addColumn("origin_lead_id", "text", (c) => c.primaryKey())
    .addColumn("lead_id", "integer", (c) => c.references("leads.id").onDelete("set null"))
    .addColumn("lead_origin", "text")
    .addColumn("client_listing_id", "text")
    .addColumn("received_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("portal_leads_received_idx").on("portal_leads").column("received_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("portal_leads").execute();
  await db.schema.dropTable("portal_lead_settings").execute();
}
