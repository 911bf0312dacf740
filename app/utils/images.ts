/**
 * Public photo URLs and their WebP variants (made by images.server.ts):
 * `/uploads/…/photo.jpg` → `/uploads/…/photo.jpg.w{width}.webp`.
 */
export const IMAGE_WIDTHS = [400, 800, 1200] as const;
export const IMAGE_ASPECT = 3 / 4; // stored photos are 4:3 at most; variants keep the ratio

/** Our stored photos (public `/uploads/…`, or an unsaved property's draft photo, which has the same variants). */
export function isLocalUpload(url: string): boolean {
  return url.startsWith("/uploads/") || url.startsWith("/arquivos/rascunhos/");
}

export function variantUrl(url: string, width: (typeof IMAGE_WIDTHS)[number]): string {
  return isLocalUpload(url) ? `${url}.w${width}.webp` : url;
}

export function srcSet(url: string): string | undefined {
  if (!isLocalUpload(url)) return undefined;
  return IMAGE_WIDTHS.map((w) => `${variantUrl(url, w)} ${w}w`).join(", ");
}

export const PLACEHOLDER_IMAGE = "/placeholder-property.svg";

/** The largest variant of a photo (or the placeholder): for social cards and JSON-LD. */
export function largestVariant(src: string | null | undefined): string {
  const url = src || PLACEHOLDER_IMAGE;
  return variantUrl(url, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]);
}
