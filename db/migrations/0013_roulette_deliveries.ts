import { sql, type CreateTableBuilder, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * Roulette webhook through the delivery queue (issue 10). A delivery now
 * names either a webhook (`webhook_id`, deleted with it) or a
 * `webhook_settings` row (`setting_key`: the roulette webhook), exactly one
 * of the two. SQLite cannot relax NOT NULL on a column, so the table is
 * rebuilt: create the new one, copy every row, drop the old, rename, and
 * recreate 0009's indexes (same names) plus one for the setting's log.
 * `setting_key` has no foreign key: the URL is looked up when the row is
 * sent, and a missing setting abandons the row with a reason.
 */
const STATUS_CHECK = sql`status in ('pending', 'sending', 'delivered', 'failed')`;

/** The columns after the target ones, the same in 0009's table and in this one. */
function deliveryColumns<T extends string>(table: CreateTableBuilder<T, never>): CreateTableBuilder<T, never> {
  return table
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending").check(STATUS_CHECK))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("last_status", "integer")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("delivered_at", "text");
}

async function createIndexes(db: Kysely<any>, withSetting: boolean): Promise<void> {
  await db.schema.createIndex("webhook_deliveries_due_idx").on("webhook_deliveries").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("webhook_deliveries_webhook_idx").on("webhook_deliveries").columns(["webhook_id", "created_at"]).execute();
  if (withSetting) await db.schema.createIndex("webhook_deliveries_setting_idx").on("webhook_deliveries").columns(["setting_key", "created_at"]).execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    // PostgreSQL relaxes NOT NULL in place: no rebuild (and the id sequence keeps counting).
    await sql`alter table webhook_deliveries alter column webhook_id drop not null`.execute(db);
    await db.schema.alterTable("webhook_deliveries").addColumn("setting_key", "text").execute();
    await sql`alter table webhook_deliveries add constraint webhook_deliveries_target_check check (${sql`(webhook_id is not null and setting_key is null) or (webhook_id is null and setting_key is not null)`})`.execute(db);
    await db.schema.createIndex("webhook_deliveries_setting_idx").on("webhook_deliveries").columns(["setting_key", "created_at"]).execute();
    return;
  }
  await db.schema
    .createTable("webhook_deliveries_new")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("webhook_id", "integer", (c) => c.references("webhooks.id").onDelete("cascade"))
    .addColumn("setting_key", "text")
    .$call(deliveryColumns)
    .addCheckConstraint("webhook_deliveries_target_check", sql`(webhook_id is not null and setting_key is null) or (webhook_id is null and setting_key is not null)`)
    .execute();
  await sql`insert into webhook_deliveries_new (id, webhook_id, setting_key, event, payload, status, attempts, next_attempt_at, last_status, last_error, created_at, delivered_at)
    select id, webhook_id, null, event, payload, status, attempts, next_attempt_at, last_status, last_error, created_at, delivered_at from webhook_deliveries`.execute(db);
  await db.schema.dropTable("webhook_deliveries").execute();
  await db.schema.alterTable("webhook_deliveries_new").renameTo("webhook_deliveries").execute();
  await createIndexes(db, true);
}

/** Back to 0009's table: the setting's deliveries (no webhook) cannot be kept. */
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await db.deleteFrom("webhook_deliveries").where("webhook_id", "is", null).execute();
    await db.schema.dropIndex("webhook_deliveries_setting_idx").execute();
    await sql`alter table webhook_deliveries drop constraint webhook_deliveries_target_check`.execute(db);
    await db.schema.alterTable("webhook_deliveries").dropColumn("setting_key").execute();
    await sql`alter table webhook_deliveries alter column webhook_id set not null`.execute(db);
    return;
  }
  await db.schema
    .createTable("webhook_deliveries_old")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("webhook_id", "integer", (c) => c.notNull().references("webhooks.id").onDelete("cascade"))
    .$call(deliveryColumns)
    .execute();
  await sql`insert into webhook_deliveries_old (id, webhook_id, event, payload, status, attempts, next_attempt_at, last_status, last_error, created_at, delivered_at)
    select id, webhook_id, event, payload, status, attempts, next_attempt_at, last_status, last_error, created_at, delivered_at from webhook_deliveries where webhook_id is not null`.execute(db);
  await db.schema.dropTable("webhook_deliveries").execute();
  await db.schema.alterTable("webhook_deliveries_old").renameTo("webhook_deliveries").execute();
  await createIndexes(db, false);
}
