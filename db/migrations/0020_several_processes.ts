import type { Kysely } from "kysely";

/**
 * Several processes on one database (issue 27):
 * - job_leases: one row per job of the registry that must run in one
 *   process at a time (housekeeping, automatic roulette, portal feeds, CSV
 *   clean-up). A process takes the lease with one conditional update, keeps
 *   it alive while the job runs and gives it back; a process that dies leaves
 *   a lease that expires, so the next run elsewhere takes over.
 * - feed_states: the Last-Modified date of the portal feeds at each
 *   catalogue version, decided once by whichever process first sees the
 *   version, so every process (and every restart) answers the same date and
 *   finds the same prepared feed file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("job_leases")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("holder", "text")
    .addColumn("lease_until", "text")
    .addColumn("last_started_at", "text")
    .addColumn("last_finished_at", "text")
    .execute();
  await db.schema
    .createTable("feed_states")
    .addColumn("version", "integer", (c) => c.primaryKey())
    .addColumn("last_modified", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("feed_states").execute();
  await db.schema.dropTable("job_leases").execute();
}
