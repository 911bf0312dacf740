import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import { isPostgres } from "./dialect";
import type { Database } from "./schema";

/**
 * Full-text search of the properties, kept in db/ so the rest of the app
 * stays portable. SQLite: FTS5 (unicode61, accents removed); the catalogue
 * index, catalogue_fts, holds the available properties only (see
 * migrations/0002_catalogue.ts). PostgreSQL: tables of the same names hold
 * each property's words as a tsvector under a GIN index (0001, 0002), made
 * as FTS5 makes its tokens, and catalogue_vocabulary is a table of the same
 * shape as FTS5's (0014); a query becomes the tsquery with the same meaning
 * as its FTS5 query. Both fold accents and case, so 'sao paulo' finds
 * 'São Paulo'.
 */

const MAX_TOKENS = 8;
const MAX_TOKEN_LENGTH = 40;

export type TextColumn = "title" | "description" | "city" | "neighborhood" | "address";
const ALL_COLUMNS: readonly TextColumn[] = ["title", "description", "city", "neighborhood", "address"];

/** What a visitor typed, ready for either engine. */
export type TextQuery = {
  /** The FTS5 query (SQLite). */
  fts5: string;
  /**
   * Each word folded, and what it matches: the indexed word itself, or every word it starts, and the indexed words it is inside of.
   * onlyItself: no indexed word but this one starts with it, so PostgreSQL asks for the word (an exact GIN entry, cheaper to
   * intersect than a prefix's) — the same rows.
   */
  words: { folded: string; match: "word" | "start"; inside: readonly string[]; onlyItself?: boolean }[];
  columns: readonly TextColumn[];
};

/**
 * Builds the query from what a visitor typed. Every word becomes a quoted
 * FTS5 string (so FTS syntax such as `title:*"`, NEAR or AND is just text),
 * words of two or more characters match as prefixes ("apart" finds
 * "apartamento"), and all words must match. With `titleAndDescriptionOnly`,
 * only those columns are searched (used when the visitor also picked a
 * city). `insideWords`, given a folded word of three or more characters,
 * names the indexed words that contain it further in ('aulo' → 'paulo');
 * each becomes an alternative of that word, so it matches inside words too.
 * `onlyItselfStarts` tells a word no other indexed word starts with (see
 * TextQuery's onlyItself). Returns null when nothing searchable is left.
 */
export function buildMatchQuery(
  input: string,
  options: {
    titleAndDescriptionOnly?: boolean;
    columns?: readonly TextColumn[];
    insideWords?: (folded: string) => readonly string[];
    onlyItselfStarts?: (folded: string) => boolean;
  } = {},
): TextQuery | null {
  const found = (input.normalize("NFKC").match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TOKENS);
  if (found.length === 0) return null;
  const words: TextQuery["words"] = [];
  const terms = found.map((w) => {
    const word = w.slice(0, MAX_TOKEN_LENGTH);
    const quoted = quote(word);
    const folded = foldForPostgres(foldForIndex(word));
    if (word.length < 2) {
      words.push({ folded, match: "word", inside: [] });
      return quoted;
    }
    const inside = word.length >= 3 && options.insideWords ? options.insideWords(foldForIndex(word)) : [];
    words.push({ folded, match: "start", inside, ...(options.onlyItselfStarts?.(folded) ? { onlyItself: true } : {}) });
    return inside.length ? `(${quoted}* OR ${inside.map(quote).join(" OR ")})` : `${quoted}*`;
  });
  const body = terms.join(" AND ");
  const columns = options.columns ?? (options.titleAndDescriptionOnly ? (["title", "description"] as const) : null);
  return { fts5: columns ? `{${columns.join(" ")}} : (${body})` : body, words, columns: columns ?? ALL_COLUMNS };
}

function quote(word: string): string {
  return `"${word.replace(/"/g, '""')}"`;
}

/** A word as the catalogue index stores it: lower case, accents removed (unicode61 remove_diacritics 2). */
export function foldForIndex(word: string): string {
  return word.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase();
}

/** Letters Unicode does not decompose but unaccent (PostgreSQL's index) folds: the query folds them alike. */
const UNACCENT_EXTRA: Record<string, string> = { ø: "o", ł: "l", đ: "d", ð: "d", ß: "ss", æ: "ae", œ: "oe", þ: "th", ı: "i", ħ: "h", ŧ: "t" };
function foldForPostgres(folded: string): string {
  return folded.replace(/[øłđðßæœþıħŧ]/g, (c) => UNACCENT_EXTRA[c] ?? c);
}

/** PostgreSQL: the weight letters of the columns (0001's app_search_doc: title A, description B, city and neighbourhood C, address D). */
const WEIGHTS: Record<TextColumn, string> = { title: "A", description: "B", city: "C", neighborhood: "C", address: "D" };

function lexeme(word: string): string {
  return `'${word.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

/**
 * The tsquery text with the meaning of the FTS5 query: every word (&), each
 * as itself or a prefix (:*) or one of the indexed words it is inside of
 * (|), limited to the columns' weights when not all columns are searched.
 */
export function postgresTsQuery(query: TextQuery): string {
  const weights = query.columns.length === ALL_COLUMNS.length ? "" : [...new Set(query.columns.map((c) => WEIGHTS[c]))].sort().join("");
  const term = (text: string, prefix: boolean) => `${lexeme(text)}${prefix || weights ? `:${prefix ? "*" : ""}${weights}` : ""}`;
  return query.words
    .map((w) => {
      const alternatives = [term(w.folded, w.match === "start" && !w.onlyItself), ...w.inside.map((i) => term(foldForPostgres(i), false))];
      return alternatives.length > 1 ? `(${alternatives.join(" | ")})` : alternatives[0];
    })
    .join(" & ");
}

function postgresMatch(table: "properties_fts" | "catalogue_fts", query: TextQuery): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${table}.doc`)} @@ to_tsquery('simple', ${postgresTsQuery(query)})`;
}

export type IndexedWord = { term: string; documents: number };

/**
 * One page of the catalogue index's vocabulary (catalogue_vocabulary, 0014:
 * FTS5's fts5vocab on SQLite, a table kept by triggers on PostgreSQL), in
 * term order after `after`. Reading it costs about 70 µs a word at 100,000
 * listings on SQLite (FTS5 walks each word's list to count it), so callers
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
export function propertyTextMatch(db: Kysely<Database>, query: TextQuery): Expression<SqlBool> {
  if (isPostgres(db)) return sql<SqlBool>`properties.id in (select properties_fts.id from properties_fts where ${postgresMatch("properties_fts", query)})`;
  return sql<SqlBool>`properties.id in (select rowid from properties_fts where properties_fts match ${query.fts5})`;
}

/**
 * `properties.id in (rows of the catalogue index matching the query)`, for a
 * Kysely where(). The unary plus keeps SQLite from driving the query from the
 * match list (one table lookup per match, 40 ms for a broad word at 100k
 * rows): the other filters' index, or the date order, drives it and each row
 * is checked against the list. Small match lists are better read directly,
 * see catalogueTextMatchIds.
 */
export function catalogueTextMatch(db: Kysely<Database>, query: TextQuery): Expression<SqlBool> {
  if (isPostgres(db)) return sql<SqlBool>`properties.id in (select catalogue_fts.id from catalogue_fts where ${postgresMatch("catalogue_fts", query)})`;
  return sql<SqlBool>`+properties.id in (select rowid from catalogue_fts where catalogue_fts match ${query.fts5})`;
}

/**
 * How many available properties match: answered by the index alone, which is
 * what makes a broad search ('sao paulo' at 100k rows) cheap to count. Only
 * valid when the text is the only filter.
 */
export async function countCatalogueTextMatches(db: Kysely<Database>, query: TextQuery): Promise<number> {
  const row = isPostgres(db)
    ? await sql<{ n: number }>`select count(*) as n from catalogue_fts where ${postgresMatch("catalogue_fts", query)}`.execute(db)
    : await sql<{ n: number }>`select count(*) as n from catalogue_fts where catalogue_fts match ${query.fts5}`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/** The ids of every available property matching (for small result sets, read straight from the index). */
export async function catalogueTextMatchIds(db: Kysely<Database>, query: TextQuery, limit: number): Promise<number[]> {
  const rows = isPostgres(db)
    ? await sql<{ id: number }>`select id from catalogue_fts where ${postgresMatch("catalogue_fts", query)} limit ${limit}`.execute(db)
    : await sql<{ id: number }>`select rowid as id from catalogue_fts where catalogue_fts match ${query.fts5} limit ${limit}`.execute(db);
  return rows.rows.map((r) => Number(r.id));
}
