import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * A lead pushed by a portal keeps the portal as its source (issue 25): ZAP
 * Imóveis, VivaReal or OLX, and 'portal' when the push names none we know.
 * Until now such a lead was stored as 'site'; the lead ids recorded in
 * portal_leads (0012) are moved to their portal here.
 *
 * leads.source has a CHECK listing its values (0001). PostgreSQL replaces the
 * constraint in place. SQLite cannot alter a CHECK, so the table is rebuilt
 * the way SQLite documents it (lang_altertable.html, "other kinds of table
 * schema changes"): with foreign keys off, a copy made from the table's own
 * CREATE statement (so columns other migrations added are kept, in order)
 * with the one CHECK changed, every row copied with its id, the old table
 * dropped, the copy renamed, and the indexes and triggers (search key, the
 * trigram index's) created again from their saved statements. The
 * AUTOINCREMENT counter is kept, so no deleted lead's id is handed out again.
 */
const BEFORE = ["site", "board", "csv", "roleta"];
const AFTER = [...BEFORE, "zap", "vivareal", "olx", "portal"];

const checkOf = (values: string[]) => `source in (${values.map((v) => `'${v}'`).join(", ")})`;

export async function up(db: Kysely<any>): Promise<void> {
  await replaceSourceCheck(db, BEFORE, AFTER);
  // Leads received from a portal before this migration: their portal, from what the push said.
  for (const [source, pattern] of [
    ["zap", "%zap%"],
    ["vivareal", "%viva%"],
    ["olx", "%olx%"],
  ] as const) {
    await sql`update leads set source = ${source}
      where source = 'site' and id in (select lead_id from portal_leads where lead_id is not null and lower(coalesce(lead_origin, '')) like ${pattern})`.execute(db);
  }
  await sql`update leads set source = 'portal' where source = 'site' and id in (select lead_id from portal_leads where lead_id is not null)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update leads set source = 'site' where source in ('zap', 'vivareal', 'olx', 'portal')`.execute(db);
  await replaceSourceCheck(db, AFTER, BEFORE);
}

async function replaceSourceCheck(db: Kysely<any>, from: string[], to: string[]): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
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
async function rebuildSqliteTable(db: Kysely<any>, table: string, change: (createSql: string) => string): Promise<void> {
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
