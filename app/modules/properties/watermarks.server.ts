import fs from "node:fs";
import fsp from "node:fs/promises";
import sharp from "sharp";
import { ACCEPTED_FORMATS, ImageError, inspectImage } from "~/modules/files/images.server";
import { log } from "~/modules/platform/logger.server";
import { deleteFile, fileExists, keyFromUrl, listFolder, publicUrl, putFile, resolveKey, uniqueFileName } from "~/modules/files/storage.server";
import { db } from "~/modules/platform/db.server";
import type { TempPhoto } from "./photo-upload";
import { configScoped } from "~/modules/platform/config.server";

/**
 * The watermark library (storage folder imoveis/watermarks) and the rules
 * that turn a posted editor form into a watermark to draw (spec 01 §6, §9).
 * The drawing itself is applyWatermark in images.server.ts.
 */
import { type LibraryWatermark, WATERMARK_FIELDS, WATERMARK_OPACITY_RANGE, WATERMARK_POSITIONS, WATERMARK_SIZE_RANGE, type WatermarkPosition } from "~/modules/properties/watermark";
import { getErrorMessage } from "~/utils/errors";

export { WATERMARK_FIELDS, WATERMARK_OPACITY_RANGE, WATERMARK_POSITIONS, WATERMARK_POSITION_LABELS, WATERMARK_SIZE_RANGE, type WatermarkPosition } from "~/modules/properties/watermark";
export type WatermarkSpec = { logoUrl: string; position: WatermarkPosition; opacity: number; sizePercent: number };

export const WATERMARK_FOLDER = "imoveis/watermarks";
export const WATERMARK_LIST_LIMIT = 100;

export const PROJECT_LOGO_KEY = `${WATERMARK_FOLDER}/logo-lar-imoveis.png`;
export const PROJECT_LOGO_URL = publicUrl(PROJECT_LOGO_KEY);

export const WATERMARK_DEFAULTS: Omit<WatermarkSpec, "logoUrl"> = { position: "bottom-right", opacity: 0.5, sizePercent: 25 };
/** Broker mode: fixed, cannot be changed (spec 01 §6: project logo, centre, 50%, 25%). */
export const BROKER_FORCED_WATERMARK: WatermarkSpec = { logoUrl: PROJECT_LOGO_URL, position: "center", opacity: 0.5, sizePercent: 25 };

// White mark and text on a transparent background; a faint dark copy just
// below keeps it readable on white walls and skies. The door is cut out.
function markShapes(colour: string): string {
  return `<path d="M40 170 L170 50 L300 170 L268 170 L268 300 L195 300 L195 205 L145 205 L145 300 L72 300 L72 170 Z" fill="${colour}"/>
    <text x="340" y="225" font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" font-size="120" font-weight="700" fill="${colour}">Lar Imóveis</text>`;
}

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="360" viewBox="0 0 1400 360">
  <g transform="translate(5 5)" opacity="0.35">${markShapes("#000000")}</g>
  ${markShapes("#ffffff")}
</svg>`;

/** Once per data folder (configScoped): the logo is a file under its uploads. */
const logo = configScoped(() => ({ ready: null as Promise<void> | null }));

/** Writes the agency logo to storage once (idempotent; safe to call on every request). */
export function ensureProjectLogo(): Promise<void> {
  const state = logo();
  state.ready ??= createProjectLogo().catch((error: unknown) => {
    state.ready = null; // try again next time
    throw error;
  });
  return state.ready;
}

async function createProjectLogo(): Promise<void> {
  if (await fileExists(PROJECT_LOGO_KEY)) return;
  const png = await renderProjectLogo();
  try {
    await putFile(PROJECT_LOGO_KEY, png);
  } catch (error) {
    // another process wrote it first: fine
    if (!(await fileExists(PROJECT_LOGO_KEY))) throw error;
  }
  log.info("project watermark logo created", { key: PROJECT_LOGO_KEY });
}

export async function renderProjectLogo(): Promise<Buffer> {
  // Trim the transparent margins so "size 25%" means the visible mark is 25% of the photo.
  const trimmed = await sharp(Buffer.from(LOGO_SVG)).png().trim().toBuffer();
  return sharp(trimmed).png({ compressionLevel: 9 }).toBuffer();
}


/** The library, newest first, at most 100 (spec 01 §7), with the admins' names (migration 0005). */
export async function listWatermarks(): Promise<LibraryWatermark[]> {
  try {
    await ensureProjectLogo();
  } catch (error) {
    log.error("could not create the project logo", { error: getErrorMessage(error) });
  }
  const entries = await listFolder(WATERMARK_FOLDER, WATERMARK_LIST_LIMIT);
  const urls = entries.map((e) => publicUrl(e.key));
  const labels = urls.length ? await db().selectFrom("watermark_labels").select(["url", "label"]).where("url", "in", urls).execute() : [];
  const labelOf = new Map(labels.map((l) => [l.url, l.label]));
  return entries.map((e) => {
    const url = publicUrl(e.key);
    const file = e.key.slice(e.key.lastIndexOf("/") + 1);
    const fixed = e.key === PROJECT_LOGO_KEY;
    return { url, file, fixed, name: fixed ? "Logo Lar Imóveis" : (labelOf.get(url) ?? file) };
  });
}

export const WATERMARK_LABEL_MAX = 80;
export class WatermarkLibraryError extends Error {}

function libraryKey(file: string): string {
  const key = `${WATERMARK_FOLDER}/${file}`;
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/.test(file) || !isLibraryWatermark(publicUrl(key))) throw new WatermarkLibraryError("Logo não encontrada na biblioteca.");
  if (key === PROJECT_LOGO_KEY) throw new WatermarkLibraryError("A logo da Lar Imóveis não pode ser alterada.");
  return key;
}

/** Names a logo of the library (the file keeps its name). */
export async function renameWatermark(file: string, rawLabel: string): Promise<{ name: string }> {
  const key = libraryKey(file);
  const label = rawLabel.replace(/\s+/g, " ").trim();
  if (!label) throw new WatermarkLibraryError("Informe um nome para a logo.");
  if (label.length > WATERMARK_LABEL_MAX) throw new WatermarkLibraryError(`O nome da logo deve ter no máximo ${WATERMARK_LABEL_MAX} caracteres.`);
  const url = publicUrl(key);
  const now = new Date().toISOString();
  await db().insertInto("watermark_labels").values({ url, label, updated_at: now }).onConflict((oc) => oc.column("url").doUpdateSet({ label, updated_at: now })).execute();
  return { name: label };
}

/** Removes a logo from the library; photos already marked keep their mark. */
export async function removeWatermark(file: string): Promise<void> {
  const key = libraryKey(file);
  await deleteFile(key);
  await db().deleteFrom("watermark_labels").where("url", "=", publicUrl(key)).execute();
}

/** Stores an uploaded logo in the library; always removes the temp file. */
export async function saveWatermarkLogo(file: TempPhoto): Promise<{ url: string } | { error: string }> {
  try {
    if (file.tooLarge) return { error: `Erro ao enviar marca d'água: arquivo maior que o permitido` };
    let data = await fsp.readFile(file.path);
    let { format } = await inspectImage(data);
    // storage.listFolder skips names containing ".w" (it takes them for
    // variants), so a .webp logo would vanish from the library: keep it as PNG.
    if (format === "webp") {
      data = await sharp(data).png().toBuffer();
      format = "png";
    }
    const key = `${WATERMARK_FOLDER}/watermark-${uniqueFileName(ACCEPTED_FORMATS[format])}`;
    await putFile(key, data);
    // The library shows the name the file had on the admin's computer.
    const label = file.originalName.replace(/\.[A-Za-z0-9]{1,5}$/, "").replace(/\s+/g, " ").trim().slice(0, WATERMARK_LABEL_MAX);
    if (label) await db().insertInto("watermark_labels").values({ url: publicUrl(key), label, updated_at: new Date().toISOString() }).onConflict((oc) => oc.column("url").doNothing()).execute();
    return { url: publicUrl(key) };
  } catch (error) {
    const message = error instanceof ImageError ? error.message : "falha ao gravar o arquivo";
    if (!(error instanceof ImageError)) log.error("watermark upload failed", { error: getErrorMessage(error) });
    return { error: `Erro ao enviar marca d'água: ${message}` };
  } finally {
    await fsp.rm(file.path, { force: true });
  }
}

/** True when the URL names an existing file of the watermark library. */
export function isLibraryWatermark(url: string): boolean {
  const key = keyFromUrl(url);
  if (!key || !url.startsWith("/uploads/")) return false;
  if (!/^imoveis\/watermarks\/[A-Za-z0-9._-]+$/.test(key) || key.includes("..")) return false;
  if (key === PROJECT_LOGO_KEY) return true; // created lazily by loadWatermarkLogo
  try {
    return fs.statSync(resolveKey(key)).isFile();
  } catch {
    return false;
  }
}

function numberField(value: FormDataEntryValue | null, fallback: number): number {
  if (typeof value !== "string" || value.trim() === "") return fallback;
  const n = Number(value.trim().replace(",", "."));
  return Number.isFinite(n) ? n : fallback;
}

/**
 * The watermark to draw for this post. Broker mode ignores whatever was
 * posted and returns the forced spec; admin mode returns null when no logo
 * (or an unknown one) is chosen, and clamps the numbers into the sliders' ranges.
 */
export function parseWatermarkSpec(formData: FormData, mode: "admin" | "broker"): WatermarkSpec | null {
  if (mode === "broker") return { ...BROKER_FORCED_WATERMARK };
  const logoUrl = formData.get(WATERMARK_FIELDS.logoUrl);
  if (typeof logoUrl !== "string" || logoUrl.trim() === "" || !isLibraryWatermark(logoUrl.trim())) return null;
  const rawPosition = formData.get(WATERMARK_FIELDS.position);
  const position = WATERMARK_POSITIONS.includes(rawPosition as WatermarkPosition) ? (rawPosition as WatermarkPosition) : WATERMARK_DEFAULTS.position;
  const opacity = Math.min(WATERMARK_OPACITY_RANGE.max, Math.max(WATERMARK_OPACITY_RANGE.min, numberField(formData.get(WATERMARK_FIELDS.opacity), WATERMARK_DEFAULTS.opacity)));
  const size = Math.round(numberField(formData.get(WATERMARK_FIELDS.sizePercent), WATERMARK_DEFAULTS.sizePercent));
  const sizePercent = Math.min(WATERMARK_SIZE_RANGE.max, Math.max(WATERMARK_SIZE_RANGE.min, size));
  return { logoUrl: logoUrl.trim(), position, opacity, sizePercent };
}

/** Reads the logo's bytes (creating the project logo first when needed). */
export async function loadWatermarkLogo(spec: WatermarkSpec): Promise<Buffer> {
  const key = keyFromUrl(spec.logoUrl);
  if (!key || !key.startsWith(`${WATERMARK_FOLDER}/`)) throw new ImageError("logo da marca d'água inválida");
  if (key === PROJECT_LOGO_KEY) await ensureProjectLogo();
  try {
    return await fsp.readFile(resolveKey(key));
  } catch {
    throw new ImageError("logo da marca d'água não encontrada");
  }
}
