import fs from "node:fs";
import path from "node:path";

/**
 * The URL of the public site's enhancement module (app/enhance/public.ts).
 * In development Vite serves the TypeScript source itself; in production
 * `scripts/build-enhance.mjs` (second half of scripts/build.mjs, the one build) writes the hashed file's URL to
 * build/enhance.json, read once.
 */
let cached: string | null | undefined;

export function enhanceScriptSrc(): string | null {
  if (import.meta.env.DEV) return "/app/enhance/public.ts";
  if (cached !== undefined) return cached;
  try {
    const manifest = JSON.parse(fs.readFileSync(path.resolve(process.env.BUILD_DIR ?? "build", "enhance.json"), "utf8")) as { src?: unknown };
    cached = typeof manifest.src === "string" && manifest.src.startsWith("/assets/") ? manifest.src : null;
  } catch {
    // A build without the enhancement step still serves working pages: they are plain HTML.
    cached = null;
  }
  return cached;
}
