// Runs React Router's CLI (`react-router build`, `react-router typegen`) with
// its output passed through, minus one line of upstream noise.
//
// @react-router/dev 7.18.4 starts its internal Vite servers (config loader
// and child compiler) with `envFile: false`, which Vite 8.1+ reports as
// deprecated once per server: up to 12 identical lines per build that no
// setting of ours can reach (our own vite.config.ts says `envDir: false`).
// Fixed upstream in React Router 8 (remix-run/react-router#15229, #15230),
// which needs Node 22. Only that exact line is dropped. `npm run dev` drops
// it the same way (server.mjs).
import { spawn } from "node:child_process";
import readline from "node:readline";
import { fileURLToPath } from "node:url";

export const UPSTREAM_NOISE = "The `envFile` option is deprecated, please use `envDir: false` instead.";
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
export const isUpstreamNoise = (text) => String(text).replace(ANSI, "").trim() === UPSTREAM_NOISE;

/** Runs `react-router <args>`; resolves with its exit code. */
export function reactRouter(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["node_modules/@react-router/dev/bin.js", ...args], { env: process.env, stdio: ["ignore", "pipe", "pipe"] });
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      readline.createInterface({ input: from, crlfDelay: Infinity }).on("line", (line) => {
        if (!isUpstreamNoise(line)) to.write(line + "\n");
      });
    }
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(await reactRouter(process.argv.slice(2)));
