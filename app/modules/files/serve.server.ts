import { Readable } from "node:stream";
import type { openReadStream } from "./storage.server";

/** Content types of the files we serve, by extension (each file's content was checked at upload, content-type.server.ts). */
export const SERVED_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  svg: "image/svg+xml",
  pdf: "application/pdf",
};

/**
 * A stored file as a response: type by its extension, ETag, `nosniff`; SVG
 * and unknown types are downloaded, never rendered from our origin;
 * `download` names the file the browser saves.
 */
export function fileResponse(request: Request, file: NonNullable<ReturnType<typeof openReadStream>>, name: string, options: { cache: string; download?: string; type?: string }): Response {
  const ext = name.split(".").pop()?.toLowerCase() ?? "";
  const etag = `"${file.size.toString(16)}-${file.mtime.getTime().toString(16)}"`;
  if (request.headers.get("If-None-Match") === etag) {
    file.stream.destroy();
    return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": options.cache } });
  }
  const headers: Record<string, string> = {
    "Content-Type": options.type ?? SERVED_TYPES[ext] ?? "application/octet-stream",
    "Content-Length": String(file.size),
    "Cache-Control": options.cache,
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  };
  // SVG and unknown types are downloaded, never rendered inline from our origin.
  if (options.download) headers["Content-Disposition"] = `attachment; filename="${options.download.replace(/[^A-Za-z0-9._-]/g, "_")}"`;
  else if (ext === "svg" || !SERVED_TYPES[ext]) headers["Content-Disposition"] = "attachment";
  return new Response(Readable.toWeb(file.stream) as ReadableStream, { headers });
}
