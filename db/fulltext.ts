import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { Database } from "./schema";

/**
 * Full-text search of the public catalogue (SQLite FTS5, kept in db/ so the
 * rest of the app stays portable). The index, catalogue_fts, holds the
 * available properties only (see migrations/0002_catalogue.ts) and folds
 * accents and case, so 'sao paulo' finds 'São Paulo'.
 */

const MAX_TOKENS = 8;
const MAX_TOKEN_LENGTH = 40;

/**
 * Builds an FTS5 query from what a visitor typed. Every word becomes a quoted
 * string (so FTS syntax such as `title:*"`, NEAR or AND is just text), words
 * of two or more characters match as prefixes ("apart" finds "apartamento"),
 * and all words must match. With `titleAndDescriptionOnly`, only those
 * columns are searched (used when the visitor also picked a city).
 * `insideWords`, given a folded word of three or more characters, names the
 * indexed words that contain it further in ('aulo' → 'paulo'); each becomes
 * an alternative of that word, so it matches inside words too. Returns null
 * when nothing searchable is left.
 */
export function buildMatchQuery(
  input: string,
  options: { titleAndDescriptionOnly?: boolean; columns?: readonly string[]; insideWords?: (folded: string) => readonly string[] } = {},
): string | null {
  const words = (input.normalize("NFKC").match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TOKENS);
  if (words.length === 0) return null;
  const terms = words.map((w) => {
    const word = w.slice(0, MAX_TOKEN_LENGTH);
    const quoted = quote(word);
    if (word.length < 2) return quoted;
    const inside = word.length >= 3 && options.insideWords ? options.insideWords(foldForIndex(word)) : [];
    return inside.length ? `(${quoted}* OR ${inside.map(quote).join(" OR ")})` : `${quoted}*`;
  });
  const body = terms.join(" AND ");
  const columns = options.columns ?? (options.titleAndDescriptionOnly ? ["title", "description"] : null);
  return columns ? `{${columns.join(" ")}} : (${body})` : body;
}

function quote(word: string): string {
  return `"${word.replace(/"/g, '""')}"`;
}

/** A word as the catalogue index stores it: lower case, accents removed (unicode61 remove_diacritics 2). */
export function foldForIndex(word: string): string {
  return word.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase();
}

export type IndexedWord = { term: string; documents: number };

/**
 * One page of the catalogue index's vocabulary (catalogue_vocabulary, 0014),
 * in term order after `after`. Reading it costs about 70 µs a word at
 * 100,000 listings (FTS5 walks each word's list to count it), so callers
 * read it in pages and keep it.
 */
export async function catalogueVocabularyPage(db: Kysely<Database>, after: string, limit: number): Promise<IndexedWord[]> {
  const rows = await sql<{ term: string; doc: number }>`select term, doc from catalogue_vocabulary where term > ${after} order by term limit ${limit}`.execute(db);
  return rows.rows.map((r) => ({ term: r.term, documents: Number(r.doc) }));
}

/**
 * `properties.id in (rows of the general index matching the query)`: every
 * status, for back-office searches (admin list, broker catalogue). The index
 * properties_fts is kept by 0001's triggers and folds accents and case.
 */
export function propertyTextMatch(matchQuery: string): Expression<SqlBool> {
  return sql<SqlBool>`properties.id in (select rowid from properties_fts where properties_fts match ${matchQuery})`;
}

/**
 * `properties.id in (rows of the catalogue index matching the query)`, for a
 * Kysely where(). The unary plus keeps SQLite from driving the query from the
 * match list (one table lookup per match, 40 ms for a broad word at 100k
 * rows): the other filters' index, or the date order, drives it and each row
 * is checked against the list. Small match lists are better read directly,
 * see catalogueTextMatchIds.
 */
export function catalogueTextMatch(matchQuery: string): Expression<SqlBool> {
  return sql<SqlBool>`+properties.id in (select rowid from catalogue_fts where catalogue_fts match ${matchQuery})`;
}

/**
 * How many available properties match: answered by the index alone, which is
 * what makes a broad search ('sao paulo' at 100k rows) cheap to count. Only
 * valid when the text is the only filter.
 */
export async function countCatalogueTextMatches(db: Kysely<Database>, matchQuery: string): Promise<number> {
  const row = await sql<{ n: number }>`select count(*) as n from catalogue_fts where catalogue_fts match ${matchQuery}`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/** The ids of every available property matching (for small result sets, read straight from the index). */
export async function catalogueTextMatchIds(db: Kysely<Database>, matchQuery: string, limit: number): Promise<number[]> {
  const rows = await sql<{ id: number }>`select rowid as id from catalogue_fts where catalogue_fts match ${matchQuery} limit ${limit}`.execute(db);
  return rows.rows.map((r) => Number(r.id));
}
