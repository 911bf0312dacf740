import { Readable } from "node:stream";
import { optionalUser } from "~/modules/auth/auth.server";
import { isPrivateKey, openReadStream } from "~/modules/files/storage.server";
import type { Route } from "./+types/uploads";

const TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  svg: "image/svg+xml",
  pdf: "application/pdf",
};

const NOT_FOUND = () => new Response("Arquivo não encontrado.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** Whether this request may read a private file: a signed-in admin, or an active broker. */
async function mayReadPrivate(request: Request): Promise<boolean> {
  const user = await optionalUser(request);
  return user !== null && (user.role === "admin" || user.broker?.isActive === true);
}

/**
 * Files from DATA_DIR/uploads. Public photos have names unique per upload,
 * so they are cached for a year; private ones (draft photos, materials) are
 * answered only to the back office, never cached, and look absent to others.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  let decoded: string;
  try {
    decoded = decodeURIComponent(key);
  } catch {
    return NOT_FOUND();
  }
  const isPrivate = isPrivateKey(decoded);
  if (isPrivate && !(await mayReadPrivate(request))) return NOT_FOUND();
  let file: ReturnType<typeof openReadStream> = null;
  try {
    file = openReadStream(decoded);
  } catch {
    file = null;
  }
  if (!file) return NOT_FOUND();
  const ext = key.split(".").pop()?.toLowerCase() ?? "";
  const etag = `"${file.size.toString(16)}-${file.mtime.getTime().toString(16)}"`;
  if (request.headers.get("If-None-Match") === etag) {
    file.stream.destroy();
    return new Response(null, { status: 304, headers: { ETag: etag } });
  }
  const headers: Record<string, string> = {
    "Content-Type": TYPES[ext] ?? "application/octet-stream",
    "Content-Length": String(file.size),
    "Cache-Control": isPrivate ? "private, no-store" : "public, max-age=31536000, immutable",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  };
  // SVG and unknown types are downloaded, never rendered inline from our origin.
  if (ext === "svg" || !TYPES[ext]) headers["Content-Disposition"] = "attachment";
  return new Response(Readable.toWeb(file.stream) as ReadableStream, { headers });
}
