// `npm test`: typecheck, lint, unit and integration tests, production build,
// then end-to-end tests in Chromium (JavaScript on and off). Stops at the
// first failure.
import { spawnSync } from "node:child_process";
import { ensureChromium } from "./chromium.mjs";

ensureChromium();
const steps = [
  ["typecheck", "npm", ["run", "-s", "typecheck"]],
  ["lint", "npm", ["run", "-s", "lint"]],
  ["unit and integration", "npx", ["vitest", "run"]],
  ["build", "npm", ["run", "-s", "build"]],
  ["end-to-end", "node", ["scripts/e2e.mjs"]],
];
for (const [name, cmd, args] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { stdio: "inherit", env: process.env });
  if (r.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${r.status ?? r.signal}).`);
    process.exit(r.status ?? 1);
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
console.log("\nAll checks passed.");
