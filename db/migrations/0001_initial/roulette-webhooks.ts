import { sql, type Kysely } from "kysely";

/** Part of 0001_initial: The roulette's registrations and draws, and the webhooks. Never edited once landed (see ../0001_initial.ts). */
export async function createRouletteAndWebhookTables(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("roleta_registrations")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("broker_id", "text", (c) => c.notNull().references("brokers.id").onDelete("cascade"))
    .addColumn("broker_name", "text", (c) => c.notNull())
    .addColumn("broker_email", "text", (c) => c.notNull())
    .addColumn("registered_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("roleta_registrations_broker_idx").on("roleta_registrations").columns(["broker_id", "registered_at"]).execute();
  await db.schema.createIndex("roleta_registrations_registered_idx").on("roleta_registrations").column("registered_at").execute();

  await db.schema
    .createTable("roleta_results")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("broker_id", "text", (c) => c.references("brokers.id").onDelete("set null"))
    .addColumn("broker_name", "text", (c) => c.notNull())
    .addColumn("prize", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().check(sql`position >= 1`))
    .addColumn("execution_type", "text", (c) => c.notNull().defaultTo("manual").check(sql`execution_type in ('manual', 'automatic')`))
    .addColumn("draw_date", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("roleta_results_draw_idx").on("roleta_results").column("draw_date").execute();

  await db.schema
    .createTable("webhook_settings")
    .addColumn("setting_key", "text", (c) => c.primaryKey())
    .addColumn("webhook_url", "text")
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(0).check(sql`enabled in (0, 1)`))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("automatic_roulette_settings")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(0).check(sql`enabled in (0, 1)`))
    .addColumn("scheduled_time", "text", (c) => c.notNull().defaultTo("09:30:00"))
    .addColumn("webhook_enabled", "integer", (c) => c.notNull().defaultTo(0).check(sql`webhook_enabled in (0, 1)`))
    .addColumn("presence_start_time", "text", (c) => c.notNull().defaultTo("05:00:00"))
    .addColumn("presence_end_time", "text", (c) => c.notNull().defaultTo("09:30:00"))
    .addColumn("last_execution", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("webhooks")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("events", "text", (c) => c.notNull().defaultTo('["novo_lead"]'))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1).check(sql`is_active in (0, 1)`))
    .addColumn("error_count", "integer", (c) => c.notNull().defaultTo(0).check(sql`error_count >= 0`))
    .addColumn("last_error", "text")
    .addColumn("last_triggered_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("webhooks_active_idx").on("webhooks").column("is_active").execute();
}
