import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { withImageSlot } from "~/modules/files/images.server";
import { keyFromUrl, resolveKey } from "~/modules/files/storage.server";
import { config } from "~/modules/platform/config.server";
import { db, parseJsonList } from "~/modules/platform/db.server";
import { largestVariant } from "~/utils/images";

/**
 * The link-preview image of a property page (og:image): its first photo as
 * a 1200×630 JPEG, since WhatsApp and other previewers do not all show WebP.
 * Made on first request and kept under DATA_DIR/cache/og, named after the
 * photo, so a new first photo makes a new file and the old one is dropped.
 */
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

export async function propertyOgImage(id: number): Promise<Buffer | null> {
  const row = await db().selectFrom("properties").select(["images", "status"]).where("id", "=", id).executeTakeFirst();
  if (!row || row.status !== "available") return null;
  const first = parseJsonList(row.images)[0];
  const key = first ? keyFromUrl(largestVariant(first)) : null;
  if (!key) return null;
  let source: string;
  try {
    source = resolveKey(key);
  } catch {
    return null;
  }
  const dir = path.join(config().dataDir, "cache", "og");
  const name = `${id}-${crypto.createHash("sha256").update(key).digest("hex").slice(0, 16)}.jpg`;
  const file = path.join(dir, name);
  try {
    return await fs.readFile(file);
  } catch {
    // not made yet
  }
  let jpeg: Buffer;
  try {
    jpeg = await withImageSlot(() => sharp(source).resize(OG_WIDTH, OG_HEIGHT, { fit: "cover" }).flatten({ background: "#ffffff" }).jpeg({ quality: 80, mozjpeg: true }).toBuffer());
  } catch {
    return null; // a missing or unreadable photo: the page falls back to the agency's image
  }
  await fs.mkdir(dir, { recursive: true });
  for (const old of await fs.readdir(dir)) if (old.startsWith(`${id}-`) && old !== name) await fs.rm(path.join(dir, old), { force: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temporary, jpeg);
  await fs.rename(temporary, file);
  return jpeg;
}
