// `npm test`: typecheck, lint and the import-cycle check (side by side), unit and
// integration tests, production build, then end-to-end tests in Chromium
// (JavaScript on, and off for the tests tagged @no-js). Stops at the first
// failure. docs/testing.md says how the suite is organised.
import { spawn } from "node:child_process";
import { ensureChromium } from "./chromium.mjs";

ensureChromium();
/** Each stage runs its commands at the same time; the next stage starts when all of them passed. */
const stages = [
  [
    ["typecheck", "npm", ["run", "-s", "typecheck"]],
    ["lint", "npm", ["run", "-s", "lint"]],
    // no import cycle in app/ (type imports included): each concept's shared types live in their own files
    ["import cycles", "npm", ["run", "-s", "check:cycles"]],
  ],
  [["unit and integration", "npx", ["vitest", "run"]]],
  [["build", "npm", ["run", "-s", "build"]]],
  [["end-to-end", "node", ["scripts/e2e.mjs"]]],
];

function run([name, cmd, args]) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: "inherit", env: process.env });
    child.on("exit", (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code === 0) console.log(`✔ ${name} (${seconds} s)`);
      else console.error(`\n✖ ${name} failed (exit ${code ?? signal}).`);
      resolve(code === 0 ? 0 : (code ?? 1));
    });
  });
}

const started = Date.now();
for (const stage of stages) {
  const codes = await Promise.all(stage.map(run));
  const failed = codes.find((c) => c !== 0);
  if (failed !== undefined) process.exit(failed);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 60000).toFixed(1)} min.`);
