// Bundles the public site's progressive enhancements (app/enhance/public.ts)
// into one small hashed module next to the client build, and records its URL
// in build/enhance.json for the server (app/modules/platform/enhance.server.ts).
// Public pages load this instead of React (docs/decisions.md, "public pages
// without framework JavaScript"). A second entry, the map of /imoveis/mapa
// (app/enhance/map/catalogue-map.ts: Leaflet, its stylesheet, the markers),
// is its own module, fetched by the first only on that page.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const outdir = path.join(buildDir, "client", "assets");
const common = {
  bundle: true,
  minify: true,
  format: "esm",
  target: "es2020",
  outdir,
  metafile: true,
  legalComments: "none",
  tsconfig: "tsconfig.json",
  logLevel: "warning",
};

async function bundle(entry, name) {
  const result = await build({ ...common, entryPoints: [entry], entryNames: `${name}-[hash]`, loader: { ".png": "empty" } });
  const outputs = Object.keys(result.metafile.outputs);
  const js = outputs.find((file) => file.endsWith(".js"));
  if (!js) throw new Error(`esbuild wrote no JavaScript for ${entry}`);
  const css = outputs.find((file) => file.endsWith(".css"));
  const url = (file) => `/assets/${path.basename(path.resolve(file))}`;
  const gz = (file) => (gzipSync(fs.readFileSync(path.resolve(file))).length / 1024).toFixed(1);
  console.log(`${name}: ${url(js)} (${gz(js)} KB gzipped)${css ? `, ${url(css)} (${gz(css)} KB gzipped)` : ""}`);
  return { js: url(js), css: css ? url(css) : null };
}

const enhance = await bundle("app/enhance/public.ts", "enhance");
const map = await bundle("app/enhance/map/catalogue-map.ts", "map");
fs.writeFileSync(path.join(buildDir, "enhance.json"), JSON.stringify({ src: enhance.js, map: map.js, mapCss: map.css }) + "\n");
