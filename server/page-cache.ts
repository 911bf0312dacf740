import type { NextFunction, Request, Response } from "express";
import { catalogueVersion } from "~/modules/catalogue/version.server";

/**
 * A micro-cache of public pages for anonymous visitors. A request without
 * any cookie sees exactly the same page as every other anonymous visitor, so
 * the rendered HTML (or .data payload) is kept for a minute and dropped at
 * once when the catalogue changes (catalogue_version, bumped by triggers on
 * every write to properties). Signed-in users, responses that set a cookie,
 * errors and non-GET requests are never cached.
 */
const TTL_MS = 60_000;
const MAX_ENTRIES = 500;
const MAX_BODY_BYTES = 1_000_000;
const CACHEABLE = /^\/(?:|imoveis|buscar|alugar|sobre|contato|privacidade|blog|categoria\/[^/]+|imovel\/[^/]+)(?:\.data)?$/;

type Entry = { version: number; at: number; status: number; headers: [string, string][]; body: Buffer; nonce: string };
const cache = new Map<string, Entry>();

export function isCacheable(req: Pick<Request, "method" | "path" | "headers">): boolean {
  // a refused post shown as its page (request-guards.mjs) is never served from nor kept in the cache
  return req.method === "GET" && !req.headers["x-refused-post"] && !req.headers.cookie && !req.headers.authorization && CACHEABLE.test(req.path === "/_root.data" ? "/.data" : req.path);
}

export function pageCache() {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (process.env.NODE_ENV === "development" || !isCacheable(req)) return next();
    const key = req.originalUrl;
    let version: number;
    try {
      version = await catalogueVersion();
    } catch {
      return next();
    }
    const hit = cache.get(key);
    if (hit && hit.version === version && Date.now() - hit.at < TTL_MS) {
      res.status(hit.status);
      // A CSP nonce is never reused: the cached page gets this response's nonce.
      const nonce = typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : "";
      const swap = (text: string) => (hit.nonce && nonce ? text.split(hit.nonce).join(nonce) : text);
      for (const [name, value] of hit.headers) res.setHeader(name, name === "content-security-policy" ? swap(value) : value);
      res.setHeader("X-Page-Cache", "hit");
      res.end(hit.nonce && nonce ? Buffer.from(swap(hit.body.toString("utf8"))) : hit.body);
      return;
    }
    if (hit) cache.delete(key);
    capture(res, (status, headers, body) => {
      if (status !== 200 || headers.some(([n]) => n === "set-cookie") || body.length > MAX_BODY_BYTES) return;
      if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
      cache.set(key, { version, at: Date.now(), status, headers, body, nonce: typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : "" });
    });
    res.setHeader("X-Page-Cache", "miss");
    next();
  };
}

/** Collects what the handler writes, passing every chunk through unchanged. */
function capture(res: Response, done: (status: number, headers: [string, string][], body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk == null || typeof chunk === "function" || size > MAX_BODY_BYTES) return;
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
    size += buffer.length;
    chunks.push(buffer);
  };
  res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
    keep(chunk, encoding);
    return write(chunk, encoding, cb);
  }) as Response["write"];
  res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
    keep(chunk, encoding);
    const headers = Object.entries(res.getHeaders())
      .filter(([name]) => !["content-length", "x-page-cache", "content-encoding", "vary"].includes(name))
      .map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : String(value)] as [string, string]);
    done(res.statusCode, headers, Buffer.concat(chunks));
    return end(chunk, encoding, cb);
  }) as Response["end"];
}

export function clearPageCache(): void {
  cache.clear();
}
