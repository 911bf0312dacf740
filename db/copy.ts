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

type Column = { name: string; numeric: boolean };

export class CopyError extends Error {}

export async function copySqliteToPostgres(options: { from: string; to: string; log?: (line: string) => void }): Promise<CopyReport> {
  const started = Date.now();
  const log = options.log ?? (() => {});
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
      });
      // Statistics and the visibility map for the planner, as a running database would have them.
      await sql`vacuum analyze`.execute(target.db);
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
  const rows = await sql<{ name: string; type: string }>`select column_name as name, data_type as type from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db);
  if (!rows.rows.length) throw new CopyError(`Table ${table} is missing in the target (is it at the same migration as the source?)`);
  return rows.rows.map((r) => ({ name: r.name, numeric: ["bigint", "integer", "smallint", "double precision", "real", "numeric"].includes(r.type) }));
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
  // PostgreSQL takes at most 65,535 parameters a statement.
  const batch = Math.max(1, Math.floor(30_000 / columns.length));
  const list = columns.map((c) => `"${c.name}"`).join(", ");
  let pending: Record<string, unknown>[] = [];
  let rows = 0;
  const flush = async () => {
    if (!pending.length) return;
    await db
      .insertInto(table as keyof Database)
      .values(pending as never)
      .execute();
    rows += pending.length;
    pending = [];
  };
  for (const row of source.prepare(`select ${list} from "${table}"`).iterate() as Iterable<Record<string, unknown>>) {
    pending.push(Object.fromEntries(columns.map((c) => [c.name, asTarget(row[c.name], c)])));
    if (pending.length >= batch) await flush();
  }
  await flush();
  return rows;
}

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
  // Read in pages by offset inside the copy's own transaction (nothing else writes these rows meanwhile).
  const page = 5000;
  for (let offset = 0; ; offset += page) {
    const rows = (await sql<Record<string, unknown>>`select ${list} from ${sql.table(table)} order by ${order} limit ${page} offset ${offset}`.execute(db)).rows;
    const part = rows.map((row) => JSON.stringify(columns.map((c) => asTarget(row[c.name], c))));
    for (const line of part) {
      hash.update(line);
      hash.update("\n");
    }
    n += rows.length;
    if (rows.length < page) break;
  }
  return { rows: n, checksum: hash.digest("hex") };
}

/** PostgreSQL's word tables (0001, 0002), filled set-wise from the copied properties (the vocabulary follows, 0014). */
async function rebuildTextIndexes(db: Kysely<Database>): Promise<void> {
  await sql`delete from properties_fts`.execute(db);
  await sql`delete from catalogue_fts`.execute(db);
  await sql`insert into properties_fts (id, doc) select id, app_search_doc(title, description, city, neighborhood, address) from properties`.execute(db);
  await sql`insert into catalogue_fts (id, doc) select id, app_search_doc(title, description, city, neighborhood, address) from properties where status = 'available'`.execute(db);
}
