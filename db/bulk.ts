import type SQLite from "better-sqlite3";
import { sql, type Kysely } from "kysely";
import { isPostgres } from "./dialect";
import { derivedAssignments } from "./migrations/0002_catalogue";
import type { Database } from "./schema";

/**
 * Bulk load of properties (benchmark catalogues): row-by-row triggers and
 * twenty indexes make 100k inserts slow, so they are dropped (SQLite) or
 * switched off (PostgreSQL) for the load and rebuilt set-wise afterwards —
 * the derived columns, the indexes, both full-text indexes and the catalogue
 * version. Dialect-specific, so it lives in db/.
 */
export async function bulkLoadProperties(db: Kysely<Database>, sqlite: SQLite.Database | null, load: () => Promise<void>): Promise<void> {
  if (isPostgres(db)) return bulkLoadPostgres(db, load);
  if (!sqlite) throw new Error("bulkLoadProperties: the SQLite connection is required");
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

async function bulkLoadPostgres(db: Kysely<Database>, load: () => Promise<void>): Promise<void> {
  const firstId = Number((await sql<{ n: number }>`select coalesce(max(id), 0) + 1 as n from properties`.execute(db)).rows[0]!.n);
  // Plain indexes only: those behind a primary key or unique constraint stay (the load relies on them).
  const indexes = (
    await sql<{ name: string; definition: string }>`select i.indexname as name, i.indexdef as definition from pg_indexes i
      where i.schemaname = current_schema() and i.tablename = 'properties'
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`.execute(db)
  ).rows;
  for (const i of indexes) await sql`drop index ${sql.id(i.name)}`.execute(db);
  await sql`alter table properties disable trigger user`.execute(db);
  try {
    await load();
  } finally {
    await sql`alter table properties enable trigger user`.execute(db);
    await sql.raw(`update properties set ${derivedAssignments("properties", "postgres")} where id >= ${firstId}`).execute(db);
    for (const i of indexes) await sql.raw(i.definition).execute(db);
    const words = (table: string, where: string) =>
      sql.raw(`insert into ${table} (id, doc) select id, app_search_doc(title, description, city, neighborhood, address)
        from properties where id >= ${firstId}${where} on conflict (id) do nothing`);
    await words("properties_fts", "").execute(db);
    // One statement: catalogue_vocabulary's trigger counts the new words set-wise.
    await words("catalogue_fts", " and status = 'available'").execute(db);
    await syncIdentitySequences(db, ["properties"]);
    await sql`update catalogue_version set version = version + 1 where id = 1`.execute(db);
    // Fresh visibility map and statistics: counts read the GIN indexes without visiting the rows.
    for (const table of ["properties", "properties_fts", "catalogue_fts", "catalogue_vocabulary"]) await sql`vacuum analyze ${sql.table(table)}`.execute(db);
  }
}

/**
 * PostgreSQL: after rows were written with their ids (a copy, a bulk load),
 * each identity column's sequence continues after the largest id, as
 * SQLite's rowid does by itself. No-op on SQLite.
 */
export async function syncIdentitySequences(db: Kysely<Database>, tables?: readonly string[]): Promise<void> {
  if (!isPostgres(db)) return;
  const columns = (
    await sql<{ table_name: string; column_name: string }>`select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and is_identity = 'YES'`.execute(db)
  ).rows.filter((c) => !tables || tables.includes(c.table_name));
  for (const c of columns) {
    await sql`select setval(pg_get_serial_sequence(${c.table_name}, ${c.column_name}), greatest(coalesce((select max(${sql.ref(c.column_name)}) from ${sql.table(c.table_name)}), 0), 1), (select count(*) > 0 from ${sql.table(c.table_name)}))`.execute(
      db,
    );
  }
}

/**
 * After many rows were written at once (a benchmark's seed, an import): fresh
 * planner statistics on both databases and, on PostgreSQL, a fresh
 * visibility map (VACUUM), so counts and index-only scans read the indexes
 * without visiting each row — what autovacuum does a little later in a
 * running installation (and `db:copy` does at its end).
 */
export async function refreshAfterBulkWrite(db: Kysely<Database>, tables: readonly (keyof Database & string)[]): Promise<void> {
  for (const table of tables) await (isPostgres(db) ? sql`vacuum analyze ${sql.table(table)}` : sql`analyze ${sql.table(table)}`).execute(db);
  if (tables.includes("leads")) await compactCounterTables(db);
}

/** Counter tables updated in place on every write elsewhere (lead_counts: every lead's insert, move or delete). */
const COUNTER_TABLES = ["lead_counts"] as const;
/** Above this many 8 KB pages a counter table of a few hundred rows is mostly dead space. */
const COUNTER_TABLE_MAX_PAGES = 32;

/**
 * PostgreSQL keeps every old version of an updated row until VACUUM, and a
 * big import in one transaction updates lead_counts' few hundred rows once
 * per statement: the table grows to thousands of pages that plain VACUUM
 * frees but cannot give back (the live rows sit at its end), and every read
 * of it (the lead list's totals, the board's columns) walks them all. Once
 * it is that large it is rewritten (VACUUM FULL: a lock of a few
 * milliseconds on a table of a few hundred rows). SQLite updates rows in
 * place: nothing to do. Returns the tables rewritten. Run by the hourly
 * housekeeping job and after a bulk write.
 */
export async function compactCounterTables(db: Kysely<Database>): Promise<string[]> {
  if (!isPostgres(db)) return [];
  const compacted: string[] = [];
  for (const table of COUNTER_TABLES) {
    const { rows } = await sql<{ pages: number }>`select pg_relation_size(${table}) / current_setting('block_size')::int as pages`.execute(db);
    if (Number(rows[0]?.pages ?? 0) <= COUNTER_TABLE_MAX_PAGES) continue;
    await sql`vacuum (full, analyze) ${sql.table(table)}`.execute(db);
    compacted.push(table);
  }
  return compacted;
}
