// Bundles the public site's progressive enhancements (app/enhance/public.ts)
// into one small hashed module next to the client build, and records its URL
// in build/enhance.json for the server (app/modules/platform/enhance.server.ts).
// Public pages load this instead of React (docs/decisions.md, "public pages
// without framework JavaScript").
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const outdir = path.join(buildDir, "client", "assets");
const result = await build({
  entryPoints: ["app/enhance/public.ts"],
  bundle: true,
  minify: true,
  format: "esm",
  target: "es2020",
  outdir,
  entryNames: "enhance-[hash]",
  metafile: true,
  legalComments: "none",
  tsconfig: "tsconfig.json",
  logLevel: "warning",
});
const output = Object.keys(result.metafile.outputs).find((file) => file.endsWith(".js"));
if (!output) throw new Error("esbuild wrote no JavaScript for app/enhance/public.ts");
const file = path.resolve(output);
const src = `/assets/${path.basename(file)}`;
fs.writeFileSync(path.join(buildDir, "enhance.json"), JSON.stringify({ src }) + "\n");
const gz = gzipSync(fs.readFileSync(file)).length;
console.log(`enhancements: ${src} (${(gz / 1024).toFixed(1)} KB gzipped)`);
