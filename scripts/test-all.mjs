// `npm test`: typecheck, lint and the import-cycle check (side by side), then
// two tracks at once: unit and integration tests on SQLite, a production
// build and end-to-end tests in Chromium (JavaScript on, and off for the tests
// tagged @no-js; with PostgreSQL, the two-process spec too); and beside them
// the same vitest suite on PostgreSQL when one can be had (TEST_DATABASE_URL,
// or Debian's postgresql package, see scripts/postgres.mjs;
// POSTGRES_TESTS=subset runs only the database-facing files of
// scripts/postgres-tests.mjs). The first failure stops everything still
// running. docs/testing.md says how the suite is organised.
import { spawn } from "node:child_process";
import { ensureChromium } from "./chromium.mjs";
import { postgresAvailable, startPostgres } from "./postgres.mjs";
import { POSTGRES_TEST_FILES } from "./postgres-tests.mjs";

ensureChromium();
let postgres = null;
if (postgresAvailable()) {
  console.log("\n▶ PostgreSQL for the tests");
  postgres = await startPostgres();
} else {
  console.log(
    "\nPostgreSQL not found (and not installable here): the suite runs on SQLite only. Set TEST_DATABASE_URL to include it.",
  );
}
const withPostgres = postgres ? { TEST_DATABASE_URL: postgres.url } : {};

const checks = [
  ["typecheck", "npm", ["run", "-s", "typecheck"], {}],
  ["lint", "npm", ["run", "-s", "lint"], {}],
  // no import cycle in app/ (type imports included): each concept's shared types live in their own files
  ["import cycles", "npm", ["run", "-s", "check:cycles"], {}],
];
/** The SQLite vitest run, then the build and the end-to-end tests against it. */
const sqliteTrack = [
  ["unit and integration (SQLite)", "npx", ["vitest", "run"], {}],
  ["build", "npm", ["run", "-s", "build"], {}],
  ["end-to-end", "node", ["scripts/e2e.mjs"], withPostgres],
];
/**
 * Beside it, the same vitest suite on PostgreSQL (its output printed when it ends). It takes twice the
 * SQLite run and spends much of it waiting for the server, so the build and the end-to-end tests start
 * as soon as the SQLite run has passed instead of waiting for it.
 */
const postgresTrack = postgres
  ? [
      [
        process.env.POSTGRES_TESTS === "subset" ? "database-facing tests (PostgreSQL)" : "unit and integration (PostgreSQL)",
        "npx",
        ["vitest", "run", "--reporter=dot", ...(process.env.POSTGRES_TESTS === "subset" ? POSTGRES_TEST_FILES : [])],
        { TEST_DB: "postgres", ...withPostgres },
        { buffered: true },
      ],
    ]
  : [];

/** Every command runs in a process group of its own, so a failure elsewhere (or Ctrl-C) stops it with its children. */
const running = new Set();
/** What a command stopped by us answers: the exit status is the failure that stopped it. */
const STOPPED = 143;
let stopping = false;
function stopAll(signal = "SIGTERM") {
  stopping = true;
  for (const child of running) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopAll(signal);
    process.exitCode = 130;
  });
}

/** Runs the commands one after the other; a failure stops everything still running. */
async function track(commands) {
  for (const command of commands) {
    if (stopping) return 1;
    const code = await run(command);
    if (code !== 0) {
      if (!stopping) stopAll();
      return code;
    }
  }
  return 0;
}

function run([name, cmd, args, env, { buffered = false } = {}]) {
  const started = Date.now();
  console.log(`\n▶ ${name}${buffered ? " (its output follows when it ends)" : ""}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...env },
      detached: true,
    });
    running.add(child);
    const output = [];
    if (buffered) {
      child.stdout.on("data", (chunk) => output.push(chunk));
      child.stderr.on("data", (chunk) => output.push(chunk));
    }
    child.on("close", (code, signal) => {
      running.delete(child);
      if (buffered) {
        console.log(`\n── ${name} ──`);
        process.stdout.write(Buffer.concat(output));
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code === 0) console.log(`✔ ${name} (${seconds} s)`);
      else if (signal && stopping) console.error(`\n■ ${name} stopped after ${seconds} s (another check failed, or the run was interrupted).`);
      else console.error(`\n✖ ${name} failed (exit ${code ?? signal}).`);
      resolve(code === 0 ? 0 : signal && stopping ? STOPPED : (code ?? 1));
    });
  });
}

const started = Date.now();
let failed = (await Promise.all(checks.map(run))).find((c) => c !== 0);
if (failed === undefined) {
  const codes = await Promise.all([track(sqliteTrack), track(postgresTrack)]);
  failed = codes.find((c) => c !== 0 && c !== STOPPED) ?? codes.find((c) => c !== 0);
}
await postgres?.stop();
if (failed !== undefined) process.exit(failed);
console.log(
  `\nAll checks passed in ${((Date.now() - started) / 60000).toFixed(1)} min.`,
);
