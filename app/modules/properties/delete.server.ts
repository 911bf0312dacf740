import { db, nowIso } from "~/modules/platform/db.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { assertCan } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { deleteFolder } from "~/modules/files/storage.server";
import { PROPERTY_FOLDER, PropertyNotFoundError } from "./records.server";

/** Deleting a property (spec 01 §8): the row, its options, its photo folder. */

export const DELETE_MESSAGES = {
  success: "Imóvel excluído com sucesso!",
  notFound: "Não foi possível encontrar o imóvel para exclusão.",
  noFolder: "Não foi possível determinar a pasta do imóvel para exclusão.",
  failed: (message: string) => `Não foi possível excluir o imóvel: ${message}`,
  error: (message: string) => `Erro ao excluir imóvel: ${message}`,
} as const;

/**
 * Deletes a property in one transaction (its leads keep their history with
 * property_id null; its options go), then removes its photo folder. A
 * failure inside the transaction leaves the row and the files as they were.
 * The folder is removed only when it is a property folder under imoveis/
 * that no other row uses (demo bulk rows share pooled photos and have none).
 */
export async function deleteProperty(id: number): Promise<{ title: string; slug: string | null; folderRemoved: boolean }> {
  const removed = await db()
    .transaction()
    .execute(async (tx) => {
      const row = await tx.selectFrom("properties").select(["id", "slug", "title", "storage_folder"]).where("id", "=", id).executeTakeFirst();
      if (!row) throw new PropertyNotFoundError(DELETE_MESSAGES.notFound);
      const now = nowIso();
      await tx.updateTable("leads").set({ property_id: null, updated_at: now }).where("property_id", "=", id).execute();
      await tx.deleteFrom("property_options").where("property_id", "=", id).execute();
      await tx.deleteFrom("properties").where("id", "=", id).execute();
      let folder: string | null = null;
      if (row.storage_folder && PROPERTY_FOLDER.test(row.storage_folder) && row.storage_folder !== "imoveis/watermarks") {
        const shared = await tx.selectFrom("properties").select("id").where("storage_folder", "=", row.storage_folder).executeTakeFirst();
        if (!shared) folder = row.storage_folder;
      }
      return { ...row, folder };
    });
  let folderRemoved = false;
  if (removed.folder) {
    try {
      await deleteFolder(removed.folder);
      folderRemoved = true;
    } catch (error) {
      // The row is gone; leftover files are only disk space. Log for the operator.
      log.error("property folder removal failed", { folder: removed.folder, ...errorFields(error) });
    }
  }
  return { title: removed.title, slug: removed.slug, folderRemoved };
}

/** Delete on behalf of a user: PropertyNotFoundError when missing, 403/404 when not theirs. */
export async function deletePropertyAs(user: SessionUser, id: number): Promise<{ title: string }> {
  const row = await db().selectFrom("properties").select(["broker_id", "user_id"]).where("id", "=", id).executeTakeFirst();
  if (!row) throw new PropertyNotFoundError(DELETE_MESSAGES.notFound);
  assertCan(user, "delete", "property", { brokerId: row.broker_id, userId: row.user_id }, { hideAs404: user.role !== "admin" });
  return deleteProperty(id);
}
