import type { TestProject } from "vitest/node";
import { createPostgresDb } from "#db/connection";
import { migrateToLatest } from "#db/migrator";
import { createDatabase, dropDatabase, postgresServerUrl, withDatabase } from "./postgres";

/**
 * `npm run test:postgres` (TEST_DB=postgres): one migrated template database
 * for the run; each test file then gets a copy of it (tests/setup/postgres.ts),
 * as each gets a fresh SQLite file otherwise.
 */
declare module "vitest" {
  export interface ProvidedContext {
    postgresTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DB !== "postgres") {
    project.provide("postgresTemplate", null);
    return;
  }
  const server = postgresServerUrl();
  const template = `imob_template_${process.pid}`;
  await createDatabase(server, template);
  const { db } = createPostgresDb(withDatabase(server, template), { max: 1 });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  project.provide("postgresTemplate", template);
  return async () => {
    await dropDatabase(server, template);
  };
}
