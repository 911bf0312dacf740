import fs from "node:fs/promises";
import sharp from "sharp";
import { UPLOADS_URL_PREFIX, keyFromUrl, resolveKey } from "~/modules/files/storage.server";
import { configScoped } from "~/modules/platform/config.server";
import { db, nowIso } from "~/modules/platform/db.server";
import type { Listing, PhotoInfo } from "./rules";

/**
 * Size and pixels of the stored photos, for the portals' photo rules
 * (rules.ts vrsyncPhotos / cnmPhotos). The database keeps only the photos'
 * URLs, so each one is measured once on disk (stat + sharp's header read,
 * about 0.6 ms), kept in photo_measurements (0015) and remembered for the
 * life of the process: stored photos get a new random name whenever they
 * change (photos.server.ts uniqueFileName), so a URL always names the same
 * bytes, and a restart reads the sizes back instead of every photo's header.
 * Photos outside /uploads/ (a remote URL) and files that cannot be read are
 * not measured, so never held back (and not stored: a file that appears
 * later is measured then).
 */
const MAX_REMEMBERED = 200_000;
const CONCURRENCY = 8;
const LOOKUP_BATCH = 500;
/** Per data folder (configScoped): the same URL names another file in another DATA_DIR. */
const measurements = configScoped(() => new Map<string, PhotoInfo | null>());

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
  const measured = measurements();
  const unknown = [...new Set(listings.flatMap((l) => l.images).filter((u) => u.startsWith(UPLOADS_URL_PREFIX) && !measured.has(u)))];
  const stored = await storedMeasurements(unknown);
  const pending: string[] = [];
  for (const url of unknown) {
    const info = stored.get(url);
    if (info) remember(url, info);
    else pending.push(url);
  }
  const fresh: { url: string; info: PhotoInfo }[] = [];
  let next = 0;
  async function worker() {
    while (next < pending.length) {
      const url = pending[next++];
      const info = await measure(url);
      remember(url, info);
      if (info) fresh.push({ url, info });
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, pending.length) }, worker));
  await storeMeasurements(fresh);
  for (const l of listings) {
    const own = new Map<string, PhotoInfo>();
    for (const url of l.images) {
      const info = measured.get(url);
      if (info) own.set(url, info);
    }
    l.photoInfo = own;
  }
}

function remember(url: string, info: PhotoInfo | null): void {
  const measured = measurements();
  if (measured.size >= MAX_REMEMBERED) measured.clear();
  measured.set(url, info);
}

async function storedMeasurements(urls: string[]): Promise<Map<string, PhotoInfo>> {
  const found = new Map<string, PhotoInfo>();
  for (let i = 0; i < urls.length; i += LOOKUP_BATCH) {
    const rows = await db().selectFrom("photo_measurements").select(["url", "bytes", "width", "height"]).where("url", "in", urls.slice(i, i + LOOKUP_BATCH)).execute();
    for (const r of rows) found.set(r.url, { bytes: r.bytes, width: r.width, height: r.height });
  }
  return found;
}

async function storeMeasurements(rows: { url: string; info: PhotoInfo }[]): Promise<void> {
  const at = nowIso();
  for (let i = 0; i < rows.length; i += LOOKUP_BATCH) {
    const values = rows.slice(i, i + LOOKUP_BATCH).map(({ url, info }) => ({ url, ...info, measured_at: at }));
    await db().insertInto("photo_measurements").values(values).onConflict((oc) => oc.column("url").doNothing()).execute();
  }
}

/** Tests only: forget what was measured in this process (as a restart does; photo_measurements stays). */
export function forgetPhotoInfo(): void {
  measurements().clear();
}
