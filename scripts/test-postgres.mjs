// `npm run test:postgres`: the vitest suite against PostgreSQL. Uses
// TEST_DATABASE_URL when given (a role that may create databases), else a
// throwaway cluster (scripts/postgres.mjs) removed afterwards. Extra
// arguments go to vitest (e.g. a test file).
import { spawn } from "node:child_process";
import { startPostgres } from "./postgres.mjs";

export async function runVitestOnPostgres(args = []) {
  const server = await startPostgres();
  const stop = () => server.stop();
  const onSignal = () => void stop().then(() => process.exit(130));
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    const child = spawn(process.execPath, ["node_modules/vitest/vitest.mjs", "run", ...args], {
      stdio: "inherit",
      env: { ...process.env, TEST_DB: "postgres", TEST_DATABASE_URL: server.url },
    });
    return await new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    await stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(await runVitestOnPostgres(process.argv.slice(2)));
}
