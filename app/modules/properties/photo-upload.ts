/**
 * The editor's photo upload, shared by the server (photos.server.ts,
 * watermarks.server.ts) and the browser (the editor checks sizes before
 * posting): the file inputs' names, the limits, and a received file as
 * it waits in DATA_DIR/tmp.
 */
export const MB = 1024 * 1024;

export type PhotoLimits = { maxFiles: number; maxFileBytes: number; maxRequestBytes: number };

/** 20 photos of 15 MB per post; the request limit leaves room for the text fields. */
export const PHOTO_LIMITS: PhotoLimits = { maxFiles: 20, maxFileBytes: 15 * MB, maxRequestBytes: 20 * 15 * MB + 4 * MB };

/** Form field names of the file inputs. */
export const PHOTO_FIELD = "photos";
export const WATERMARK_FILE_FIELD = "watermarkFile";

export type TempPhoto = {
  path: string;
  originalName: string;
  size: number;
  tooLarge?: boolean;
  /** which file input it came from */
  field?: typeof PHOTO_FIELD | typeof WATERMARK_FILE_FIELD;
};
