import { sql, type Kysely } from "kysely";
import { isPostgres } from "../../dialect";

/**
 * Part of 0001_initial: the full-text index of properties, the one
 * dialect-specific part of the initial schema (FTS5 on SQLite, tsvector words
 * under a GIN index on PostgreSQL). Never edited once landed.
 */
export async function createPropertyTextIndex(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await postgresTextIndex(db);
    return;
  }

  // ── full-text index (SQLite only, kept in db/) ──────────────────────────
  // remove_diacritics folds accents so 'sao paulo' finds 'São Paulo'.
  await sql`create virtual table properties_fts using fts5(
    title, description, city, neighborhood, address,
    content='properties', content_rowid='id',
    tokenize = 'unicode61 remove_diacritics 2'
  )`.execute(db);
  await sql`create trigger properties_fts_insert after insert on properties begin
    insert into properties_fts(rowid, title, description, city, neighborhood, address)
    values (new.id, new.title, new.description, new.city, new.neighborhood, new.address);
  end`.execute(db);
  await sql`create trigger properties_fts_delete after delete on properties begin
    insert into properties_fts(properties_fts, rowid, title, description, city, neighborhood, address)
    values ('delete', old.id, old.title, old.description, old.city, old.neighborhood, old.address);
  end`.execute(db);
  await sql`create trigger properties_fts_update after update of title, description, city, neighborhood, address on properties begin
    insert into properties_fts(properties_fts, rowid, title, description, city, neighborhood, address)
    values ('delete', old.id, old.title, old.description, old.city, old.neighborhood, old.address);
    insert into properties_fts(rowid, title, description, city, neighborhood, address)
    values (new.id, new.title, new.description, new.city, new.neighborhood, new.address);
  end`.execute(db);
}

/**
 * PostgreSQL's counterpart of properties_fts: one row per property with its
 * words as a tsvector, weighted by column (title A, description B, city and
 * neighbourhood C, address D) so a search can keep to some columns. The
 * words are what FTS5's unicode61 tokenizer with remove_diacritics makes:
 * accents folded (unaccent), lower case, split at anything that is not a
 * letter or a digit (app_search_text). Kept by a trigger; deleted with the
 * property. db/fulltext.ts builds the tsquery.
 */
async function postgresTextIndex(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);
  // unaccent() is only STABLE (its dictionary could change); with the dictionary named it is fixed, so indexes may use it.
  await sql`create or replace function app_unaccent(value text) returns text language sql immutable parallel safe strict
    as $$ select public.unaccent('public.unaccent'::regdictionary, value) $$`.execute(db);
  await sql`create or replace function app_search_text(value text) returns text language sql immutable parallel safe
    as $$ select ' ' || btrim(regexp_replace(lower(app_unaccent(coalesce(value, '')) collate "default"), '[^[:alnum:]]+', ' ', 'g')) || ' ' $$`.execute(db);
  await sql`create or replace function app_search_doc(title text, description text, city text, neighborhood text, address text) returns tsvector
    language sql immutable parallel safe
    as $$ select setweight(to_tsvector('simple', app_search_text(title)), 'A') || setweight(to_tsvector('simple', app_search_text(description)), 'B')
      || setweight(to_tsvector('simple', app_search_text(city) || app_search_text(neighborhood)), 'C') || setweight(to_tsvector('simple', app_search_text(address)), 'D') $$`.execute(db);
  await sql`create table properties_fts (id bigint primary key references properties (id) on delete cascade, doc tsvector not null)`.execute(db);
  await sql`create index properties_fts_doc_idx on properties_fts using gin (doc)`.execute(db);
  await sql`create function properties_fts_sync() returns trigger language plpgsql as $$
    begin
      insert into properties_fts (id, doc) values (new.id, app_search_doc(new.title, new.description, new.city, new.neighborhood, new.address))
      on conflict (id) do update set doc = excluded.doc;
      return null;
    end $$`.execute(db);
  await sql`create trigger properties_fts_insert after insert on properties for each row execute function properties_fts_sync()`.execute(db);
  await sql`create trigger properties_fts_update after update of title, description, city, neighborhood, address on properties
    for each row execute function properties_fts_sync()`.execute(db);
}
