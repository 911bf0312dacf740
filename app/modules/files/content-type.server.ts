import fsp from "node:fs/promises";
import { fileTypeFromBuffer, fileTypeFromFile } from "file-type";

/**
 * What an upload really is, read from its first bytes (magic numbers, by
 * file-type), never from its name or the type the browser sent. Every
 * upload route asks here before storing: a '.exe' renamed '.pdf' is an
 * 'exe' here.
 */
export type DetectedType = { ext: string; mime: string } | null;

export async function detectFileType(source: string | Uint8Array): Promise<DetectedType> {
  try {
    const found = typeof source === "string" ? await fileTypeFromFile(source) : await fileTypeFromBuffer(source);
    return found ? { ext: found.ext, mime: found.mime } : null;
  } catch {
    return null;
  }
}

/**
 * For each extension we accept, the detected types that may carry it.
 * Office's old formats are OLE compound files ('cfb'); the new ones are ZIP
 * archives that file-type names 'docx'/'xlsx'/'pptx' when it finds their
 * parts, else 'zip'.
 */
const CONTENT_OF_EXTENSION: Record<string, readonly string[]> = {
  pdf: ["pdf"],
  doc: ["cfb"],
  xls: ["cfb"],
  ppt: ["cfb"],
  docx: ["docx", "zip"],
  xlsx: ["xlsx", "zip"],
  pptx: ["pptx", "zip"],
  zip: ["zip"],
  jpg: ["jpg"],
  jpeg: ["jpg"],
  png: ["png"],
  webp: ["webp"],
  mp4: ["mp4", "m4v"],
};

/** Whether the file's bytes are what its extension says (false for an extension we do not know). */
export async function contentMatchesExtension(source: string | Uint8Array, ext: string): Promise<boolean> {
  const allowed = CONTENT_OF_EXTENSION[ext.toLowerCase()];
  if (!allowed) return false;
  const detected = await detectFileType(source);
  return detected !== null && allowed.includes(detected.ext);
}

/** Signatures long enough that a text file never starts with them by chance. */
const BINARY_SIGNATURES = new Set(["pdf", "zip", "docx", "xlsx", "pptx", "cfb", "rar", "7z", "gz", "bz2", "xz", "jpg", "png", "gif", "webp", "mp4", "m4v", "mov", "elf", "exe", "sqlite", "wasm"]);

/**
 * Whether a file is plain text (a CSV): no NUL byte in its first 64 KB and
 * none of the long binary signatures (UTF-16 spreadsheets are refused too:
 * they are not one of the encodings the importer reads).
 */
export async function isPlainText(source: string | Uint8Array): Promise<boolean> {
  const head = typeof source === "string" ? await readHead(source, 64 * 1024) : source.subarray(0, 64 * 1024);
  if (head.includes(0)) return false;
  const detected = await detectFileType(head);
  return detected === null || !BINARY_SIGNATURES.has(detected.ext);
}

async function readHead(file: string, bytes: number): Promise<Uint8Array> {
  const handle = await fsp.open(file, "r");
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
