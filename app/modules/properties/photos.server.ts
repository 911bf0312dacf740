import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { IMAGE_WIDTHS } from "~/utils/images";
import { config } from "~/modules/platform/config.server";
import { ACCEPTED_FORMATS, ImageError, applyWatermark, inspectImage, storePhoto } from "~/modules/files/images.server";
import { log } from "~/modules/platform/logger.server";
import { copyFile, deleteFolder, deleteWithVariants, fileExists, keyFromUrl, publicUrl, resolveKey, uniqueFileName } from "~/modules/files/storage.server";
import { WATERMARK_FOLDER, type WatermarkSpec, loadWatermarkLogo } from "./watermarks.server";
import { MB, PHOTO_FIELD, PHOTO_LIMITS, type PhotoLimits, type TempPhoto, WATERMARK_FILE_FIELD } from "./photo-upload";
import { getErrorMessage } from "~/utils/errors";

/**
 * Property photos from the editor's multipart post to storage: the body is
 * streamed to temp files (never held in memory), each file is checked by
 * really decoding it, the watermark is drawn, and the original plus its
 * WebP variants are written under imoveis/{folder}/.
 */
export type ParsedPhotoPost = {
  /** text fields only */
  formData: FormData;
  /** files of the `photos` input, in posted order */
  files: TempPhoto[];
  errors: string[];
  /** the `watermarkFile` input, when a logo was posted */
  watermarkFile: TempPhoto | null;
  /** true when the whole body was refused (too large); formData is then empty */
  refused?: boolean;
};

export const PHOTO_DRAFT_PREFIX = "rascunho-";
const PROPERTY_ROOT = "imoveis";

export function photoError(message: string): string {
  return `Erro ao enviar imagem: ${message}`;
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / MB)} MB`;
}

function tempDir(): string {
  return path.join(config().dataDir, "tmp");
}

function tempPath(): string {
  return path.join(tempDir(), `upload-${Date.now()}-${crypto.randomBytes(8).toString("hex")}`);
}

/** Browsers send file names in UTF-8 but busboy reads them as latin1 by default; show a plain base name. */
function cleanName(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const printable = [...base].filter((ch) => ch.charCodeAt(0) >= 32 && ch.charCodeAt(0) !== 127).join("");
  return printable.slice(0, 120) || "arquivo";
}

/**
 * Parses a multipart post, writing the files of `photos` and `watermarkFile`
 * to DATA_DIR/tmp. A file over the per-file limit, or beyond the count
 * limit, is dropped with an error while the others go through. A declared
 * Content-Length over the request limit is refused before reading; an
 * undeclared one is cut off once it passes the limit.
 */
export async function parseMultipartWithPhotos(request: Request, limits: PhotoLimits = PHOTO_LIMITS): Promise<ParsedPhotoPost> {
  const formData = new FormData();
  const contentType = request.headers.get("content-type") ?? "";
  const tooLargeMessage = photoError(`o envio passa do limite de ${megabytes(limits.maxRequestBytes)}; envie menos imagens por vez`);

  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limits.maxRequestBytes) {
    await request.body?.cancel().catch(() => undefined);
    return { formData, files: [], errors: [tooLargeMessage], watermarkFile: null, refused: true };
  }

  if (!/^multipart\/form-data/i.test(contentType) || !request.body) {
    // A plain urlencoded post (no file chosen, JS off with an older form) still works.
    const plain = contentType.includes("application/x-www-form-urlencoded") ? await request.formData().catch(() => new FormData()) : new FormData();
    return { formData: plain, files: [], errors: [], watermarkFile: null };
  }

  await fsp.mkdir(tempDir(), { recursive: true });
  const files: TempPhoto[] = [];
  const errors: string[] = [];
  let watermarkFile: TempPhoto | null = null;
  const written: string[] = [];
  const pending: Promise<void>[] = [];
  let photoCount = 0;
  let countErrorShown = false;

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      // busboy's fileSize limit truncates one file and carries on with the next part.
      limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles + 1 + 5, fields: 1000, fieldSize: 1 * MB, parts: 1200 },
    });
  } catch {
    return { formData, files: [], errors: [photoError("envio inválido")], watermarkFile: null };
  }

  parser.on("field", (name, value) => {
    formData.append(name, value);
  });

  parser.on("file", (field, stream, info) => {
    const originalName = cleanName(info.filename);
    const isPhoto = field === PHOTO_FIELD;
    const isLogo = field === WATERMARK_FILE_FIELD;
    // An empty file input still posts one part with no name and no bytes.
    if ((!isPhoto && !isLogo) || !info.filename) {
      stream.resume();
      return;
    }
    if (isPhoto) {
      photoCount += 1;
      if (photoCount > limits.maxFiles) {
        stream.resume();
        if (!countErrorShown) errors.push(photoError(`no máximo ${limits.maxFiles} imagens por envio; as demais foram ignoradas`));
        countErrorShown = true;
        return;
      }
    } else if (watermarkFile) {
      stream.resume();
      return;
    }
    const file: TempPhoto = { path: tempPath(), originalName, size: 0, field: isPhoto ? PHOTO_FIELD : WATERMARK_FILE_FIELD };
    written.push(file.path);
    let truncated = false;
    stream.on("data", (chunk: Buffer) => {
      file.size += chunk.length;
    });
    stream.on("limit", () => {
      truncated = true;
    });
    const done = pipeline(stream, fs.createWriteStream(file.path, { flags: "wx" }))
      .then(async () => {
        if (truncated) {
          file.tooLarge = true;
          await fsp.rm(file.path, { force: true });
          const message = `${originalName}: arquivo maior que ${megabytes(limits.maxFileBytes)}`;
          errors.push(isPhoto ? photoError(message) : `Erro ao enviar marca d'água: ${message}`);
          return;
        }
        if (isPhoto) files.push(file);
        else watermarkFile = file;
      })
      .catch(async (error: unknown) => {
        await fsp.rm(file.path, { force: true });
        log.warn("photo upload stream failed", { error: getErrorMessage(error) });
        errors.push(photoError(`${originalName}: falha ao receber o arquivo`));
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
    await Promise.all(written.map((p) => fsp.rm(p, { force: true })));
    if (overLimit) return { formData: new FormData(), files: [], errors: [tooLargeMessage], watermarkFile: null, refused: true };
    log.warn("multipart parse failed", { error: getErrorMessage(error) });
    return { formData, files: [], errors: [photoError("envio incompleto ou inválido; tente novamente")], watermarkFile: null };
  }

  // Files finish writing in any order; keep the order the user chose them in.
  const order = new Map(written.map((p, i) => [p, i]));
  files.sort((a, b) => (order.get(a.path) ?? 0) - (order.get(b.path) ?? 0));
  return { formData, files, errors, watermarkFile };
}

export async function discardTempPhotos(files: (TempPhoto | null | undefined)[]): Promise<void> {
  await Promise.all(files.map((f) => (f ? fsp.rm(f.path, { force: true }) : undefined)));
}

function assertPhotoFolder(folder: string): void {
  if (!/^imoveis\/[a-z0-9][a-z0-9-]*$/.test(folder) || folder === WATERMARK_FOLDER) throw new Error(`invalid photo folder: ${folder}`);
}

/**
 * Checks, watermarks and stores each file (in order) under `folder`; a bad
 * file is skipped with its message. Temp files are always removed.
 */
export async function storeUploadedPhotos(
  files: TempPhoto[],
  options: { folder: string; watermark: WatermarkSpec | null },
): Promise<{ urls: string[]; errors: string[] }> {
  const urls: string[] = [];
  const errors: string[] = [];
  try {
    assertPhotoFolder(options.folder);
    let logo: Buffer | null = null;
    if (options.watermark) {
      try {
        logo = await loadWatermarkLogo(options.watermark);
      } catch (error) {
        const message = getErrorMessage(error);
        return { urls, errors: [`Erro ao aplicar marca d'água: ${message}`] };
      }
    }
    // One at a time: a 15 MB photo decodes to ~150 MB of pixels; two cores gain little from parallel sharp calls here.
    for (const file of files) {
      if (file.tooLarge) {
        errors.push(photoError(`${file.originalName}: arquivo maior que ${megabytes(PHOTO_LIMITS.maxFileBytes)}`));
        continue;
      }
      let data: Buffer;
      let ext: string;
      try {
        data = await fsp.readFile(file.path);
        const { format } = await inspectImage(data);
        ext = ACCEPTED_FORMATS[format];
      } catch (error) {
        errors.push(photoError(`${file.originalName}: ${error instanceof ImageError ? error.message : "arquivo não pôde ser lido"}`));
        continue;
      }
      if (options.watermark && logo) {
        try {
          data = await applyWatermark(data, { logo, position: options.watermark.position, opacity: options.watermark.opacity, sizePercent: options.watermark.sizePercent });
        } catch (error) {
          errors.push(`Erro ao aplicar marca d'água: ${file.originalName}: ${getErrorMessage(error)}`);
          continue;
        }
      }
      try {
        const key = await storePhoto(options.folder, uniqueFileName(ext), data);
        urls.push(publicUrl(key));
      } catch (error) {
        log.error("photo store failed", { error: getErrorMessage(error), folder: options.folder });
        errors.push(photoError(`${file.originalName}: falha ao gravar o arquivo`));
      }
    }
    return { urls, errors };
  } finally {
    await discardTempPhotos(files);
  }
}

/** Storage key of a property photo URL, or null when it is not one we may touch. */
function photoKey(url: string): string | null {
  if (typeof url !== "string" || !url.startsWith("/uploads/")) return null;
  let key: string | null;
  try {
    key = keyFromUrl(url);
    if (key) resolveKey(key);
  } catch {
    return null;
  }
  if (!key || !key.startsWith(`${PROPERTY_ROOT}/`) || key.startsWith(`${WATERMARK_FOLDER}/`)) return null;
  if (key.split("/").length !== 3) return null; // imoveis/{folder}/{file}
  return key;
}

/** Deletes photos and their variants; URLs outside imoveis/ (or in the watermark library) are refused. */
export async function deletePhotos(urls: string[]): Promise<{ deleted: string[]; refused: string[] }> {
  const deleted: string[] = [];
  const refused: string[] = [];
  for (const url of urls) {
    const key = photoKey(url);
    if (!key) {
      refused.push(url);
      continue;
    }
    await deleteWithVariants(key);
    deleted.push(url);
  }
  if (refused.length) log.warn("refused to delete photos outside imoveis/", { refused });
  return { deleted, refused };
}

/**
 * Moves photos (original and variants) into `toFolder`, e.g. from the draft
 * folder of a create to imoveis/{slug}. URLs already there, or not ours, are
 * returned unchanged. Returns the new URLs in the same order.
 */
export async function movePhotosToFolder(urls: string[], toFolder: string, options: { keepSource?: boolean } = {}): Promise<string[]> {
  assertPhotoFolder(toFolder);
  const result: string[] = [];
  for (const url of urls) {
    const key = photoKey(url);
    if (!key || key.startsWith(`${toFolder}/`)) {
      result.push(url);
      continue;
    }
    if (!(await fileExists(key))) {
      result.push(url);
      continue;
    }
    const name = key.slice(key.lastIndexOf("/") + 1);
    let target = `${toFolder}/${name}`;
    if (await fileExists(target)) target = `${toFolder}/${uniqueFileName(name.slice(name.lastIndexOf(".") + 1))}`;
    await copyFile(key, target);
    await Promise.all(
      IMAGE_WIDTHS.map(async (w) => {
        if (await fileExists(`${key}.w${w}.webp`)) await copyFile(`${key}.w${w}.webp`, `${target}.w${w}.webp`);
      }),
    );
    if (!options.keepSource) await deleteWithVariants(key);
    result.push(publicUrl(target));
  }
  return result;
}

/** A fresh folder for the photos of a property not yet created. */
export function draftFolderName(): string {
  return `${PROPERTY_ROOT}/${PHOTO_DRAFT_PREFIX}${crypto.randomBytes(8).toString("hex")}`;
}

export function isDraftFolder(folder: string): boolean {
  return folder.startsWith(`${PROPERTY_ROOT}/${PHOTO_DRAFT_PREFIX}`);
}

/**
 * Removes draft folders whose newest file is older than `olderThanMs`
 * (photos of creates that were cancelled or abandoned), and stale temp
 * upload files. Returns how many draft folders were removed.
 */
export async function purgeStaleDrafts(olderThanMs = 24 * 60 * 60 * 1000, now: Date = new Date()): Promise<number> {
  const cutoff = now.getTime() - olderThanMs;
  let removed = 0;
  let names: string[] = [];
  try {
    names = await fsp.readdir(resolveKey(PROPERTY_ROOT));
  } catch {
    names = [];
  }
  for (const name of names.filter((n) => n.startsWith(PHOTO_DRAFT_PREFIX))) {
    const folder = `${PROPERTY_ROOT}/${name}`;
    const dir = resolveKey(folder);
    try {
      const entries = await fsp.readdir(dir);
      const stats = await Promise.all([dir, ...entries.map((e) => path.join(dir, e))].map((p) => fsp.stat(p)));
      const newest = Math.max(...stats.map((s) => s.mtimeMs));
      if (newest < cutoff) {
        await deleteFolder(folder);
        removed += 1;
      }
    } catch {
      // vanished meanwhile
    }
  }
  try {
    const tmp = await fsp.readdir(tempDir());
    await Promise.all(
      tmp.map(async (n) => {
        const p = path.join(tempDir(), n);
        const stat = await fsp.stat(p).catch(() => null);
        if (stat && stat.mtimeMs < cutoff) await fsp.rm(p, { force: true });
      }),
    );
  } catch {
    // no temp folder yet
  }
  if (removed) log.info("stale photo drafts removed", { removed });
  return removed;
}
