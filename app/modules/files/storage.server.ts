import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { config } from "~/modules/platform/config.server";

/**
 * File storage behind one interface: keys like
 * `imoveis/{slug}/{timestamp}-{random}.jpg`. Two areas on disk:
 *
 * - public files under DATA_DIR/uploads, served as `/uploads/{key}` to
 *   anyone (photos of published properties, profile photos, blog covers);
 * - private files under DATA_DIR/private, which the /uploads route cannot
 *   reach at all: course materials (`materiais/…`, served by id by
 *   /arquivos/materiais/{id}) and the photos of a property not saved yet
 *   (`imoveis/rascunho-{hex}/…`, served to the back office by
 *   /arquivos/rascunhos/{hex}/{file}) and the photos an owner sent with
 *   'Anuncie seu imóvel' (`captacao/{hex}/…`, served by id to the lead's
 *   broker or an admin by /arquivos/captacao/{id}). CSV imports wait in DATA_DIR/imports,
 *   never served.
 *
 * Another store can replace the disk by implementing these functions.
 */
export const UPLOADS_URL_PREFIX = "/uploads/";
export const DRAFT_URL_PREFIX = "/arquivos/rascunhos/";

function publicRoot(): string {
  return config().uploadsDir;
}

/** DATA_DIR/private: files only authorised routes read (and the backup copies). */
export function privateRoot(): string {
  return path.join(config().dataDir, "private");
}

function cleanKey(key: string): string {
  return key.replace(/\\/g, "/").replace(/^\/+/, "");
}

/** Keys of the private area (a folder key or a file key). */
const PRIVATE_KEYS = [/^imoveis\/rascunho-[^/]+(\/|$)/, /^materiais(\/|$)/, /^captacao(\/|$)/];
export function isPrivateKey(key: string): boolean {
  const clean = cleanKey(key);
  return PRIVATE_KEYS.some((re) => re.test(clean));
}

/**
 * Resolves a key to its file, in the private area for private keys;
 * refuses empty, `.` and `..` parts and anything that escapes its area.
 */
export function resolveKey(key: string): string {
  const clean = cleanKey(key);
  if (clean.split("/").some((part) => part === ".." || part === "." || part === "")) throw new Error(`invalid storage key: ${key}`);
  const area = path.resolve(isPrivateKey(clean) ? privateRoot() : publicRoot());
  const full = path.resolve(area, clean);
  if (!full.startsWith(area + path.sep)) throw new Error(`invalid storage key: ${key}`);
  return full;
}

/** One part of a key as the /uploads route accepts it: a name, never `.`, `..`, hidden or odd. */
const KEY_PART = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;

/**
 * The key an /uploads URL path names, decoded once and checked, or null:
 * `%2f`, `%5c`, `%2e%2e`, `./`, double encodings (a `%` left after one
 * decoding) and every private key are refused, so the answer is 404
 * whatever the spelling.
 */
export function publicKeyFromPath(encodedPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(encodedPath);
  } catch {
    return null;
  }
  const parts = decoded.split("/");
  if (parts.length < 2 || !parts.every((p) => KEY_PART.test(p))) return null;
  if (isPrivateKey(decoded)) return null;
  return decoded;
}

/** The URL a stored file is shown at: `/uploads/{key}`, or the back office's draft route for an unsaved property's photo. */
export function publicUrl(key: string): string {
  const draft = /^imoveis\/rascunho-([0-9a-f]+)\/(.+)$/.exec(key);
  if (draft) return `${DRAFT_URL_PREFIX}${draft[1]}/${draft[2]}`;
  return UPLOADS_URL_PREFIX + key;
}

/** Whether a URL names one of our stored files (public or a draft photo). */
export function isStoredUrl(url: string): boolean {
  return typeof url === "string" && (url.startsWith(UPLOADS_URL_PREFIX) || url.startsWith(DRAFT_URL_PREFIX));
}

/** The storage key a file URL names (null when it is not one of ours, or cannot be decoded). */
export function keyFromUrl(url: string): string | null {
  const path = url.split(/[?#]/)[0];
  try {
    const draft = path.indexOf(DRAFT_URL_PREFIX);
    if (draft !== -1) {
      const [hex, ...rest] = decodeURIComponent(path.slice(draft + DRAFT_URL_PREFIX.length)).split("/");
      return `imoveis/rascunho-${hex}/${rest.join("/")}`;
    }
    const i = path.indexOf(UPLOADS_URL_PREFIX);
    if (i === -1) return null;
    return decodeURIComponent(path.slice(i + UPLOADS_URL_PREFIX.length));
  } catch {
    return null;
  }
}

/**
 * Whether a posted file URL names a file inside `folder`, judged on the
 * resolved path: `…/own/../other/x.jpg`, `%2e%2e` and backslashes are
 * refused, so a form can only ever point at its own folder.
 */
export function isUrlInFolder(url: string, folder: string): boolean {
  if (!isStoredUrl(url)) return false;
  try {
    const key = keyFromUrl(url);
    return key !== null && resolveKey(key).startsWith(resolveKey(folder) + path.sep);
  } catch {
    return false; // undecodable or escaping its area
  }
}

export function uniqueFileName(ext: string): string {
  return `${Date.now()}-${crypto.randomBytes(6).toString("hex")}.${ext.replace(/^\./, "").toLowerCase()}`;
}

/** Writes atomically (temp file then rename) and never overwrites. */
export async function putFile(key: string, data: Buffer): Promise<string> {
  const full = resolveKey(key);
  await fsp.mkdir(path.dirname(full), { recursive: true });
  const tmp = `${full}.${process.pid}.tmp`;
  await fsp.writeFile(tmp, data, { flag: "wx" });
  try {
    await fsp.link(tmp, full); // fails if the target exists: no overwrite
  } finally {
    await fsp.rm(tmp, { force: true });
  }
  return key;
}

export async function copyFile(fromKey: string, toKey: string): Promise<void> {
  const to = resolveKey(toKey);
  await fsp.mkdir(path.dirname(to), { recursive: true });
  await fsp.copyFile(resolveKey(fromKey), to, fs.constants.COPYFILE_EXCL);
}

export async function deleteFile(key: string): Promise<void> {
  await fsp.rm(resolveKey(key), { force: true });
}

/** Removes a key and its derived files (`{key}.w{width}.webp`). */
export async function deleteWithVariants(key: string): Promise<void> {
  const full = resolveKey(key);
  const dir = path.dirname(full);
  const base = path.basename(full);
  let names: string[] = [];
  try {
    names = await fsp.readdir(dir);
  } catch {
    return;
  }
  await Promise.all(names.filter((n) => n === base || n.startsWith(`${base}.w`)).map((n) => fsp.rm(path.join(dir, n), { force: true })));
}

export async function deleteFolder(prefix: string): Promise<void> {
  await fsp.rm(resolveKey(prefix), { recursive: true, force: true });
}

export async function listFolder(prefix: string, limit = 1000): Promise<{ key: string; size: number; updatedAt: string }[]> {
  const dir = resolveKey(prefix);
  let names: string[] = [];
  try {
    names = await fsp.readdir(dir);
  } catch {
    return [];
  }
  const entries = await Promise.all(
    names
      // Derived variants (`photo.jpg.w400.webp`) are not listed; a plain .webp file is.
      .filter((n) => !/\.w\d+\.webp$/.test(n) && !n.endsWith(".tmp"))
      .map(async (n) => {
        const stat = await fsp.stat(path.join(dir, n));
        return stat.isFile() ? { key: `${prefix.replace(/\/$/, "")}/${n}`, size: stat.size, updatedAt: stat.mtime.toISOString() } : null;
      }),
  );
  return entries
    .filter((e): e is NonNullable<typeof e> => e !== null)
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
    .slice(0, limit);
}

export async function fileExists(key: string): Promise<boolean> {
  try {
    return (await fsp.stat(resolveKey(key))).isFile();
  } catch {
    return false;
  }
}

export function openReadStream(key: string): { stream: fs.ReadStream; size: number; mtime: Date } | null {
  try {
    const full = resolveKey(key);
    const stat = fs.statSync(full);
    if (!stat.isFile()) return null;
    return { stream: fs.createReadStream(full), size: stat.size, mtime: stat.mtime };
  } catch {
    return null;
  }
}

/** Stores a file received on disk (files/multipart.server.ts) under `key`, never overwriting; the temp file is removed. */
export async function putFileFromPath(key: string, source: string): Promise<string> {
  const full = resolveKey(key);
  await fsp.mkdir(path.dirname(full), { recursive: true });
  try {
    await fsp.link(source, full); // same disk: no copy; fails if the target exists
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    await fsp.copyFile(source, full, fs.constants.COPYFILE_EXCL);
  }
  await fsp.rm(source, { force: true });
  return key;
}

/**
 * Earlier versions kept course materials and draft photos under
 * DATA_DIR/uploads, where /uploads could be tricked into serving them:
 * move them into the private area once (start-up). Idempotent.
 */
export async function movePrivateFilesOutOfUploads(): Promise<number> {
  const uploads = publicRoot();
  const moves: [string, string][] = [];
  const materials = path.join(uploads, "materiais");
  if (fs.existsSync(materials)) moves.push([materials, path.join(privateRoot(), "materiais")]);
  const properties = path.join(uploads, "imoveis");
  for (const name of await fsp.readdir(properties).catch(() => [] as string[])) {
    if (name.startsWith("rascunho-")) moves.push([path.join(properties, name), path.join(privateRoot(), "imoveis", name)]);
  }
  for (const [from, to] of moves) await moveTree(from, to);
  return moves.length;
}

async function moveTree(from: string, to: string): Promise<void> {
  await fsp.mkdir(path.dirname(to), { recursive: true });
  if (!fs.existsSync(to)) {
    await fsp.rename(from, to);
    return;
  }
  for (const entry of await fsp.readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await moveTree(source, target);
    else if (!fs.existsSync(target)) await fsp.rename(source, target);
  }
  await fsp.rm(from, { recursive: true, force: true });
}
