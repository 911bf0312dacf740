import { defineConfig } from "vitest/config";

// The reactRouter() plugin stays out of here: it would build routes and virtual modules for
// every test file, and route tests render through createRoutesStub (happy-dom) without it.
// Only the `~/…` aliases are needed (tsconfig paths).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "tests/integration/**/*.test.{ts,tsx}"],
    // One migrated database per run, copied by each file (docs/testing.md).
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/vitest.setup.ts"],
    pool: "forks",
    // A stray `.only` would silently skip the rest of the suite: refused everywhere, not only in CI.
    allowOnly: false,
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});
