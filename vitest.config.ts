import { defineConfig } from "vitest/config";

// The reactRouter() plugin stays out of here (see stack notes).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "tests/integration/**/*.test.{ts,tsx}"],
    setupFiles: ["tests/setup/vitest.setup.ts"],
    pool: "forks",
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});
