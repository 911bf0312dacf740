import { assertCan } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { contentMatchesExtension } from "~/modules/files/content-type.server";
import { deleteFile, openReadStream, putFileFromPath, resolveKey } from "~/modules/files/storage.server";
import { db, nowIso } from "~/modules/platform/db.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import { MATERIAL_MAX_BYTES, MATERIAL_MESSAGES, MATERIAL_TYPES, materialName } from "./materials";

/**
 * Course materials (spec 03 §2.6): files in the private area
 * (DATA_DIR/private/materiais, files/storage.server.ts) under names with 128
 * random bits, served by id only (/arquivos/materiais/{id}) to admins and
 * active brokers; listed for everyone in the broker area; admins upload
 * (content checked by its bytes), rename, remove.
 */
/** A refused material action, on the field it concerns when there is one. */
export class MaterialError extends Error {
  constructor(
    message: string,
    readonly field?: "name" | "file",
  ) {
    super(message);
  }
}
const FOLDER = "materiais/2025";

export async function listMaterials(user: SessionUser, input: { q: string; page: number; size: number }) {
  assertCan(user, "read", "material");
  // names are stored by the name rule (folded, hyphens for spaces): the search is written the same way
  const q = materialName(input.q.slice(0, 100)) ?? "";
  let base = db().selectFrom("course_materials");
  // (only a–z, 0–9, "_" and "-" are left: no LIKE wildcard but "_", which matches itself too)
  if (q) base = base.where("name", "like", `%${q}%`);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const pageCount = Math.max(1, Math.ceil(total / input.size));
  const page = Math.min(Math.max(1, input.page), pageCount);
  const rows = await base
    .select(["id", "name", "file_path", "mime_type", "size", "updated_at"])
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .limit(input.size)
    .offset((page - 1) * input.size)
    .execute();
  return { rows: rows.map((r) => ({ ...r, url: materialUrl(r.id) })), total, page, pageCount };
}

/** Where a material is downloaded: by its id, never by a file path. */
export function materialUrl(id: number): string {
  return `/arquivos/materiais/${id}`;
}

/** A fresh key per file: the material's name plus 128 random bits, so a replacement never overwrites in place and no name can be guessed. */
function keyFor(name: string, ext: string): string {
  return `${FOLDER}/${name}-${crypto.randomBytes(16).toString("hex")}.${ext}`;
}

function extensionOf(fileName: string): string {
  return (/\.([a-z0-9]{1,5})$/i.exec(fileName)?.[1] ?? "").toLowerCase();
}

/** A material file received on disk (files/multipart.server.ts). */
export type MaterialUpload = { path: string; originalName: string; size: number; tooLarge?: boolean };

/**
 * Stores the file under its (slugified) name; the same name replaces the old
 * file (spec: upload overwrites). The file's bytes must be what its
 * extension says (magic bytes): a renamed program is refused.
 */
export async function uploadMaterial(user: SessionUser, rawName: string, file: MaterialUpload | null): Promise<string> {
  assertCan(user, "create", "material");
  if (!rawName.trim()) throw new MaterialError(MATERIAL_MESSAGES.nameFirst, "name");
  const name = materialName(rawName);
  if (!name) throw new MaterialError(MATERIAL_MESSAGES.badName, "name");
  if (!file || file.size === 0) throw new MaterialError(MATERIAL_MESSAGES.noFile, "file");
  if (file.tooLarge || file.size > MATERIAL_MAX_BYTES) throw new MaterialError(MATERIAL_MESSAGES.tooLarge, "file");
  const ext = extensionOf(file.originalName);
  const mime = MATERIAL_TYPES[ext];
  if (!mime) throw new MaterialError(MATERIAL_MESSAGES.badType, "file");
  if (!(await contentMatchesExtension(file.path, ext))) throw new MaterialError(MATERIAL_MESSAGES.badContent(ext), "file");
  const key = keyFor(name, ext);
  const existing = await db().selectFrom("course_materials").select(["id", "file_path"]).where("name", "=", name).executeTakeFirst();
  try {
    await putFileFromPath(key, file.path);
  } catch (error) {
    log.error("material upload failed", { name, ...errorFields(error) });
    throw new MaterialError(MATERIAL_MESSAGES.uploadFailed);
  }
  const ts = nowIso();
  if (existing) {
    await db().updateTable("course_materials").set({ file_path: key, mime_type: mime, size: file.size, uploaded_by: user.id, updated_at: ts }).where("id", "=", existing.id).execute();
    // the old file goes once the row points at the new one
    await deleteFile(existing.file_path).catch(() => undefined);
  } else {
    await db().insertInto("course_materials").values({ name, file_path: key, mime_type: mime, size: file.size, uploaded_by: user.id, created_at: ts, updated_at: ts }).execute();
  }
  return name;
}

/** One material's file for download (admins and active brokers: the caller checks the session), or null. */
export async function openMaterial(user: SessionUser, id: number) {
  assertCan(user, "read", "material");
  const row = await db().selectFrom("course_materials").select(["name", "file_path", "mime_type"]).where("id", "=", id).executeTakeFirst();
  if (!row || !row.file_path.startsWith("materiais/")) return null;
  const file = openReadStream(row.file_path);
  return file ? { file, downloadName: `${row.name}.${extensionOf(row.file_path)}`, mime: row.mime_type } : null;
}

export async function renameMaterial(user: SessionUser, id: number, rawName: string): Promise<void> {
  assertCan(user, "update", "material");
  const name = materialName(rawName);
  if (!name) throw new MaterialError(MATERIAL_MESSAGES.badRename, "name");
  const row = await db().selectFrom("course_materials").select(["id", "name", "file_path"]).where("id", "=", id).executeTakeFirst();
  if (!row) throw new MaterialError(MATERIAL_MESSAGES.renameFailed);
  if (row.name === name) return;
  if (await db().selectFrom("course_materials").select("id").where("name", "=", name).executeTakeFirst()) throw new MaterialError(MATERIAL_MESSAGES.nameTaken, "name");
  const key = keyFor(name, extensionOf(row.file_path));
  try {
    await fs.rename(resolveKey(row.file_path), resolveKey(key));
  } catch (error) {
    log.error("material rename failed", { id, ...errorFields(error) });
    throw new MaterialError(MATERIAL_MESSAGES.renameFailed);
  }
  await db().updateTable("course_materials").set({ name, file_path: key, updated_at: nowIso() }).where("id", "=", id).execute();
}

export async function removeMaterial(user: SessionUser, id: number): Promise<void> {
  assertCan(user, "delete", "material");
  const row = await db().deleteFrom("course_materials").where("id", "=", id).returning(["file_path"]).executeTakeFirst();
  if (!row) throw new MaterialError(MATERIAL_MESSAGES.removeFailed);
  await deleteFile(row.file_path).catch((error) => log.warn("material file not removed", { id, ...errorFields(error) }));
}
