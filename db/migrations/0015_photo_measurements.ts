import type { Kysely } from "kysely";

/**
 * Bytes and pixels of stored photos, for the portals' photo rules (issue 11):
 * measured once ever instead of once per process start, so the first feed
 * after a restart does not read every photo's header again. A stored photo's
 * URL always names the same bytes (a changed photo gets a new random name),
 * so a row never goes stale.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("photo_measurements")
    .addColumn("url", "text", (c) => c.primaryKey())
    .addColumn("bytes", "integer", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("measured_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("photo_measurements").ifExists().execute();
}
