import crypto from "node:crypto";
import fsp from "node:fs/promises";
import { ACCEPTED_FORMATS, ImageError, inspectImage, storePhoto, withImageSlot } from "~/modules/files/images.server";
import { type MultipartOutcome, type ReceivedFile, discardFiles, readFormWithFiles } from "~/modules/files/multipart.server";
import { deleteFolder, uniqueFileName } from "~/modules/files/storage.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { OFFER_MESSAGES, OFFER_PHOTO_FIELD, OFFER_PHOTO_LIMITS } from "./owner-offer";

/**
 * The photos of an offer (/anuncie): read with the one streaming upload
 * reader (files/multipart.server.ts) into DATA_DIR/tmp, each checked as the
 * property editor checks its photos (size limit while reading, magic bytes
 * and a full decode by sharp in images.server.ts inspectImage), then stored
 * through the same image pipeline (no metadata, WebP variants for the
 * thumbnails) in a private folder, captacao/{hex}, that /uploads can never
 * reach (storage.server.ts).
 */
export const OFFER_ROOT = "captacao";

/** A fresh private folder for one offer's photos. */
export function offerFolderName(): string {
  return `${OFFER_ROOT}/${crypto.randomBytes(8).toString("hex")}`;
}

export const OFFER_FOLDER = /^captacao\/[0-9a-f]{16}$/;

export function readOfferPost(request: Request): Promise<MultipartOutcome> {
  return readFormWithFiles(request, {
    maxRequestBytes: OFFER_PHOTO_LIMITS.maxRequestBytes,
    files: { [OFFER_PHOTO_FIELD]: { maxBytes: OFFER_PHOTO_LIMITS.maxFileBytes, maxFiles: OFFER_PHOTO_LIMITS.maxFiles } },
    maxFields: 50,
    maxFieldBytes: 64 * 1024,
  });
}

/** A photo that passed every check, waiting (in memory, at most 6 × 10 MB) to be stored. */
export type CheckedPhoto = { data: Buffer; ext: string; originalName: string };

/**
 * Checks every received photo and says, per refused photo, which and why.
 * The temp files are always removed. Nothing is stored here: the offer is
 * stored only when the whole form (and every photo) is right.
 */
export async function checkOfferPhotos(outcome: MultipartOutcome): Promise<{ photos: CheckedPhoto[]; errors: string[] }> {
  const files = outcome.files.filter((f) => f.field === OFFER_PHOTO_FIELD);
  const errors: string[] = [];
  const photos: CheckedPhoto[] = [];
  try {
    if (outcome.skipped[OFFER_PHOTO_FIELD]) errors.push(OFFER_MESSAGES.photoTooMany);
    for (const file of files) {
      const refused = await checkOne(file);
      if (typeof refused === "string") errors.push(refused);
      else photos.push(refused);
    }
    return { photos, errors };
  } finally {
    await discardFiles(files);
  }
}

async function checkOne(file: ReceivedFile): Promise<CheckedPhoto | string> {
  if (file.tooLarge) return OFFER_MESSAGES.photoTooLarge(file.originalName);
  if (file.failed) return OFFER_MESSAGES.photoFailed(file.originalName);
  try {
    const data = await fsp.readFile(file.path);
    const { format } = await withImageSlot(() => inspectImage(data));
    return { data, ext: ACCEPTED_FORMATS[format], originalName: file.originalName };
  } catch (error) {
    return OFFER_MESSAGES.photoInvalid(file.originalName, error instanceof ImageError ? error.message : "arquivo não pôde ser lido");
  }
}

/** Removes the temp files of a post that is refused before its photos are checked. */
export async function discardOfferPost(outcome: MultipartOutcome): Promise<void> {
  await discardFiles(outcome.files);
}

/**
 * Stores the checked photos in `folder` (original without metadata, plus
 * its WebP variants). If one cannot be written the folder is removed and
 * the error thrown: an offer is stored whole or not at all.
 */
export async function storeOfferPhotos(folder: string, photos: CheckedPhoto[]): Promise<{ key: string; originalName: string }[]> {
  if (!OFFER_FOLDER.test(folder)) throw new Error(`invalid offer folder: ${folder}`);
  const stored: { key: string; originalName: string }[] = [];
  try {
    for (const photo of photos) stored.push({ key: await storePhoto(folder, uniqueFileName(photo.ext), photo.data), originalName: photo.originalName });
    return stored;
  } catch (error) {
    await removeOfferFolder(folder);
    throw error;
  }
}

export async function removeOfferFolder(folder: string): Promise<void> {
  if (!OFFER_FOLDER.test(folder)) return;
  await deleteFolder(folder).catch((error) => log.warn("offer folder removal failed", { folder, ...errorFields(error) }));
}
