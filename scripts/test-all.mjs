// `npm test`: typecheck, lint, unit and integration tests (on SQLite, then
// on PostgreSQL when one can be had: TEST_DATABASE_URL, or Debian's
// postgresql package, see scripts/postgres.mjs), production build, then
// end-to-end tests in Chromium (JavaScript on and off; with PostgreSQL, the
// two-process spec too). Stops at the first failure.
import { spawnSync } from "node:child_process";
import { ensureChromium } from "./chromium.mjs";
import { postgresAvailable, startPostgres } from "./postgres.mjs";

ensureChromium();
let postgres = null;
if (postgresAvailable()) {
  console.log("\n▶ PostgreSQL for the tests");
  postgres = await startPostgres();
} else {
  console.log("\nPostgreSQL not found (and not installable here): the suite runs on SQLite only. Set TEST_DATABASE_URL to include it.");
}
const withPostgres = postgres ? { TEST_DATABASE_URL: postgres.url } : {};
const steps = [
  ["typecheck", "npm", ["run", "-s", "typecheck"], {}],
  ["lint", "npm", ["run", "-s", "lint"], {}],
  ["unit and integration (SQLite)", "npx", ["vitest", "run"], {}],
  ...(postgres ? [["unit and integration (PostgreSQL)", "npx", ["vitest", "run"], { TEST_DB: "postgres", ...withPostgres }]] : []),
  ["build", "npm", ["run", "-s", "build"], {}],
  ["end-to-end", "node", ["scripts/e2e.mjs"], withPostgres],
];
let failed = 0;
for (const [name, cmd, args, env] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${r.status ?? r.signal}).`);
    failed = r.status ?? 1;
    break;
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
await postgres?.stop();
if (failed) process.exit(failed);
console.log("\nAll checks passed.");
