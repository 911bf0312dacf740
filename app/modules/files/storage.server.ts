import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { config } from "~/modules/platform/config.server";

/**
 * File storage behind one interface: keys like
 * `imoveis/{slug}/{timestamp}-{random}.jpg`, public URLs `/uploads/{key}`.
 * Today it is the disk under DATA_DIR/uploads; another store can replace it
 * by implementing these functions.
 */
export const UPLOADS_URL_PREFIX = "/uploads/";

function root(): string {
  return config().uploadsDir;
}

function cleanKey(key: string): string {
  return key.replace(/\\/g, "/").replace(/^\/+/, "");
}

/** Resolves a key inside the uploads folder; refuses anything that escapes it. */
export function resolveKey(key: string): string {
  const clean = cleanKey(key);
  if (clean.split("/").some((part) => part === ".." || part === "")) throw new Error(`invalid storage key: ${key}`);
  const full = path.resolve(root(), clean);
  if (!full.startsWith(path.resolve(root()) + path.sep)) throw new Error(`invalid storage key: ${key}`);
  return full;
}

export function publicUrl(key: string): string {
  return UPLOADS_URL_PREFIX + key;
}

export function keyFromUrl(url: string): string | null {
  const i = url.indexOf(UPLOADS_URL_PREFIX);
  if (i === -1) return null;
  return decodeURIComponent(url.slice(i + UPLOADS_URL_PREFIX.length).split("?")[0]);
}

/**
 * Files served only to signed-in back-office users: photos of a property
 * not saved yet (the editor's draft folders, photos.server.ts
 * draftFolderName) and the courses' materials.
 */
const PRIVATE_KEYS = [/^imoveis\/rascunho-[^/]+\//, /^materiais\//];
export function isPrivateKey(key: string): boolean {
  const clean = cleanKey(key);
  return PRIVATE_KEYS.some((re) => re.test(clean));
}

/**
 * Whether a posted /uploads URL names a file inside `folder`, judged on the
 * resolved path: `…/own/../other/x.jpg`, `%2e%2e` and backslashes are
 * refused, so a form can only ever point at its own folder.
 */
export function isUrlInFolder(url: string, folder: string): boolean {
  if (!url.startsWith(UPLOADS_URL_PREFIX)) return false;
  try {
    const key = keyFromUrl(url);
    return key !== null && resolveKey(key).startsWith(resolveKey(folder) + path.sep);
  } catch {
    return false; // undecodable or escaping the uploads folder
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
