import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import { isPostgres } from "./dialect";
import type { Database } from "./schema";

/**
 * Lead text search: substring match over name, e-mail, phone and property
 * title, accents and case folded. Every word must match. SQLite: the FTS5
 * trigram index leads_fts (migration 0007). PostgreSQL: a pg_trgm index on
 * leads.search_key (the same fields, folded), asked with LIKE '%word%'.
 * Words shorter than 3 characters cannot use trigrams; they are checked with
 * LIKE on the rows the other conditions (and words) leave. Digits typed with
 * punctuation ('(11) 9123') also match the normalised phone through their
 * digit run.
 */
const MAX_WORDS = 6;

export function leadSearchWords(input: string): string[] {
  return (input.normalize("NFKC").match(/[\p{L}\p{N}@._+-]+/gu) ?? []).slice(0, MAX_WORDS).map((w) => w.slice(0, 60));
}

/** Lower case without accents, as search_key is stored (0007). */
export function foldWord(word: string): string {
  return word.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}

function containsPattern(text: string): string {
  return `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}

/** Every word as a substring of leads.search_key: for scans of few rows (one broker) or in date order. */
export function leadKeyMatch(input: string): Expression<SqlBool> {
  const words = leadSearchWords(input);
  if (!words.length) return sql<SqlBool>`1 = 1`;
  const parts = words.map((w) => sql<SqlBool>`leads.search_key like ${containsPattern(foldWord(w))} escape '\\'`);
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

function ftsQuery(words: string[]): string {
  return words.map((w) => `"${w.replace(/"/g, '""')}"`).join(" AND ");
}

/** How many leads the trigram index matches, counting at most `cap` (cheap answer to "is this word broad?"). */
export async function countTextMatches(db: Kysely<Database>, input: string, cap: number): Promise<number> {
  const long = leadSearchWords(input).filter((w) => [...w].length >= 3);
  if (!long.length) return cap;
  const row = isPostgres(db)
    ? await sql<{ n: number }>`select count(*) as n from (select 1 from leads where ${leadKeyMatch(long.join(" "))} limit ${cap}) t`.execute(db)
    : await sql<{ n: number }>`select count(*) as n from (select 1 from leads_fts where leads_fts match ${ftsQuery(long)} limit ${cap})`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

export function leadTextMatch(db: Kysely<Database>, input: string): Expression<SqlBool> {
  const words = leadSearchWords(input);
  if (!words.length) return sql<SqlBool>`1 = 1`;
  const long = words.filter((w) => [...w].length >= 3);
  const short = words.filter((w) => [...w].length < 3);
  const parts: Expression<SqlBool>[] = [];
  if (long.length) {
    parts.push(isPostgres(db) ? leadKeyMatch(long.join(" ")) : sql<SqlBool>`leads.id in (select rowid from leads_fts where leads_fts match ${ftsQuery(long)})`);
  }
  // SQLite's like ignores ASCII case; PostgreSQL says so with ilike.
  const like = isPostgres(db) ? sql`ilike` : sql`like`;
  for (const w of short) {
    const pattern = containsPattern(w);
    parts.push(
      sql<SqlBool>`(leads.name ${like} ${pattern} escape '\\' or leads.email ${like} ${pattern} escape '\\' or leads.phone ${like} ${pattern} escape '\\' or leads.property_title ${like} ${pattern} escape '\\')`,
    );
  }
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}
