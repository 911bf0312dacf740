import { Readable } from "node:stream";
import { openReadStream } from "~/modules/files/storage.server";
import type { Route } from "./+types/uploads";

const TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  svg: "image/svg+xml",
  pdf: "application/pdf",
};

/** Files from DATA_DIR/uploads. Names are unique per upload, so they are cached for a year. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  let file: ReturnType<typeof openReadStream> = null;
  try {
    file = openReadStream(decodeURIComponent(key));
  } catch {
    file = null;
  }
  if (!file) return new Response("Arquivo não encontrado.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const ext = key.split(".").pop()?.toLowerCase() ?? "";
  const etag = `"${file.size.toString(16)}-${file.mtime.getTime().toString(16)}"`;
  if (request.headers.get("If-None-Match") === etag) {
    file.stream.destroy();
    return new Response(null, { status: 304, headers: { ETag: etag } });
  }
  const headers: Record<string, string> = {
    "Content-Type": TYPES[ext] ?? "application/octet-stream",
    "Content-Length": String(file.size),
    "Cache-Control": key.startsWith("materiais/") ? "private, max-age=0" : "public, max-age=31536000, immutable",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  };
  // SVG and unknown types are downloaded, never rendered inline from our origin.
  if (ext === "svg" || !TYPES[ext]) headers["Content-Disposition"] = "attachment";
  return new Response(Readable.toWeb(file.stream) as ReadableStream, { headers });
}
