import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
// as in production, where the root route installs it: no English validation message
import "~/utils/zod-pt-br";

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

beforeAll(async () => {
  const { resetConfigCache } = await import("~/modules/platform/config.server");
  resetConfigCache();
  const { migrate } = await import("~/modules/platform/db.server");
  await migrate();
});

afterAll(async () => {
  const { closeDb } = await import("~/modules/platform/db.server");
  await closeDb();
  fs.rmSync(dir, { recursive: true, force: true });
});
