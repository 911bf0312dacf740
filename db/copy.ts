import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql, type Kysely } from "kysely";
import { syncIdentitySequences } from "./bulk";
import { createDb, createPostgresDb, openSqlite } from "./connection";
import { migrateToLatest } from "./migrator";
import type { Database } from "./schema";

/**
 * `npm run db:copy -- --to postgres://…`: an agency's SQLite database copied
 * into an empty PostgreSQL one (docs/scaling.md). The source is read from a
 * consistent snapshot (SQLite's backup API) brought to the latest migration;
 * the target is migrated, then every table is copied in one transaction and
 * checked before it commits: the same number of rows and the same checksum
 * (SHA-256 over every row in primary-key order, each value as the target's
 * column type holds it). Any difference, or any failure, rolls the whole
 * copy back. The full-text tables are not copied: PostgreSQL's are rebuilt
 * from the copied rows (its own kind, see 0001 and 0002).
 */
export type TableReport = { table: string; rows: number; checksum: string };
export type CopyReport = { tables: TableReport[]; ms: number };

/** Tables that are not data: SQLite's own, FTS5's indexes and their shadow tables, the migrator's bookkeeping. */
function isCopied(table: string): boolean {
  if (table.startsWith("sqlite_") || table.startsWith("kysely_migration")) return false;
  return !/^(properties_fts|catalogue_fts|leads_fts|catalogue_vocabulary)(_|$)/.test(table);
}

/** Rows the migrations themselves write (and so may be in an "empty" target). */
const MIGRATION_ROWS: Record<string, number> = { catalogue_version: 1 };

type Column = { name: string; numeric: boolean; udt: string };

export class CopyError extends Error {}

export async function copySqliteToPostgres(options: { from: string; to: string; log?: (line: string) => void }): Promise<CopyReport> {
  const started = Date.now();
  const say = options.log ?? (() => {});
  const log = (line: string) => say(`${line} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!fs.existsSync(options.from)) throw new CopyError(`No SQLite database at ${options.from}`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "imob-copy-"));
  const snapshotFile = path.join(work, "snapshot.db");
  const target = createPostgresDb(options.to, { max: 2 });
  try {
    await refuseNonEmpty(target.db);

    // A consistent snapshot of the source (the server may still be running), at the latest migration.
    const live = openSqlite(options.from);
    try {
      await live.backup(snapshotFile);
    } finally {
      live.close();
    }
    const snapshot = createDb(snapshotFile);
    try {
      await migrateToLatest(snapshot.db);
    } finally {
      await snapshot.db.destroy();
    }
    log("Source snapshot taken and at the latest migration.");

    await migrateToLatest(target.db);
    log("Target migrated.");

    const source = new SQLite(snapshotFile, { readonly: true });
    try {
      const tables = copyOrder(source);
      const reports: TableReport[] = [];
      await target.db.transaction().execute(async (trx) => {
        // Row triggers would recompute what the copy brings (derived columns, keys) and index row by row: off for the copy.
        for (const t of ["properties", "leads"]) await sql`alter table ${sql.table(t)} disable trigger user`.execute(trx);
        // Secondary indexes are built once after the load rather than row by row (5× faster at 100,000 rows).
        await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
        const indexes = await dropSecondaryIndexes(trx);
        for (const table of tables) {
          const columns = await targetColumns(trx, table);
          const sourceColumns = (source.prepare(`select name from pragma_table_info(?)`).all(table) as { name: string }[]).map((c) => c.name);
          const missing = sourceColumns.filter((c) => !columns.some((t) => t.name === c));
          if (missing.length) throw new CopyError(`Table ${table}: the target has no column ${missing.join(", ")}`);
          const used = columns.filter((c) => sourceColumns.includes(c.name));
          await sql`delete from ${sql.table(table)}`.execute(trx);
          const rows = await copyTable(source, trx, table, used);
          log(`  ${table}: ${rows} rows copied`);
        }
        for (const t of ["properties", "leads"]) await sql`alter table ${sql.table(t)} enable trigger user`.execute(trx);
        await rebuildTextIndexes(trx);
        await syncIdentitySequences(trx);
        log("Text indexes filled.");
        for (const index of indexes) await sql.raw(index).execute(trx);
        log(`${indexes.length} indexes built.`);

        // The check: counts and checksums, read back from the target inside the copy's transaction.
        for (const table of tables) {
          const columns = (await targetColumns(trx, table)).filter((c) => (source.prepare(`select 1 from pragma_table_info(?) where name = ?`).get(table, c.name) as unknown) !== undefined);
          const key = primaryKey(source, table, columns);
          const from = sourceChecksum(source, table, columns, key);
          const to = await targetChecksum(trx, table, columns, key);
          if (from.rows !== to.rows || from.checksum !== to.checksum) {
            throw new CopyError(`Table ${table} differs after the copy: ${from.rows} rows (${from.checksum.slice(0, 12)}) in SQLite, ${to.rows} rows (${to.checksum.slice(0, 12)}) in PostgreSQL. Nothing was kept.`);
          }
          reports.push({ table, rows: to.rows, checksum: to.checksum });
        }
        log("Every table checked.");
      });
      log("Committed.");
      // Statistics and the visibility map for the planner, as a running database would have them.
      await sql`vacuum analyze`.execute(target.db);
      log("Vacuumed and analysed.");
      return { tables: reports, ms: Date.now() - started };
    } finally {
      source.close();
    }
  } finally {
    await target.db.destroy();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The target must hold nothing yet: no table, or only the tables of a migrated, never used database. */
async function refuseNonEmpty(db: Kysely<Database>): Promise<void> {
  const tables = (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)).rows.map((r) => r.name);
  for (const table of tables) {
    if (table.startsWith("kysely_migration")) continue;
    const allowed = MIGRATION_ROWS[table] ?? 0;
    const n = Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);
    if (n > allowed) throw new CopyError(`The target database is not empty (table ${table} has ${n} rows). db:copy only fills an empty database: create a new one.`);
  }
}

/**
 * Drops the target's indexes that no constraint needs (primary keys, unique
 * constraints and so foreign keys stay) and returns their definitions, to
 * be run again once the rows are in. All inside the copy's transaction: a
 * failure rolls the drops back too.
 */
async function dropSecondaryIndexes(db: Kysely<Database>): Promise<string[]> {
  const rows = (
    await sql<{ name: string; def: string }>`select quote_ident(ic.relname) as name, pg_get_indexdef(i.indexrelid) as def
      from pg_index i
      join pg_class ic on ic.oid = i.indexrelid
      join pg_class t on t.oid = i.indrelid
      join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = current_schema() and t.relkind = 'r' and t.relname not like 'kysely_migration%'
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
      order by t.relname, ic.relname`.execute(db)
  ).rows;
  for (const r of rows) await sql.raw(`drop index ${r.name}`).execute(db);
  return rows.map((r) => r.def);
}

/** The data tables, parents before children (foreign keys). */
function copyOrder(source: SQLite.Database): string[] {
  const tables = (source.prepare("select name from sqlite_master where type = 'table' order by name").all() as { name: string }[]).map((t) => t.name).filter(isCopied);
  const parents = new Map(tables.map((t) => [t, (source.prepare("select distinct \"table\" as parent from pragma_foreign_key_list(?)").all(t) as { parent: string }[]).map((p) => p.parent).filter((p) => p !== t && tables.includes(p))]));
  const ordered: string[] = [];
  const visit = (t: string, path: string[]) => {
    if (ordered.includes(t)) return;
    if (path.includes(t)) throw new CopyError(`Foreign keys form a cycle: ${[...path, t].join(" → ")}`);
    for (const p of parents.get(t) ?? []) visit(p, [...path, t]);
    ordered.push(t);
  };
  for (const t of tables) visit(t, []);
  return ordered;
}

async function targetColumns(db: Kysely<Database>, table: string): Promise<Column[]> {
  const rows = await sql<{ name: string; type: string; udt: string }>`select column_name as name, data_type as type, udt_name as udt from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db);
  if (!rows.rows.length) throw new CopyError(`Table ${table} is missing in the target (is it at the same migration as the source?)`);
  return rows.rows.map((r) => ({ name: r.name, udt: r.udt, numeric: ["bigint", "integer", "smallint", "double precision", "real", "numeric"].includes(r.type) }));
}

const NUL = String.fromCharCode(0);

/** A value as the target column holds it (SQLite may keep a number in a text column, and text may hold NUL). */
function asTarget(value: unknown, column: Column): unknown {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) return value.toString("utf8");
  if (column.numeric) return typeof value === "bigint" ? Number(value) : typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)) ? Number(value) : value;
  return String(value).split(NUL).join("");
}

async function copyTable(source: SQLite.Database, db: Kysely<Database>, table: string, columns: Column[]): Promise<number> {
  // One array per column (unnest): a statement of 5,000 rows has as many parameters as the table has columns.
  const batch = 5000;
  const insert = sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c.name)))})`;
  let pending: unknown[][] = columns.map(() => []);
  let size = 0;
  let rows = 0;
  const flush = async () => {
    if (!size) return;
    const arrays = sql.join(columns.map((c, i) => sql`${pending[i]}::${sql.raw(`${quoteIdent(c.udt)}[]`)}`));
    await sql`${insert} select * from unnest(${arrays})`.execute(db);
    rows += size;
    pending = columns.map(() => []);
    size = 0;
  };
  const list = columns.map((c) => `"${c.name}"`).join(", ");
  for (const row of source.prepare(`select ${list} from "${table}"`).iterate() as Iterable<Record<string, unknown>>) {
    columns.forEach((c, i) => pending[i].push(asTarget(row[c.name], c)));
    if (++size >= batch) await flush();
  }
  await flush();
  return rows;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

function primaryKey(source: SQLite.Database, table: string, columns: Column[]): string[] {
  const pk = (source.prepare("select name from pragma_table_info(?) where pk > 0 order by pk").all(table) as { name: string }[]).map((c) => c.name);
  return pk.length ? pk : columns.map((c) => c.name);
}

function hashRows(rows: Iterable<Record<string, unknown>>, columns: Column[]): { rows: number; checksum: string } {
  const hash = crypto.createHash("sha256");
  let n = 0;
  for (const row of rows) {
    hash.update(JSON.stringify(columns.map((c) => asTarget(row[c.name], c))));
    hash.update("\n");
    n += 1;
  }
  return { rows: n, checksum: hash.digest("hex") };
}

function sourceChecksum(source: SQLite.Database, table: string, columns: Column[], key: string[]): { rows: number; checksum: string } {
  const list = columns.map((c) => `"${c.name}"`).join(", ");
  const order = key.map((k) => `"${k}"`).join(", ");
  return hashRows(source.prepare(`select ${list} from "${table}" order by ${order}`).iterate() as Iterable<Record<string, unknown>>, columns);
}

async function targetChecksum(db: Kysely<Database>, table: string, columns: Column[], key: string[]): Promise<{ rows: number; checksum: string }> {
  const hash = crypto.createHash("sha256");
  let n = 0;
  const list = sql.join(columns.map((c) => sql.ref(c.name)));
  const order = sql.join(key.map((k) => sql.ref(k)));
  // Read through a cursor inside the copy's own transaction: one pass in key order, a page in memory at a time.
  const cursor = sql.raw(`copy_check_${table}`);
  await sql`declare ${cursor} no scroll cursor for select ${list} from ${sql.table(table)} order by ${order}`.execute(db);
  for (;;) {
    const rows = (await sql<Record<string, unknown>>`fetch 2000 from ${cursor}`.execute(db)).rows;
    for (const row of rows) {
      hash.update(JSON.stringify(columns.map((c) => asTarget(row[c.name], c))));
      hash.update("\n");
    }
    n += rows.length;
    if (rows.length === 0) break;
  }
  await sql`close ${cursor}`.execute(db);
  return { rows: n, checksum: hash.digest("hex") };
}

/** PostgreSQL's word tables (0001, 0002), filled set-wise from the copied properties (the vocabulary follows, 0014). */
async function rebuildTextIndexes(db: Kysely<Database>): Promise<void> {
  await sql`delete from properties_fts`.execute(db);
  await sql`delete from catalogue_fts`.execute(db);
  await sql`insert into properties_fts (id, doc) select id, app_search_doc(title, description, city, neighborhood, address) from properties`.execute(db);
  // the same document for the listings on sale: taken from properties_fts rather than computed twice
  await sql`insert into catalogue_fts (id, doc) select f.id, f.doc from properties_fts f join properties p on p.id = f.id where p.status = 'available'`.execute(db);
}
