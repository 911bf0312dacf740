import type { Kysely } from "kysely";
import { createAccountTables } from "./0001_initial/accounts";
import { createContentTables } from "./0001_initial/content";
import { createCrmTables } from "./0001_initial/crm";
import { createPropertyTextIndex } from "./0001_initial/full-text";
import { createMessagingTables } from "./0001_initial/messaging";
import { createPropertyTables } from "./0001_initial/properties";
import { createRouletteAndWebhookTables } from "./0001_initial/roulette-webhooks";

/**
 * The whole data model of the three spec files. Later changes go in new
 * migrations; this file and its parts in 0001_initial/ (one per area, run
 * in this order) are never edited once landed.
 *
 * Portability: plain Kysely schema builder with ISO-8601 text timestamps and
 * 0/1 booleans; the only dialect-specific part is the full-text index at the
 * end (FTS5 on SQLite, tsvector words under GIN indexes on PostgreSQL), which
 * lives in db/ on purpose (0001_initial/full-text.ts). On PostgreSQL the column types are
 * translated by db/dialect.ts's PostgresSchemaPlugin.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // In this order: later tables reference earlier ones.
  await createAccountTables(db);
  await createPropertyTables(db);
  await createCrmTables(db);
  await createMessagingTables(db);
  await createRouletteAndWebhookTables(db);
  await createContentTables(db);
  await createPropertyTextIndex(db);
}

export async function down(): Promise<void> {
  throw new Error("The initial migration cannot be reverted; restore a backup instead.");
}
