import { configScoped } from "~/modules/platform/config.server";
import { db } from "~/modules/platform/db.server";

/**
 * The catalogue's change counter (catalogue_version, 0002): bumped by
 * triggers on every write to properties, so caches of anything derived from
 * the catalogue (pages, facets, counts, feeds, the search vocabulary) know
 * with one primary-key read whether they are still right.
 */
export async function catalogueVersion(): Promise<number> {
  const row = await db().selectFrom("catalogue_version").select("version").where("id", "=", 1).executeTakeFirst();
  return row?.version ?? 0;
}

/**
 * A memory of values derived from the catalogue, kept until its next change:
 * each read compares catalogue_version (one primary-key read), so several
 * processes on one database stay right without telling each other. The
 * version is read before the value is computed, so a value is never older
 * than the version it is kept under. One per database (configScoped); at
 * most `maxEntries` keys, forgotten all at once beyond that.
 */
export function catalogueMemo<T>(maxEntries: number): (key: string, load: () => Promise<T>) => Promise<T> {
  const memos = configScoped(() => ({ version: -1, entries: new Map<string, T>() }));
  return async (key, load) => {
    const memo = memos();
    const version = await catalogueVersion();
    if (version !== memo.version) {
      memo.version = version;
      memo.entries.clear();
    }
    if (memo.entries.has(key)) return memo.entries.get(key) as T;
    const value = await load();
    // a write may have come while loading: keep the value only under the version it was computed after
    if (memo.version === version) {
      if (memo.entries.size >= maxEntries) memo.entries.clear();
      memo.entries.set(key, value);
    }
    return value;
  };
}
