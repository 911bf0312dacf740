import { db } from "~/modules/platform/db.server";

/**
 * The catalogue's change counter (catalogue_version, 0002): bumped by
 * triggers on every write to properties, so caches of anything derived from
 * the catalogue (pages, facets, feeds, the search vocabulary) know with one
 * primary-key read whether they are still right.
 */
export async function catalogueVersion(): Promise<number> {
  const row = await db().selectFrom("catalogue_version").select("version").where("id", "=", 1).executeTakeFirst();
  return row?.version ?? 0;
}
