import type { WatermarkPosition } from "~/modules/properties/watermark";
import sharp, { type Metadata, type OverlayOptions, type Sharp } from "sharp";
import { IMAGE_WIDTHS } from "~/utils/images";
import { putFile } from "./storage.server";
import { detectFileType } from "./content-type.server";

/**
 * Photo processing with sharp: the content is really decoded (a text file
 * named .jpg fails here), an optional watermark is drawn, and WebP variants
 * are written beside the original for srcset.
 */
export const ACCEPTED_FORMATS = { jpeg: "jpg", png: "png", webp: "webp" } as const;
export const MAX_IMAGE_PIXELS = 40_000_000;

export type WatermarkOptions = { logo: Buffer; position: WatermarkPosition; opacity: number; sizePercent: number };

export class ImageError extends Error {}

/**
 * At most IMAGE_SLOTS images are decoded at once across all requests: a
 * burst of large uploads waits its turn instead of exhausting memory, and
 * the rest of the site keeps answering meanwhile.
 */
export const IMAGE_SLOTS = 2;
let slotsInUse = 0;
const waiting: (() => void)[] = [];
export async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (slotsInUse >= IMAGE_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else slotsInUse += 1;
  try {
    return await work();
  } finally {
    // hand the slot straight to the next in line, or free it
    const next = waiting.shift();
    if (next) next();
    else slotsInUse -= 1;
  }
}

/**
 * The photo as stored: upright, re-encoded in its own format without any
 * metadata (EXIF GPS, camera, author, ICC comments) or bytes trailing the
 * image. sharp drops metadata unless asked to keep it.
 */
export async function withoutMetadata(data: Buffer): Promise<Buffer> {
  const image = sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
  const { format } = await image.metadata();
  if (format === "png") return image.png({ compressionLevel: 9 }).toBuffer();
  if (format === "webp") return image.webp({ quality: 90 }).toBuffer();
  return image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
}

export async function inspectImage(data: Buffer): Promise<{ format: keyof typeof ACCEPTED_FORMATS; width: number; height: number }> {
  // First the magic bytes (file-type): only a JPEG, PNG or WebP goes on to the decoder.
  const detected = await detectFileType(data);
  if (!detected || !["jpg", "png", "webp"].includes(detected.ext)) throw new ImageError(detected ? "formato não suportado (use JPG, PNG ou WebP)" : "arquivo não é uma imagem válida");
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    // metadata() reads only the header: decode fully so a truncated file fails here, not later.
    await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS }).resize(8).toBuffer();
  } catch {
    throw new ImageError("arquivo não é uma imagem válida");
  }
  const format = meta.format as string;
  if (!(format in ACCEPTED_FORMATS)) throw new ImageError("formato não suportado (use JPG, PNG ou WebP)");
  if (!meta.width || !meta.height) throw new ImageError("imagem sem dimensões");
  return { format: format as keyof typeof ACCEPTED_FORMATS, width: meta.width, height: meta.height };
}

/**
 * Draws the watermark (spec 01 §9): logo width = sizePercent of the image
 * width (10–50), margin 2% of the image width on both axes, alpha multiplied
 * by opacity, re-encoded in the original type at quality 95.
 */
export async function applyWatermark(data: Buffer, options: WatermarkOptions): Promise<Buffer> {
  return withImageSlot(() => drawWatermark(data, options));
}

async function drawWatermark(data: Buffer, options: WatermarkOptions): Promise<Buffer> {
  const { format } = await inspectImage(data);
  // Work on the upright image: a phone photo with EXIF orientation 6/8 has
  // width and height swapped compared to its stored pixels.
  // sRGB 8-bit also normalises greyscale, CMYK and 16-bit PNGs for the composite below.
  const upright = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate().toColourspace("srgb").raw({ depth: "uchar" }).toBuffer({ resolveWithObject: true });
  const { width, height, channels } = upright.info;
  const margin = Math.round(width * 0.02);
  const opacity = Math.min(1, Math.max(0, options.opacity));
  const logoWidth = Math.max(1, Math.round((width * Math.min(50, Math.max(10, options.sizePercent))) / 100));
  // A tall logo on a wide, short photo must still fit inside the margins.
  const maxLogoHeight = Math.max(1, height - 2 * margin);
  const resizedLogo = await sharp(options.logo).resize({ width: logoWidth, height: maxLogoHeight, fit: "inside" }).ensureAlpha().png().toBuffer({ resolveWithObject: true });
  // sharp's composite has no opacity option: first multiply the logo's alpha by a 1×1 pixel of alpha opacity × 255, tiled, with blend dest-in.
  const fadedLogo = await sharp(resizedLogo.data)
    .composite([{ input: Buffer.from([255, 255, 255, Math.round(opacity * 255)]), raw: { width: 1, height: 1, channels: 4 }, tile: true, blend: "dest-in" }])
    .png()
    .toBuffer();
  const lw = Math.min(resizedLogo.info.width, width);
  const lh = Math.min(resizedLogo.info.height, height);
  const positions: Record<WatermarkPosition, { left: number; top: number }> = {
    "bottom-right": { left: width - lw - margin, top: height - lh - margin },
    "bottom-left": { left: margin, top: height - lh - margin },
    "top-right": { left: width - lw - margin, top: margin },
    "top-left": { left: margin, top: margin },
    center: { left: Math.round((width - lw) / 2), top: Math.round((height - lh) / 2) },
  };
  const { left, top } = positions[options.position] ?? positions["bottom-right"];
  // A soft dark halo under the mark keeps a white logo visible on light photos (issue 7):
  // the logo's silhouette in black, blurred, at a bit more than half the mark's opacity.
  const pad = Math.max(2, Math.round(Math.max(lw, lh) * 0.04));
  const shadow = await sharp(resizedLogo.data)
    .ensureAlpha()
    .linear([0, 0, 0, 1], [0, 0, 0, 0])
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .blur(Math.max(0.8, pad / 2.5))
    .png()
    .toBuffer();
  // Only around the mark, never under it: the mark's own colours stay as they are.
  const fadedShadow = await sharp(shadow)
    .composite([
      { input: Buffer.from([255, 255, 255, Math.round(Math.min(1, opacity * 1.2) * 255)]), raw: { width: 1, height: 1, channels: 4 }, tile: true, blend: "dest-in" },
      { input: await sharp(resizedLogo.data).ensureAlpha().png().toBuffer(), left: pad, top: pad, blend: "dest-out" },
    ])
    .png()
    .toBuffer();
  const layers: OverlayOptions[] = [];
  // The halo is bigger than the mark; it is left out only when it cannot fit the photo.
  if (lw + 2 * pad <= width && lh + 2 * pad <= height) {
    layers.push({ input: fadedShadow, left: Math.min(width - lw - 2 * pad, Math.max(0, left - pad)), top: Math.min(height - lh - 2 * pad, Math.max(0, top - pad)) });
  }
  layers.push({ input: fadedLogo, left: Math.max(0, left), top: Math.max(0, top) });
  const image = sharp(upright.data, { raw: { width, height, channels }, limitInputPixels: MAX_IMAGE_PIXELS }).composite(layers);
  return encodeAs(image, format);
}

function encodeAs(image: Sharp, format: keyof typeof ACCEPTED_FORMATS): Promise<Buffer> {
  if (format === "png") return image.png({ compressionLevel: 9 }).toBuffer();
  if (format === "webp") return image.webp({ quality: 95 }).toBuffer();
  return image.jpeg({ quality: 95, mozjpeg: true }).toBuffer();
}

/** Writes the photo (without metadata) and its WebP variants; returns its key. */
export async function storePhoto(folder: string, fileName: string, data: Buffer): Promise<string> {
  const key = `${folder}/${fileName}`;
  await withImageSlot(async () => {
    const clean = await withoutMetadata(data);
    await putFile(key, clean);
    await writeVariants(key, clean);
  });
  return key;
}

export async function writeVariants(key: string, data: Buffer): Promise<void> {
  const base = sharp(data).rotate();
  const meta = await base.metadata();
  await Promise.all(
    IMAGE_WIDTHS.map(async (w) => {
      const out = await base
        .clone()
        .resize({ width: Math.min(w, meta.width ?? w), withoutEnlargement: true })
        .webp({ quality: 72, effort: 4 })
        .toBuffer();
      await putFile(`${key}.w${w}.webp`, out);
    }),
  );
}
