// Runs a server/cli.ts command. With dev dependencies present it loads the
// TypeScript source through Vite (always current); in a production image it
// uses the built bundle.
import fs from "node:fs";

const args = process.argv.slice(2);
let runCli;
let close = async () => {};
const useBuild = process.env.NODE_ENV === "production" || !fs.existsSync("node_modules/vite");
if (useBuild) {
  if (!fs.existsSync("build/server/index.js")) {
    console.error("No build found: run `npm run build` first.");
    process.exit(1);
  }
  ({ runCli } = await import("../build/server/index.js"));
} else {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true, hmr: false }, appType: "custom", logLevel: "error", configFile: "vite.config.ts" });
  ({ runCli } = await vite.ssrLoadModule("./server/cli.ts"));
  close = () => vite.close();
}
const code = await runCli(args);
await close();
process.exit(code);
