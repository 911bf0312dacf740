import { sql, type Kysely } from "kysely";

/** Part of 0001_initial: WhatsApp instances, campaigns and their scheduled jobs. Never edited once landed (see ../0001_initial.ts). */
export async function createMessagingTables(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("broker_smtp_settings")
    .addColumn("broker_id", "text", (c) => c.primaryKey().references("brokers.id").onDelete("cascade"))
    .addColumn("host", "text")
    .addColumn("port", "integer", (c) => c.notNull().defaultTo(587).check(sql`port >= 1 and port <= 65535`))
    .addColumn("username", "text")
    .addColumn("password", "text")
    .addColumn("secure", "integer", (c) => c.notNull().defaultTo(1).check(sql`secure in (0, 1)`))
    .addColumn("from_name", "text")
    .addColumn("from_email", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("whatsapp_connections")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("broker_id", "text", (c) => c.notNull().unique().references("brokers.id").onDelete("cascade"))
    .addColumn("instance_name", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("disconnected")
        .check(sql`status in ('connected', 'disconnected', 'connecting', 'creating', 'error', 'unknown')`),
    )
    .addColumn("profile_name", "text")
    .addColumn("phone_number", "text")
    .addColumn("profile_picture_url", "text")
    .addColumn("qr_code", "text")
    .addColumn("pairing_code", "text")
    .addColumn("last_activity", "text")
    .addColumn("last_status_check", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("campaigns")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("broker_id", "text", (c) => c.notNull().references("brokers.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    // {startTime, endTime, weekdays[7], intervalSeconds} as JSON text.
    .addColumn("timing", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("draft")
        .check(sql`status in ('draft', 'scheduled', 'running', 'paused', 'completed', 'cancelled')`),
    )
    .addColumn("scheduled_at", "text")
    .addColumn("launched_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("campaigns_broker_created_idx").on("campaigns").columns(["broker_id", "created_at"]).execute();

  await db.schema
    .createTable("campaign_jobs")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("campaign_id", "integer", (c) => c.notNull().references("campaigns.id").onDelete("cascade"))
    .addColumn("lead_id", "integer", (c) => c.references("leads.id").onDelete("set null"))
    .addColumn("lead_name", "text")
    .addColumn("to", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("fire_at", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("scheduled")
        .check(sql`status in ('scheduled', 'sending', 'sent', 'failed', 'paused', 'cancelled')`),
    )
    .addColumn("error", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema.createIndex("campaign_jobs_campaign_fire_idx").on("campaign_jobs").columns(["campaign_id", "fire_at"]).execute();
  await db.schema.createIndex("campaign_jobs_status_fire_idx").on("campaign_jobs").columns(["status", "fire_at"]).execute();
}
