import { fileResponse } from "~/modules/files/serve.server";
import { openReadStream, publicKeyFromPath, UPLOADS_URL_PREFIX } from "~/modules/files/storage.server";
import type { Route } from "./+types/uploads";

const NOT_FOUND = () => new Response("Arquivo não encontrado.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * Public files from DATA_DIR/uploads (photos, profile photos, blog covers),
 * to anyone. The path is taken from the request's own URL, decoded once and
 * checked part by part (storage.server.ts publicKeyFromPath); private files
 * live in another folder and have routes of their own
 * (routes/resources/private-files.ts), so no spelling reaches them here.
 * Names are unique per upload: cached for a year.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname;
  if (!pathname.startsWith(UPLOADS_URL_PREFIX)) return NOT_FOUND();
  const key = publicKeyFromPath(pathname.slice(UPLOADS_URL_PREFIX.length));
  const file = key ? openReadStream(key) : null;
  if (!key || !file) return NOT_FOUND();
  return fileResponse(request, file, key, { cache: "public, max-age=31536000, immutable" });
}
