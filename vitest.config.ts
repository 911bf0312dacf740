import { defineConfig } from "vitest/config";

// The reactRouter() plugin stays out of here: it would build routes and virtual modules for
// every test file, and route tests render through createRoutesStub (happy-dom) without it.
// Only the `~/…` aliases are needed (tsconfig paths).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "tests/integration/**/*.test.{ts,tsx}"],
    // One migrated database per run, copied by each file (docs/testing.md): a SQLite file, or with
    // TEST_DB=postgres (npm run test:postgres) a PostgreSQL template database.
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/vitest.setup.ts"],
    pool: "forks",
    // One process for all the files, not one per file: importing the app again for each of 138 files
    // took most of the run (import 150 s of 380 s). Each file still starts clean: tests/setup/vitest.setup.ts.
    isolate: false,
    // A stray `.only` would silently skip the rest of the suite: refused everywhere, not only in CI.
    allowOnly: false,
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});
