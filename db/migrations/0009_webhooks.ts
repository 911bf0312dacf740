import { sql, type Kysely } from "kysely";

/**
 * Webhook delivery (issue 10): each webhook gets a signing secret (stored
 * encrypted) and a switch for private-network addresses; every event is a
 * row of webhook_deliveries, delivered by the server with retries and a log.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("webhooks").addColumn("secret", "text").execute();
  await db.schema.alterTable("webhooks").addColumn("allow_private", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("webhook_id", "integer", (c) => c.notNull().references("webhooks.id").onDelete("cascade"))
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending").check(sql`status in ('pending', 'sending', 'delivered', 'failed')`))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("last_status", "integer")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("delivered_at", "text")
    .execute();
  await db.schema.createIndex("webhook_deliveries_due_idx").on("webhook_deliveries").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("webhook_deliveries_webhook_idx").on("webhook_deliveries").columns(["webhook_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("webhook_deliveries").execute();
  await db.schema.alterTable("webhooks").dropColumn("allow_private").execute();
  await db.schema.alterTable("webhooks").dropColumn("secret").execute();
}
