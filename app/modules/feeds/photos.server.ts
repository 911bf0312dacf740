import fs from "node:fs/promises";
import sharp from "sharp";
import { UPLOADS_URL_PREFIX, keyFromUrl, resolveKey } from "~/modules/files/storage.server";
import type { Listing, PhotoInfo } from "./rules";

/**
 * Size and pixels of the stored photos, for the portals' photo rules
 * (rules.ts vrsyncPhotos / cnmPhotos). The database keeps only the photos'
 * URLs, so each one is measured once on disk (stat + sharp's header read,
 * about 0.6 ms) and remembered for the life of the process: stored photos get
 * a new random name whenever they change (photos.server.ts uniqueFileName),
 * so a URL always names the same bytes. Photos outside /uploads/ (a remote
 * URL) and files that cannot be read are not measured, so never held back.
 */
const MAX_REMEMBERED = 200_000;
const CONCURRENCY = 8;
const measured = new Map<string, PhotoInfo | null>();

async function measure(url: string): Promise<PhotoInfo | null> {
  try {
    const key = keyFromUrl(url);
    if (!key) return null;
    const file = resolveKey(key);
    const stat = await fs.stat(file);
    if (!stat.isFile()) return null;
    const meta = await sharp(file).metadata();
    if (!meta.width || !meta.height) return null;
    // stored photos are upright already (images.server.ts withoutMetadata); honour an EXIF rotation anyway
    const swapped = (meta.orientation ?? 1) >= 5;
    return { bytes: stat.size, width: swapped ? meta.height : meta.width, height: swapped ? meta.width : meta.height };
  } catch {
    return null;
  }
}

/** Measures (or recalls) every stored photo of these listings and attaches the result to each. */
export async function attachPhotoInfo(listings: Listing[]): Promise<void> {
  const pending = [...new Set(listings.flatMap((l) => l.images).filter((u) => u.startsWith(UPLOADS_URL_PREFIX) && !measured.has(u)))];
  let next = 0;
  async function worker() {
    while (next < pending.length) {
      const url = pending[next++];
      const info = await measure(url);
      if (measured.size >= MAX_REMEMBERED) measured.clear();
      measured.set(url, info);
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, pending.length) }, worker));
  for (const l of listings) {
    const own = new Map<string, PhotoInfo>();
    for (const url of l.images) {
      const info = measured.get(url);
      if (info) own.set(url, info);
    }
    l.photoInfo = own;
  }
}

/** Tests only: forget what was measured. */
export function forgetPhotoInfo(): void {
  measured.clear();
}
