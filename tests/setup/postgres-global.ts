import { createPostgresDb } from "#db/connection";
import { migrateToLatest } from "#db/migrator";
import { createDatabase, dropDatabase, postgresServerUrl, withDatabase } from "./postgres";

/**
 * `npm run test:postgres` (TEST_DB=postgres): one migrated template database
 * for the run (called by global-setup.ts); each test file then gets a copy of
 * it (tests/setup/postgres.ts), as each copies the SQLite template otherwise.
 * Returns the template's name and how to drop it.
 */
export async function setupPostgresTemplate(): Promise<{ template: string; teardown: () => Promise<void> }> {
  const server = postgresServerUrl();
  const template = `imob_template_${process.pid}`;
  await createDatabase(server, template);
  const { db } = createPostgresDb(withDatabase(server, template), { max: 1 });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  return { template, teardown: () => dropDatabase(server, template) };
}
