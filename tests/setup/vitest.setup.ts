import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { format } from "node:util";
import { afterAll, afterEach, beforeAll, inject, vi } from "vitest";
// as in production, where the root route installs it: no English validation message
import "~/utils/zod-pt-br";
import { postgresTestDatabase } from "./postgres";

/**
 * Each test file gets its own real SQLite database in a fresh temporary
 * DATA_DIR: a copy of the template migrated once per run
 * (tests/setup/global-setup.ts), checked by `migrate()` like a server start.
 * Nothing is mocked.
 *
 * The files share one process (vitest.config.ts, `isolate: false`), so this
 * file runs again before each of them and starts it from what a fresh
 * process would see: the environment as the run began, a configuration of
 * its own (everything made from one, cookies, caches, counters, is made
 * again: config.server.ts's `configScoped`), real timers, no spies, no job.
 */
const shared = globalThis as typeof globalThis & { testEnvAtStart?: NodeJS.ProcessEnv; consoleErrorAtStart?: typeof console.error };
shared.testEnvAtStart ??= { ...process.env };
for (const key of Object.keys(process.env)) if (!(key in shared.testEnvAtStart)) delete process.env[key];
Object.assign(process.env, shared.testEnvAtStart);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-test-"));
process.env.DATA_DIR = dir;
process.env.NODE_ENV = "test";
process.env.LOG_LEVEL = "silent";
process.env.SEED_DEMO = "false";
// Password hashing at its cheapest cost: the same scrypt code path, a parameter (passwords.server.ts).
process.env.PASSWORD_HASH_COST ??= "1024";
delete process.env.SMTP_URL;
delete process.env.ADMIN_EMAIL;
delete process.env.ADMIN_PASSWORD;
delete process.env.PUBLIC_URL;
delete process.env.DATABASE_URL;

// `npm run test:postgres`: the same tests on a PostgreSQL database of this file's own.
const postgresTemplate = inject("postgresTemplate");
let dropPostgres: (() => Promise<void>) | null = null;

beforeAll(async () => {
  const sqliteTemplate = inject("templateDatabase");
  if (postgresTemplate) {
    const database = await postgresTestDatabase(postgresTemplate);
    process.env.DATABASE_URL = database.url;
    dropPostgres = database.drop;
  } else if (sqliteTemplate) {
    fs.copyFileSync(sqliteTemplate, path.join(dir, "app.db"));
  }
  const { resetConfigCache } = await import("~/modules/platform/config.server");
  resetConfigCache();
  const { restartFactories } = await import("../helpers/factories");
  restartFactories();
  const { migrate } = await import("~/modules/platform/db.server");
  await migrate();
});

afterAll(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  const { stopJobs } = await import("~/modules/platform/jobs.server");
  stopJobs();
  const { allowTestReceiver } = await import("~/modules/webhooks/address.server");
  allowTestReceiver(null);
});

afterAll(async () => {
  // A lead's hooks (routing, webhooks) run after its commit; one still running when the file's database is
  // dropped opened a new connection that the drop then killed: an uncaught 57P01 on PostgreSQL, now and then.
  const { settleLeadHooks } = await import("~/modules/leads/lead-hooks.server");
  await settleLeadHooks();
  const { closeDb } = await import("~/modules/platform/db.server");
  await closeDb();
  await dropPostgres?.();
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * console.error fails the test that printed it (as the Epic Stack does): a
 * React warning, an error logged by a route or a library is a bug until a
 * test says otherwise. A test that expects one asserts it explicitly:
 *   const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
 *   …; expect(consoleError).toHaveBeenCalledWith(…);
 * (the spy replaces this recorder for that test; vi.restoreAllMocks puts it back).
 */
const printed: string[] = [];
shared.consoleErrorAtStart ??= console.error.bind(console);
const originalError = shared.consoleErrorAtStart;
console.error = (...args: unknown[]) => {
  printed.push(format(...args));
  originalError(...args);
};

function failOnConsoleError(when: string) {
  if (printed.length === 0) return;
  const lines = printed.splice(0).map((line) => `  • ${line.split("\n")[0].slice(0, 300)}`);
  throw new Error(
    `console.error was called ${when}:\n${lines.join("\n")}\n` +
      `Fix the cause, or, where the error is the point of the test, expect it: vi.spyOn(console, "error").mockImplementation(() => {}) and assert on the spy.`,
  );
}

afterEach(() => failOnConsoleError("during this test"));
afterAll(() => failOnConsoleError("outside the tests (in a beforeAll/afterAll hook or at import)"));
