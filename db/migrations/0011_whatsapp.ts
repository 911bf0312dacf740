import { sql, type Kysely } from "kysely";

/**
 * WhatsApp (issue 12): the gateway configured by an admin (key encrypted),
 * per-instance secrets for the gateway's webhook, a lease on campaign jobs
 * so a restart or a second process never sends one twice, a record of every
 * message sent (delivery receipts update it), and the LGPD opt-out on leads.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("messaging_gateway")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("base_url", "text", (c) => c.notNull())
    .addColumn("api_key", "text", (c) => c.notNull()) // encrypted (platform/secrets.server.ts)
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema.alterTable("whatsapp_connections").addColumn("instance_token", "text").execute(); // encrypted
  await db.schema.alterTable("whatsapp_connections").addColumn("webhook_secret", "text").execute(); // sha-256 hex
  await db.schema.alterTable("whatsapp_connections").addColumn("connecting_since", "text").execute();
  await db.schema.alterTable("whatsapp_connections").addColumn("last_error", "text").execute();
  await db.schema.alterTable("whatsapp_connections").addColumn("connected_since", "text").execute();

  await db.schema.alterTable("campaign_jobs").addColumn("claimed_by", "text").execute();
  await db.schema.alterTable("campaign_jobs").addColumn("claimed_at", "text").execute();
  await db.schema.alterTable("campaign_jobs").addColumn("message_key", "text").execute();
  await db.schema
    .alterTable("campaign_jobs")
    .addColumn("delivery", "text", (c) => c.check(sql`delivery in ('sent', 'delivered', 'read', 'failed')`))
    .execute();
  await db.schema.createIndex("campaign_jobs_message_key_idx").on("campaign_jobs").column("message_key").execute();

  await db.schema
    .createTable("whatsapp_messages")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("broker_id", "text", (c) => c.references("brokers.id").onDelete("set null"))
    .addColumn("lead_id", "integer", (c) => c.references("leads.id").onDelete("set null"))
    .addColumn("campaign_job_id", "integer", (c) => c.references("campaign_jobs.id").onDelete("set null"))
    .addColumn("instance_name", "text", (c) => c.notNull())
    .addColumn("to", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("text").check(sql`kind in ('text', 'image')`))
    .addColumn("message_key", "text")
    .addColumn("delivery", "text", (c) => c.notNull().defaultTo("sent").check(sql`delivery in ('sent', 'delivered', 'read', 'failed')`))
    .addColumn("error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("whatsapp_messages_lead_idx").on("whatsapp_messages").columns(["lead_id", "created_at"]).execute();
  await db.schema.createIndex("whatsapp_messages_key_idx").on("whatsapp_messages").column("message_key").execute();
  await db.schema.createIndex("whatsapp_messages_instance_day_idx").on("whatsapp_messages").columns(["instance_name", "created_at"]).execute();

  await db.schema.alterTable("leads").addColumn("whatsapp_opt_out_at", "text").execute();
  // The draft's recipients ({leadId, name, phone}[] as JSON), until launch turns them into jobs.
  await db.schema.alterTable("campaigns").addColumn("leads", "text", (c) => c.notNull().defaultTo("[]")).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("whatsapp_messages").execute();
  await db.schema.dropTable("messaging_gateway").execute();
}
