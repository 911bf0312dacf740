import { type Kysely, sql } from "kysely";

/**
 * Saved-search alerts (issue 28): a visitor's search (page path + canonical
 * query) with an e-mail and a frequency, double opt-in. The confirmation
 * token is stored as its SHA-256 only (it is sent once); the unsubscribe
 * token is a random 128-bit value every e-mail carries. One row per
 * (email, path, query): subscribing twice never duplicates.
 *
 * search_alert_items remembers what each alert already sent and at what
 * price; property_price_marks is the job's memory of every available
 * property's price, so a drop since an alert's last run can be found
 * without a price history elsewhere.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("search_alerts")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("query", "text", (c) => c.notNull())
    .addColumn("frequency", "text", (c) => c.notNull().check(sql`frequency in ('daily', 'weekly')`))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending").check(sql`status in ('pending', 'active', 'cancelled')`))
    .addColumn("broker_id", "text", (c) => c.references("brokers.id").onDelete("set null"))
    .addColumn("confirm_token_hash", "text", (c) => c.unique())
    .addColumn("unsubscribe_token", "text", (c) => c.notNull().unique())
    .addColumn("lead_id", "integer", (c) => c.references("leads.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("confirm_sent_at", "text")
    .addColumn("confirmed_at", "text")
    .addColumn("cancelled_at", "text")
    .addColumn("last_run_at", "text")
    .addColumn("last_sent_at", "text")
    .addUniqueConstraint("search_alerts_subscription", ["email", "path", "query"])
    .execute();
  await db.schema.createIndex("search_alerts_status").on("search_alerts").columns(["status", "frequency"]).execute();

  await db.schema
    .createTable("search_alert_items")
    .addColumn("alert_id", "integer", (c) => c.notNull().references("search_alerts.id").onDelete("cascade"))
    .addColumn("property_id", "integer", (c) => c.notNull().references("properties.id").onDelete("cascade"))
    .addColumn("price", "real", (c) => c.notNull())
    .addColumn("sent_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("search_alert_items_pk", ["alert_id", "property_id"])
    .execute();

  await db.schema
    .createTable("property_price_marks")
    .addColumn("property_id", "integer", (c) => c.primaryKey().references("properties.id").onDelete("cascade"))
    .addColumn("sale_price", "real", (c) => c.notNull())
    .addColumn("rent_price", "real", (c) => c.notNull())
    .addColumn("sale_before", "real")
    .addColumn("sale_dropped_at", "text")
    .addColumn("rent_before", "real")
    .addColumn("rent_dropped_at", "text")
    .addColumn("seen_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("property_price_marks").execute();
  await db.schema.dropTable("search_alert_items").execute();
  await db.schema.dropTable("search_alerts").execute();
}

