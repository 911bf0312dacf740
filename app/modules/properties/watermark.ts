/**
 * Watermark vocabulary shared by the editor (browser) and the server
 * (watermarks.server.ts, images.server.ts): positions, labels, ranges and
 * the form field names (spec 01 §9).
 */
export const WATERMARK_POSITIONS = ["bottom-right", "bottom-left", "top-right", "top-left", "center"] as const;
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];
export const WATERMARK_POSITION_LABELS: Record<WatermarkPosition, string> = {
  "bottom-right": "Inferior direito",
  "bottom-left": "Inferior esquerdo",
  "top-right": "Superior direito",
  "top-left": "Superior esquerdo",
  center: "Centro",
};
export const WATERMARK_SIZE_RANGE = { min: 10, max: 50, step: 1 } as const;
export const WATERMARK_OPACITY_RANGE = { min: 0, max: 1, step: 0.01 } as const;

/** Names of the editor's form fields that carry the watermark choice. */
export const WATERMARK_FIELDS = {
  logoUrl: "watermarkLogo",
  position: "watermarkPosition",
  opacity: "watermarkOpacity",
  sizePercent: "watermarkSize",
  /** file input to add a logo to the library */
  file: "watermarkFile",
} as const;

/** A logo of the library (imoveis/watermarks/), as the editor lists it. */
export type LibraryWatermark = {
  url: string;
  /** what the select and the library show: the admin's name, else the file name */
  name: string;
  /** the stored file's name (imoveis/watermarks/{file}) */
  file: string;
  /** the project logo (the brokers' forced mark) cannot be renamed or removed */
  fixed: boolean;
};
