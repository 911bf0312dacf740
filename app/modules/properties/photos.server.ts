import crypto from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import { IMAGE_WIDTHS } from "~/utils/images";
import { ACCEPTED_FORMATS, ImageError, applyWatermark, inspectImage, storePhoto } from "~/modules/files/images.server";
import { log } from "~/modules/platform/logger.server";
import { discardFiles, readMultipartToDisk, uploadTempDir } from "~/modules/files/multipart.server";
import { copyFile, deleteFolder, deleteWithVariants, fileExists, isStoredUrl, keyFromUrl, privateRoot, publicUrl, resolveKey, uniqueFileName } from "~/modules/files/storage.server";
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

/**
 * Parses the editor's multipart post with the one upload reader
 * (files/multipart.server.ts): the files of `photos` and `watermarkFile` go
 * to DATA_DIR/tmp. A file over the per-file limit, or beyond the count
 * limit, is dropped with an error while the others go through; a body over
 * the request limit, or one that cannot be read, is refused with a message.
 */
export async function parseMultipartWithPhotos(request: Request, limits: PhotoLimits = PHOTO_LIMITS): Promise<ParsedPhotoPost> {
  const tooLargeMessage = photoError(`o envio passa do limite de ${megabytes(limits.maxRequestBytes)}; envie menos imagens por vez`);
  const read = await readMultipartToDisk(request, {
    maxRequestBytes: limits.maxRequestBytes,
    files: { [PHOTO_FIELD]: { maxBytes: limits.maxFileBytes, maxFiles: limits.maxFiles }, [WATERMARK_FILE_FIELD]: { maxBytes: limits.maxFileBytes, maxFiles: 1 } },
    maxFieldBytes: 1 * MB,
  });
  if (read.problem === "not-multipart") {
    // A plain urlencoded post (no file chosen, JS off with an older form) still works.
    const type = request.headers.get("content-type") ?? "";
    const plain = type.includes("application/x-www-form-urlencoded") ? await request.formData().catch(() => new FormData()) : new FormData();
    return { formData: plain, files: [], errors: [], watermarkFile: null };
  }
  if (read.problem === "too-large") return { formData: new FormData(), files: [], errors: [tooLargeMessage], watermarkFile: null, refused: true };
  if (read.problem === "malformed") return { formData: read.fields, files: [], errors: [photoError("envio incompleto ou inválido; tente novamente")], watermarkFile: null };
  const errors: string[] = [];
  if (read.skipped[PHOTO_FIELD]) errors.push(photoError(`no máximo ${limits.maxFiles} imagens por envio; as demais foram ignoradas`));
  const files: TempPhoto[] = [];
  let watermarkFile: TempPhoto | null = null;
  for (const f of read.files) {
    const isPhoto = f.field === PHOTO_FIELD;
    if (f.tooLarge) {
      const message = `${f.originalName}: arquivo maior que ${megabytes(limits.maxFileBytes)}`;
      errors.push(isPhoto ? photoError(message) : `Erro ao enviar marca d'água: ${message}`);
    } else if (f.failed) {
      errors.push(photoError(`${f.originalName}: falha ao receber o arquivo`));
    } else if (isPhoto) {
      files.push({ path: f.path, originalName: f.originalName, size: f.size, field: PHOTO_FIELD });
    } else {
      watermarkFile = { path: f.path, originalName: f.originalName, size: f.size, field: WATERMARK_FILE_FIELD };
    }
  }
  return { formData: read.fields, files, errors, watermarkFile };
}

export async function discardTempPhotos(files: (TempPhoto | null | undefined)[]): Promise<void> {
  await discardFiles(files);
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
  if (!isStoredUrl(url)) return null;
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
    // drafts live in the private area (storage.server.ts)
    names = await fsp.readdir(path.join(privateRoot(), PROPERTY_ROOT));
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
    const tmp = await fsp.readdir(uploadTempDir());
    await Promise.all(
      tmp.map(async (n) => {
        const p = path.join(uploadTempDir(), n);
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
