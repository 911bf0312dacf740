import type SQLite from "better-sqlite3";
import { derivedAssignments } from "./migrations/0002_catalogue";

/**
 * Bulk load of properties (benchmark catalogues): row-by-row triggers and
 * twenty indexes make 100k inserts slow, so they are dropped for the load
 * and rebuilt set-wise afterwards — the derived columns, the indexes, both
 * full-text indexes and the catalogue version. SQLite-only, so it lives in db/.
 */
export async function bulkLoadProperties(sqlite: SQLite.Database, load: () => Promise<void>): Promise<void> {
  const firstId = (sqlite.prepare("select coalesce(max(id), 0) + 1 as n from properties").get() as { n: number }).n;
  const objects = sqlite
    .prepare("select type, name, sql from sqlite_master where tbl_name = 'properties' and type in ('index', 'trigger') and sql is not null")
    .all() as { type: "index" | "trigger"; name: string; sql: string }[];
  for (const o of objects) sqlite.exec(`drop ${o.type} "${o.name}"`);
  try {
    await load();
  } finally {
    sqlite.transaction(() => {
      sqlite.exec(`update properties set ${derivedAssignments("properties")} where id >= ${Number(firstId)}`);
      for (const o of objects.filter((x) => x.type === "index")) sqlite.exec(o.sql);
      for (const o of objects.filter((x) => x.type === "trigger")) sqlite.exec(o.sql);
      sqlite.exec("insert into properties_fts(properties_fts) values ('rebuild')");
      sqlite.exec(`insert into catalogue_fts(rowid, title, description, city, neighborhood, address)
        select id, title, description, city, neighborhood, address from properties where id >= ${Number(firstId)} and status = 'available'`);
      sqlite.exec("update catalogue_version set version = version + 1 where id = 1");
    })();
  }
}
