import { sql, type Kysely } from "kysely";
import { isPostgres } from "./dialect";

/**
 * Changing a CHECK constraint, for migrations (0050, 0055). These functions
 * are part of what past migrations did: change them only in ways that give
 * the same result on an existing database.
 */

const checkOf = (values: string[]) => `source in (${values.map((v) => `'${v}'`).join(", ")})`;

/** leads.source lists its values in a CHECK (0001): PostgreSQL replaces the constraint, SQLite rebuilds the table. */
export async function replaceLeadSourceCheck(db: Kysely<any>, from: string[], to: string[]): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table leads drop constraint if exists leads_source_check`.execute(db);
    await sql`alter table leads add constraint leads_source_check check (${sql.raw(checkOf(to))})`.execute(db);
    return;
  }
  await rebuildSqliteTable(db, "leads", (create) => {
    const old = checkOf(from);
    if (!create.includes(old)) throw new Error(`leads: the CHECK "${old}" was not found; the table was changed elsewhere`);
    return create.replace(old, checkOf(to));
  });
}

/** SQLite's documented table rebuild, keeping every column, row, id, index and trigger. */
export async function rebuildSqliteTable(db: Kysely<any>, table: string, change: (createSql: string) => string): Promise<void> {
  const copy = `${table}_rebuild`;
  const master = await sql<{ type: string; name: string; sql: string }>`select type, name, sql from sqlite_master where tbl_name = ${table} and sql is not null`.execute(db);
  const create = master.rows.find((r) => r.type === "table" && r.name === table)?.sql;
  if (!create) throw new Error(`no table ${table}`);
  const dependants = master.rows.filter((r) => r.type === "index" || r.type === "trigger");
  const newCreate = change(create).replace(/^CREATE TABLE\s+("?)[^\s("]+\1/i, `CREATE TABLE "${copy}"`);
  const foreignKeys = (await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)).rows[0]?.foreign_keys ?? 0;
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (tx) => {
      const seq = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table}`.execute(tx).catch(() => ({ rows: [] as { seq: number }[] }));
      await sql.raw(newCreate).execute(tx);
      await sql`insert into ${sql.table(copy)} select * from ${sql.table(table)}`.execute(tx);
      await sql`drop table ${sql.table(table)}`.execute(tx);
      await sql`alter table ${sql.table(copy)} rename to ${sql.table(table)}`.execute(tx);
      for (const d of dependants) await sql.raw(d.sql).execute(tx);
      const before = seq.rows[0]?.seq;
      if (before !== undefined) await sql`update sqlite_sequence set seq = max(seq, ${before}) where name = ${table}`.execute(tx);
      const broken = await sql`pragma foreign_key_check`.execute(tx);
      if (broken.rows.length) throw new Error(`${table} rebuild: ${broken.rows.length} foreign key(s) no longer match`);
    });
  } finally {
    if (foreignKeys) await sql`pragma foreign_keys = on`.execute(db);
  }
}
