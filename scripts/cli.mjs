// Runs a server/cli.ts command. With dev dependencies present it loads the
// TypeScript source through Vite (always current); in a production image it
// uses the built bundle.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
let runCli;
let close = async () => {};
const useBuild = process.env.NODE_ENV === "production" || !fs.existsSync("node_modules/vite");
if (useBuild) {
  const entry = path.resolve(process.env.BUILD_DIR || "build", "server/index.js");
  if (!fs.existsSync(entry)) {
    console.error(`No build found at ${entry}: run \`npm run build\` first.`);
    process.exit(1);
  }
  ({ runCli } = await import(pathToFileURL(entry).href));
} else {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true, hmr: false }, appType: "custom", logLevel: "error", configFile: "vite.config.ts" });
  ({ runCli } = await vite.ssrLoadModule("./server/cli.ts"));
  close = () => vite.close();
}
const code = await runCli(args);
await close();
process.exit(code);
