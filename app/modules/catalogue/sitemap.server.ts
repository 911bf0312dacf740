import { propertyPath } from "~/modules/properties/vocabulary";
import { db } from "~/modules/platform/db.server";

/** The sitemap's reads: available properties, counted and streamed in id order. */
export async function countAvailableProperties(): Promise<number> {
  const row = await db()
    .selectFrom("properties")
    .select((e) => e.fn.countAll<number>().as("n"))
    .where("status", "=", "available")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Available properties' addresses and last change, streamed in id order (constant memory at 100k). */
export async function* availablePropertyPaths(offset = 0, limit = Number.MAX_SAFE_INTEGER): AsyncGenerator<{ path: string; updatedAt: string }> {
  let lastId = 0;
  let skipped = 0;
  let sent = 0;
  // Keyset pages of 2,000 rows: short reads, so a long sitemap never holds the database.
  for (;;) {
    const rows = await db()
      .selectFrom("properties")
      .select(["id", "slug", "updated_at"])
      .where("status", "=", "available")
      .where("id", ">", lastId)
      .orderBy("id")
      .limit(2000)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      lastId = row.id;
      if (skipped < offset) {
        skipped++;
        continue;
      }
      if (sent >= limit) return;
      sent++;
      yield { path: propertyPath(row), updatedAt: row.updated_at };
    }
  }
}
