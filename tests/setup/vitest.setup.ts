import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
// as in production, where the root route installs it: no English validation message
import "~/utils/zod-pt-br";
import { postgresTestDatabase } from "./postgres";

/**
 * Each test file gets its own real SQLite database in a fresh temporary
 * DATA_DIR, migrated before its tests run. Nothing is mocked.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-test-"));
process.env.DATA_DIR = dir;
process.env.NODE_ENV = "test";
process.env.LOG_LEVEL = "silent";
process.env.SEED_DEMO = "false";
delete process.env.SMTP_URL;
delete process.env.ADMIN_EMAIL;
delete process.env.ADMIN_PASSWORD;
delete process.env.PUBLIC_URL;
delete process.env.DATABASE_URL;

// `npm run test:postgres`: the same tests on a PostgreSQL database of this file's own.
const postgresTemplate = inject("postgresTemplate");
let dropPostgres: (() => Promise<void>) | null = null;

beforeAll(async () => {
  if (postgresTemplate) {
    const database = await postgresTestDatabase(postgresTemplate);
    process.env.DATABASE_URL = database.url;
    dropPostgres = database.drop;
  }
  const { resetConfigCache } = await import("~/modules/platform/config.server");
  resetConfigCache();
  const { migrate } = await import("~/modules/platform/db.server");
  await migrate();
});

afterAll(async () => {
  const { closeDb } = await import("~/modules/platform/db.server");
  await closeDb();
  await dropPostgres?.();
  fs.rmSync(dir, { recursive: true, force: true });
});
