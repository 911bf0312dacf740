// `npm test`: typecheck, lint and the import-cycle check (side by side), unit
// and integration tests on SQLite and, at the same time, the same tests on
// PostgreSQL when one can be had (TEST_DATABASE_URL, or Debian's postgresql
// package, see scripts/postgres.mjs; POSTGRES_TESTS=subset runs only the
// database-facing files of scripts/postgres-tests.mjs), production build, then
// end-to-end tests in Chromium (JavaScript on, and off for the tests tagged
// @no-js; with PostgreSQL, the two-process spec too). Stops at the first
// failure. docs/testing.md says how the suite is organised.
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

/** Each stage runs its commands at the same time; the next stage starts when all of them passed. */
const stages = [
  [
    ["typecheck", "npm", ["run", "-s", "typecheck"], {}],
    ["lint", "npm", ["run", "-s", "lint"], {}],
    // no import cycle in app/ (type imports included): each concept's shared types live in their own files
    ["import cycles", "npm", ["run", "-s", "check:cycles"], {}],
  ],
  // Side by side: on 2 cores each vitest runs one file at a time (its default), and the PostgreSQL run
  // spends much of its time waiting for the server; its output is printed when it ends.
  [
    ["unit and integration (SQLite)", "npx", ["vitest", "run"], {}],
    ...(postgres
      ? [
          [
            process.env.POSTGRES_TESTS === "subset" ? "database-facing tests (PostgreSQL)" : "unit and integration (PostgreSQL)",
            "npx",
            ["vitest", "run", "--reporter=dot", ...(process.env.POSTGRES_TESTS === "subset" ? POSTGRES_TEST_FILES : [])],
            { TEST_DB: "postgres", ...withPostgres },
            { buffered: true },
          ],
        ]
      : []),
  ],
  [["build", "npm", ["run", "-s", "build"], {}]],
  [["end-to-end", "node", ["scripts/e2e.mjs"], withPostgres]],
];

function run([name, cmd, args, env, { buffered = false } = {}]) {
  const started = Date.now();
  console.log(`\n▶ ${name}${buffered ? " (its output follows when it ends)" : ""}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...env },
    });
    const output = [];
    if (buffered) {
      child.stdout.on("data", (chunk) => output.push(chunk));
      child.stderr.on("data", (chunk) => output.push(chunk));
    }
    child.on("close", (code, signal) => {
      if (buffered) {
        console.log(`\n── ${name} ──`);
        process.stdout.write(Buffer.concat(output));
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code === 0) console.log(`✔ ${name} (${seconds} s)`);
      else console.error(`\n✖ ${name} failed (exit ${code ?? signal}).`);
      resolve(code === 0 ? 0 : (code ?? 1));
    });
  });
}

const started = Date.now();
let failed;
for (const stage of stages) {
  const codes = await Promise.all(stage.map(run));
  failed = codes.find((c) => c !== 0);
  if (failed !== undefined) break;
}
await postgres?.stop();
if (failed !== undefined) process.exit(failed);
console.log(
  `\nAll checks passed in ${((Date.now() - started) / 60000).toFixed(1)} min.`,
);
