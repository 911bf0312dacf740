import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { config } from "~/modules/platform/config.server";
import { log } from "~/modules/platform/logger.server";
import { getErrorMessage } from "~/utils/errors";

/**
 * The one streaming reader of upload posts (multipart/form-data): text
 * fields into a FormData, each file of an expected input straight to a temp
 * file under DATA_DIR/tmp (never held in memory), every limit enforced while
 * reading. A body that cannot be read (bad or missing boundary, cut short,
 * over the request limit) is an outcome, never an exception, so the route
 * answers a 4xx with a pt-BR message. Callers decide who may post BEFORE
 * calling this (the body is read here), check each file's content
 * (content-type.server.ts), and discard the temp files when done.
 */
const MB = 1024 * 1024;

export type FileRule = {
  /** bytes per file; a longer file is cut off, removed and reported `tooLarge` */
  maxBytes: number;
  /** files of this input per post; the rest are skipped and counted in `skipped` */
  maxFiles: number;
};

export type MultipartLimits = {
  /** the whole body; past it reading stops and the post is refused */
  maxRequestBytes: number;
  /** the file inputs read (by name); files of any other input are skipped unread */
  files: Record<string, FileRule>;
  maxFields?: number;
  maxFieldBytes?: number;
};

export type ReceivedFile = {
  field: string;
  /** the temp file; gone when `tooLarge` or `failed` */
  path: string;
  /** the browser's file name, printable, without folders */
  originalName: string;
  size: number;
  tooLarge: boolean;
  failed: boolean;
};

export type MultipartOutcome = {
  /** the text fields read (all of them when `problem` is null) */
  fields: FormData;
  /** files of the expected inputs, in posted order (an empty file input posts none) */
  files: ReceivedFile[];
  /** per input, files beyond its maxFiles that were skipped */
  skipped: Record<string, number>;
  /** null when the whole body was read */
  problem: null | "too-large" | "malformed" | "not-multipart";
};

/** Where posted files wait until they are checked and stored (stale ones are purged by housekeeping). */
export function uploadTempDir(): string {
  return path.join(config().dataDir, "tmp");
}

function tempPath(): string {
  return path.join(uploadTempDir(), `upload-${Date.now()}-${crypto.randomBytes(8).toString("hex")}`);
}

/** Browsers send file names in UTF-8; keep a printable base name. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const printable = [...base].filter((ch) => ch.charCodeAt(0) >= 32 && ch.charCodeAt(0) !== 127).join("");
  return printable.slice(0, 120) || "arquivo";
}

export function isMultipart(request: Request): boolean {
  return /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "");
}

export async function readMultipartToDisk(request: Request, limits: MultipartLimits): Promise<MultipartOutcome> {
  const fields = new FormData();
  const files: ReceivedFile[] = [];
  const skipped: Record<string, number> = {};
  const outcome = (problem: MultipartOutcome["problem"]): MultipartOutcome => ({ fields, files, skipped, problem });
  const contentType = request.headers.get("content-type") ?? "";
  if (!isMultipart(request) || !request.body) return outcome("not-multipart");

  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limits.maxRequestBytes) {
    await drain(request.body, declared, limits.maxRequestBytes);
    return outcome("too-large");
  }

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: {
        files: Object.values(limits.files).reduce((n, r) => n + r.maxFiles, 0) + 5,
        fields: limits.maxFields ?? 1000,
        fieldSize: limits.maxFieldBytes ?? 1 * MB,
        parts: (limits.maxFields ?? 1000) + 100,
      },
    });
  } catch {
    // no or bad boundary
    await drain(request.body, declared, limits.maxRequestBytes);
    return outcome("malformed");
  }

  await fsp.mkdir(uploadTempDir(), { recursive: true });
  const pending: Promise<void>[] = [];
  const counts: Record<string, number> = {};

  parser.on("field", (name, value) => {
    fields.append(name, value);
  });

  parser.on("file", (field, stream, info) => {
    const rule = limits.files[field];
    // An empty file input still posts one part with no name and no bytes.
    if (!rule || !info.filename) {
      stream.resume();
      return;
    }
    counts[field] = (counts[field] ?? 0) + 1;
    if (counts[field] > rule.maxFiles) {
      skipped[field] = (skipped[field] ?? 0) + 1;
      stream.resume();
      return;
    }
    const file: ReceivedFile = { field, path: tempPath(), originalName: cleanFileName(info.filename), size: 0, tooLarge: false, failed: false };
    files.push(file);
    // Bytes past the file's limit are read and dropped, so the rest of the body is still parsed.
    const cap = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        file.size += chunk.length;
        if (file.size > rule.maxBytes) {
          file.tooLarge = true;
          callback();
        } else callback(null, chunk);
      },
    });
    const done = pipeline(stream, cap, fs.createWriteStream(file.path, { flags: "wx" }))
      .catch((error: unknown) => {
        file.failed = true;
        log.warn("upload stream failed", { error: getErrorMessage(error) });
      })
      .then(async () => {
        if (file.tooLarge || file.failed) await fsp.rm(file.path, { force: true });
      });
    pending.push(done);
  });

  let received = 0;
  let overLimit = false;
  const body = Readable.fromWeb(request.body as unknown as NodeWebReadableStream<Uint8Array>);
  body.on("data", (chunk: Buffer) => {
    received += chunk.length;
    if (received > limits.maxRequestBytes && !overLimit) {
      overLimit = true;
      body.destroy(new Error("request body over the limit"));
    }
  });

  try {
    await pipeline(body, parser);
    await Promise.all(pending);
  } catch (error) {
    await Promise.allSettled(pending);
    await discardFiles(files);
    files.length = 0;
    if (overLimit) return outcome("too-large");
    log.warn("multipart body unreadable", { error: getErrorMessage(error) });
    return outcome("malformed");
  }
  return outcome(null);
}

/** Past this a refused body is cut off instead of read to its end (the server's guard keeps upload posts below it). */
const DRAIN_LIMIT = 64 * MB;

/**
 * Reads a refused body to its end and drops it, so the browser finishes
 * sending and reads the answer (cancelling the stream would close the
 * connection under it: Chromium then shows its connection-error page).
 * Only a body near the route's limit is drained (a person who chose one
 * photo too many); one declared far over it (over twice the limit) is not
 * read at all: the connection is closed instead.
 */
async function drain(body: ReadableStream<Uint8Array>, declared: number, limit: number): Promise<void> {
  if (Number.isFinite(declared) && declared > Math.min(DRAIN_LIMIT, 2 * limit)) {
    await body.cancel().catch(() => undefined);
    return;
  }
  const reader = body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > Math.min(DRAIN_LIMIT, 2 * limit)) {
        await reader.cancel().catch(() => undefined);
        return;
      }
    }
  } catch {
    // the client went away
  }
}

/** Removes the temp files of a post (always call it once the files are stored or refused). */
export async function discardFiles(files: readonly (Pick<ReceivedFile, "path"> | null | undefined)[]): Promise<void> {
  await Promise.all(files.map((f) => (f ? fsp.rm(f.path, { force: true }) : undefined)));
}

/**
 * For upload routes whose forms post either way: multipart (files to disk,
 * as above) or urlencoded (text only, e.g. a form without a file input).
 * Any other body is `not-multipart` with no fields.
 */
export async function readFormWithFiles(request: Request, limits: MultipartLimits): Promise<MultipartOutcome> {
  if (isMultipart(request)) return readMultipartToDisk(request, limits);
  const none = { files: [], skipped: {} };
  if (/^application\/x-www-form-urlencoded/i.test(request.headers.get("content-type") ?? "")) {
    try {
      return { ...none, fields: await request.formData(), problem: null };
    } catch {
      return { ...none, fields: new FormData(), problem: "malformed" };
    }
  }
  return { ...none, fields: new FormData(), problem: "not-multipart" };
}

/** The first file received for `field`, or null. */
export function fileOf(outcome: MultipartOutcome, field: string): ReceivedFile | null {
  return outcome.files.find((f) => f.field === field) ?? null;
}
