import { defineConfig } from "vitest/config";

// The reactRouter() plugin stays out of here (see stack notes).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "tests/integration/**/*.test.{ts,tsx}"],
    setupFiles: ["tests/setup/vitest.setup.ts"],
    // TEST_DB=postgres (npm run test:postgres): a migrated template database for the run.
    globalSetup: ["tests/setup/postgres-global.ts"],
    pool: "forks",
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});
