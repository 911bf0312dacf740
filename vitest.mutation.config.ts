import { defineConfig } from "vitest/config";
import { LoadFailureAsFailedTest } from "./tests/setup/load-failure-reporter";
import base from "./vitest.config";

/**
 * The vitest config of mutation runs (stryker.config.mjs): the suite's own,
 * with the test files narrowed by MUTATION_TESTS (comma-separated paths or
 * globs) when a part is run on its own.
 *
 * Stryker's own `--testFiles` must NOT be used for that: with it, Stryker 9.6
 * activates every mutant "at runtime" (in a beforeAll, after the test file
 * has imported the module), so a mutant in code that runs at import — a zod
 * schema, a regex, a constant — is never active and is reported as survived
 * even when the tests kill it (stryker-js#6144). Without `--testFiles` a
 * static mutant is activated before the test file loads, as it must be.
 * A mutant that makes a module throw at import fails the test file's loading:
 * the reporter of tests/setup/load-failure-reporter.ts makes that a failed
 * test Stryker can see (stryker-js#6150).
 */
const only = process.env.MUTATION_TESTS?.split(",")
  .map((file) => file.trim())
  .filter(Boolean);

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    ...(only && only.length > 0 ? { include: only } : {}),
    // A mutant in code that runs at import must find its module evaluated afresh: one process per file here,
    // as when the scores of docs/testing.md were measured (the suite itself shares one process: vitest.config.ts).
    isolate: true,
    reporters: ["default", new LoadFailureAsFailedTest()],
  },
});
