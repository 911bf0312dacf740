import type { Kysely } from "kysely";

/**
 * Hardening (issue 14): the rate limiters' counters (rate-limiter-flexible's
 * SQLite store layout: key, points, expire in ms), so sign-in and form
 * limits survive a restart; and the last activity of a session, for the
 * staff idle timeout.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("rate_limits")
    .ifNotExists()
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expire", "integer")
    .execute();
  await db.schema.alterTable("sessions").addColumn("last_seen_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("rate_limits").execute();
}
