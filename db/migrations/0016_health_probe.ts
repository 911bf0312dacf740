import type { Kysely } from "kysely";

/**
 * One row /healthz rewrites at every check (issue 23): reading the
 * database is not enough to call it healthy, a full disk still reads but
 * fails every write (SQLITE_FULL), so health proves a real write.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("health_probe")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("checked_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("health_probe").ifExists().execute();
}
