import { defineConfig } from "@playwright/test";

/**
 * End-to-end tests against the built server (started by scripts/e2e.mjs on
 * a free port with its own DATA_DIR), in Debian's Chromium, with JavaScript
 * on and off.
 */
const port = Number(process.env.E2E_PORT ?? 3900);
const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Two projects: `js` runs every test with JavaScript on; `no-js` runs again,
 * with JavaScript off, only the tests tagged `@no-js` — those where
 * JavaScript changes what is exercised (a form submitted, a navigation that
 * React would take over, a progressive enhancement and its fallback). A test
 * that only reads server HTML, probes HTTP, or needs JavaScript runs once.
 * The rule is written down in docs/testing.md.
 */
export default defineConfig({
  testDir: "tests/e2e",
  // the local map tile fake (MAP_TILE_URL points at it: scripts/e2e.mjs)
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  // A stray test.only would skip the rest silently; a retry would hide a flaky test. Neither, anywhere.
  forbidOnly: true,
  retries: 0,
  // Two cores: two workers keep both busy while the server, Chromium and the test process share them
  // (more workers only queue for the CPU; E2E_WORKERS overrides on a bigger machine).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Generous deadlines: a passing test never waits for them, and a loaded machine (a CPU stress beside
  // the suite, see docs/testing.md) must not fail a long story for a reason other than the one it tests.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", grep: /@no-js/, use: { javaScriptEnabled: false } },
  ],
});
