// Starts the built server on a free port with a fresh DATA_DIR, runs
// Playwright against it, then stops it. Extra arguments go to Playwright.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ensureChromium } from "./chromium.mjs";

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
const port = await freePort();
// the map's tiles come from a local fake (tests/mocks/tile-server.ts, started by tests/e2e/global-setup.ts)
const tilePort = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-e2e-"));
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
};

const server = spawn(process.execPath, ["server.mjs"], { env, stdio: ["ignore", "inherit", "inherit"] });
let serverExited = false;
server.on("exit", () => (serverExited = true));

const deadline = Date.now() + 60_000;
for (;;) {
  if (serverExited) {
    console.error("The server stopped before it was ready.");
    process.exit(1);
  }
  try {
    const res = await fetch(`http://localhost:${port}/healthz`);
    if (res.ok) break;
  } catch {}
  if (Date.now() > deadline) {
    console.error("The server did not become ready in 60 s.");
    server.kill("SIGTERM");
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 250));
}

const pw = spawn(process.execPath, ["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)], { env, stdio: "inherit" });
const code = await new Promise((resolve) => pw.on("exit", (c) => resolve(c ?? 1)));
server.kill("SIGTERM");
await new Promise((r) => setTimeout(r, 300));
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(code);
