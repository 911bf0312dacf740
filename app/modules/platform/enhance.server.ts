import fs from "node:fs";
import path from "node:path";

/**
 * The URLs of the public site's browser code: the enhancement module
 * (app/enhance/public.ts, every public page) and the map's module
 * (app/enhance/map/catalogue-map.ts with Leaflet, fetched by the enhancement
 * module only on /imoveis/mapa). In development Vite serves the TypeScript
 * sources themselves; in production `scripts/build-enhance.mjs` (second half
 * of scripts/build.mjs, the one build) writes the hashed files' URLs to
 * build/enhance.json, read once.
 */
type Manifest = { src: string | null; map: string | null; mapCss: string | null };
let cached: Manifest | undefined;

const asset = (value: unknown) => (typeof value === "string" && value.startsWith("/assets/") ? value : null);

function manifest(): Manifest {
  if (cached) return cached;
  try {
    const raw = JSON.parse(fs.readFileSync(path.resolve(process.env.BUILD_DIR ?? "build", "enhance.json"), "utf8")) as Record<string, unknown>;
    cached = { src: asset(raw.src), map: asset(raw.map), mapCss: asset(raw.mapCss) };
  } catch {
    // A build without the enhancement step still serves working pages: they are plain HTML.
    cached = { src: null, map: null, mapCss: null };
  }
  return cached;
}

export function enhanceScriptSrc(): string | null {
  if (import.meta.env.DEV) return "/app/enhance/public.ts";
  return manifest().src;
}

/** The map page's module and its stylesheet (Vite injects the stylesheet itself in development). */
export function mapScriptSrc(): { js: string | null; css: string | null } {
  if (import.meta.env.DEV) return { js: "/app/enhance/map/catalogue-map.ts", css: null };
  const m = manifest();
  return { js: m.map, css: m.mapCss };
}
