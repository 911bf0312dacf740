import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";
import { foldSql } from "./0002_catalogue";

/**
 * CRM leads (issue 8):
 * - leads_fts: a trigram FTS5 index over name, e-mail, phone (as typed and
 *   normalised) and property title, accents folded, kept by triggers. The
 *   lead search is a substring search ('silv' finds 'Silva', '91234' finds a
 *   phone), which a trigram index answers without scanning 100k rows.
 *   SQLite-only, like every FTS table, so it lives in db/ (see db/lead-search.ts).
 * - leads.search_key: name, e-mail, phones and property title, lower-cased
 *   and accent-folded, kept by triggers. Within one broker's leads (a few
 *   thousand rows, found by the broker index) a LIKE on it is faster than
 *   materialising a broad trigram match; for admins a broad word also reads
 *   it in date order and stops at the page.
 * - Indexes for the list's filters ordered by date: stage, broker + stage.
 * - broker_smtp_settings.password_secret: the SMTP password encrypted
 *   (AES-256-GCM, key derived from the server secret); the old plain
 *   `password` column is never written.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("leads_stage_created_idx").on("leads").columns(["stage_id", "created_at"]).execute();
  await db.schema.createIndex("leads_broker_stage_created_idx").on("leads").columns(["broker_id", "stage_id", "created_at"]).execute();
  await db.schema.alterTable("broker_smtp_settings").addColumn("password_secret", "text").execute();

  await db.schema.alterTable("leads").addColumn("search_key", "text", (c) => c.notNull().defaultTo("")).execute();
  const key = (row: string) =>
    foldSql(`coalesce(${row}.name, '') || ' ' || coalesce(${row}.email, '') || ' ' || coalesce(${row}.phone, '') || ' ' || coalesce(${row}.phone_normalized, '') || ' ' || coalesce(${row}.property_title, '')`);
  await sql.raw(`update leads set search_key = ${key("leads")}`).execute(db);
  if (isPostgres(db)) {
    // The key set before the row is written; a trigram index on it stands for leads_fts (db/lead-search.ts).
    await sql.raw(`create function leads_search_key() returns trigger language plpgsql as $$ begin new.search_key := ${key("new")}; return new; end $$`).execute(db);
    await sql`create trigger leads_search_key_insert before insert on leads for each row execute function leads_search_key()`.execute(db);
    await sql`create trigger leads_search_key_update before update of name, email, phone, phone_normalized, property_title on leads
      for each row execute function leads_search_key()`.execute(db);
    await sql`create index leads_search_key_trgm_idx on leads using gin (search_key gin_trgm_ops)`.execute(db);
    return;
  }
  await sql.raw(`create trigger leads_search_key_insert after insert on leads begin update leads set search_key = ${key("new")} where id = new.id; end`).execute(db);
  await sql
    .raw(`create trigger leads_search_key_update after update of name, email, phone, phone_normalized, property_title on leads begin update leads set search_key = ${key("new")} where id = new.id; end`)
    .execute(db);

  await sql`create virtual table leads_fts using fts5(
    name, email, phone, phone_normalized, property_title,
    content='leads', content_rowid='id',
    tokenize = 'trigram remove_diacritics 1'
  )`.execute(db);
  await sql`insert into leads_fts(rowid, name, email, phone, phone_normalized, property_title)
    select id, name, email, phone, phone_normalized, property_title from leads`.execute(db);
  await sql`create trigger leads_fts_insert after insert on leads begin
    insert into leads_fts(rowid, name, email, phone, phone_normalized, property_title)
    values (new.id, new.name, new.email, new.phone, new.phone_normalized, new.property_title);
  end`.execute(db);
  await sql`create trigger leads_fts_delete after delete on leads begin
    insert into leads_fts(leads_fts, rowid, name, email, phone, phone_normalized, property_title)
    values ('delete', old.id, old.name, old.email, old.phone, old.phone_normalized, old.property_title);
  end`.execute(db);
  await sql`create trigger leads_fts_update after update of name, email, phone, phone_normalized, property_title on leads begin
    insert into leads_fts(leads_fts, rowid, name, email, phone, phone_normalized, property_title)
    values ('delete', old.id, old.name, old.email, old.phone, old.phone_normalized, old.property_title);
    insert into leads_fts(rowid, name, email, phone, phone_normalized, property_title)
    values (new.id, new.name, new.email, new.phone, new.phone_normalized, new.property_title);
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists leads_search_key_trgm_idx`.execute(db);
    await sql`drop function if exists leads_search_key() cascade`.execute(db);
  } else {
    for (const t of ["leads_fts_insert", "leads_fts_delete", "leads_fts_update", "leads_search_key_insert", "leads_search_key_update"]) await sql`drop trigger if exists ${sql.id(t)}`.execute(db);
    await sql`drop table if exists leads_fts`.execute(db);
  }
  await db.schema.alterTable("leads").dropColumn("search_key").execute();
  await db.schema.dropIndex("leads_stage_created_idx").ifExists().execute();
  await db.schema.dropIndex("leads_broker_stage_created_idx").ifExists().execute();
  await db.schema.alterTable("broker_smtp_settings").dropColumn("password_secret").execute();
}
