// Starts the built server on a free port with a fresh DATA_DIR, runs
// Playwright against it, then stops it. Extra arguments go to Playwright.
// `--postgres` (or E2E_DATABASE_URL naming an empty database): the server runs
// on PostgreSQL instead of SQLite — a new empty database on TEST_DATABASE_URL's
// server, else on a throwaway cluster (scripts/postgres.mjs) — and the specs
// read and prepare that database (tests/e2e/database.ts).
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { ensureChromium } from "./chromium.mjs";
import { databaseUrl, startPostgres } from "./postgres.mjs";

const chromium = ensureChromium();
const buildDir = process.env.BUILD_DIR ?? "build";
if (!fs.existsSync(path.join(buildDir, "server/index.js"))) {
  console.error("No build found: run `npm run build` first (npm test does it).");
  process.exit(1);
}

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
const args = process.argv.slice(2).filter((a) => a !== "--postgres");
const wantPostgres = process.argv.includes("--postgres") || !!process.env.E2E_DATABASE_URL;
/** What to undo at the end (the throwaway database and cluster). */
const undo = [];
let e2eDatabaseUrl = process.env.E2E_DATABASE_URL ?? "";
let testServerUrl = process.env.TEST_DATABASE_URL ?? "";
if (wantPostgres && !e2eDatabaseUrl) {
  const cluster = await startPostgres({ quiet: true });
  undo.push(() => cluster.stop());
  testServerUrl ||= cluster.url;
  const name = `imob_e2e_${process.pid}`;
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  undo.unshift(async () => {
    const c = new pg.Client({ connectionString: cluster.url });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  e2eDatabaseUrl = databaseUrl(cluster.url, name);
}
if (e2eDatabaseUrl) console.log(`End-to-end on PostgreSQL: the server starts on an empty database (${new URL(e2eDatabaseUrl).pathname.slice(1)}).`);
const cleanup = async () => {
  for (const step of undo.splice(0)) await step().catch((e) => console.error(e));
};

const port = await freePort();
// the map's tiles come from a local fake (tests/mocks/tile-server.ts, started by tests/e2e/global-setup.ts)
const tilePort = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-e2e-"));
// removed at the end, and also when the server fails to start
undo.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
const env = {
  ...process.env,
  PORT: String(port),
  DATA_DIR: dataDir,
  NODE_ENV: "production",
  // the specs sign in with the demo accounts (a production start seeds nothing unless asked)
  SEED_DEMO: "true",
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
  RATE_LIMIT_MAX: "10000",
  // Cheap password hashes for the users the specs create and the forms they fill: the same scrypt code, a lower N.
  PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST ?? "1024",
  SMTP_URL: "",
  E2E_PORT: String(port),
  E2E_TILE_PORT: String(tilePort),
  MAP_TILE_URL: `http://127.0.0.1:${tilePort}/{z}/{x}/{y}.png`,
  E2E_DATA_DIR: dataDir,
  CHROMIUM_PATH: chromium,
  // the two-process spec makes its own databases on this server (skipped without one)
  ...(testServerUrl ? { TEST_DATABASE_URL: testServerUrl } : {}),
  // the specs' own access to the server's database (tests/e2e/database.ts); servers a spec starts itself keep SQLite
  ...(e2eDatabaseUrl ? { E2E_DATABASE_URL: e2eDatabaseUrl } : {}),
};
delete env.DATABASE_URL;
if (!e2eDatabaseUrl) delete env.E2E_DATABASE_URL;

const server = spawn(process.execPath, ["server.mjs"], { env: { ...env, ...(e2eDatabaseUrl ? { DATABASE_URL: e2eDatabaseUrl } : {}) }, stdio: ["ignore", "inherit", "inherit"] });
let serverExited = false;
server.on("exit", () => (serverExited = true));

const deadline = Date.now() + 60_000;
for (;;) {
  if (serverExited) {
    console.error("The server stopped before it was ready.");
    await cleanup();
    process.exit(1);
  }
  try {
    const res = await fetch(`http://localhost:${port}/healthz`);
    if (res.ok) break;
  } catch {}
  if (Date.now() > deadline) {
    console.error("The server did not become ready in 60 s.");
    server.kill("SIGTERM");
    await cleanup();
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 250));
}

const pw = spawn(process.execPath, ["node_modules/@playwright/test/cli.js", "test", ...args], { env, stdio: "inherit" });
const code = await new Promise((resolve) => pw.on("exit", (c) => resolve(c ?? 1)));
server.kill("SIGTERM");
await new Promise((r) => setTimeout(r, 300));
fs.rmSync(dataDir, { recursive: true, force: true });
await cleanup();
process.exit(code);
