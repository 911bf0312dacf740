import type { RunnerTestCase, RunnerTestFile } from "vitest";
import type { Reporter, Vitest } from "vitest/node";

/**
 * Mutation runs only (vitest.mutation.config.ts): a test file that could not
 * even be loaded gets one failed test carrying its load error.
 *
 * Stryker's vitest runner (9.6.1) builds a mutant's result from the tests it
 * finds in the run, and a file whose import threw has none; so a static
 * mutant that breaks a module at import — `z.discriminatedUnion("intent",
 * [z.object({}), …])` throws "Invalid discriminated union option" as the
 * module is evaluated — was scored *survived*, although vitest fails that
 * file (stryker-js#6150). With this, it is killed, as it is in a plain
 * `vitest run`. A file that loaded is left as it is.
 */
export class LoadFailureAsFailedTest implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest) {
    this.vitest = vitest;
  }

  onTestRunEnd() {
    for (const file of this.vitest?.state.getFiles() ?? []) {
      if (file.result?.state !== "fail" || file.tasks.length > 0) continue;
      const message = file.result.errors?.[0]?.message ?? "the test file could not be loaded";
      file.tasks.push(failedLoad(file, message));
    }
  }
}

function failedLoad(file: RunnerTestFile, message: string): RunnerTestCase {
  // only the fields Stryker reads: type, name, mode, file, result (vitest-helpers.js)
  return {
    type: "test",
    id: `${file.id}_load`,
    name: "the test file loads",
    fullName: `${file.name} the test file loads`,
    mode: "run",
    file,
    meta: {},
    annotations: [],
    artifacts: [],
    timeout: 0,
    context: undefined as never,
    result: { state: "fail", errors: [{ name: "Error", message }] },
  } as unknown as RunnerTestCase;
}
