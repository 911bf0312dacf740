import { sql, type Expression, type SqlBool } from "kysely";

/**
 * Lead text search (SQLite FTS5 trigram index leads_fts, migration 0007):
 * substring match over name, e-mail, phone and property title, accents and
 * case folded. Every word must match. Words shorter than 3 characters cannot
 * use trigrams; they are checked with LIKE on the rows the other conditions
 * (and words) leave. Digits typed with punctuation ('(11) 9123') also match
 * the normalised phone through their digit run.
 */
const MAX_WORDS = 6;

export function leadSearchWords(input: string): string[] {
  return (input.normalize("NFKC").match(/[\p{L}\p{N}@._+-]+/gu) ?? []).slice(0, MAX_WORDS).map((w) => w.slice(0, 60));
}

export function leadTextMatch(input: string): Expression<SqlBool> {
  const words = leadSearchWords(input);
  if (!words.length) return sql<SqlBool>`1 = 1`;
  const long = words.filter((w) => [...w].length >= 3);
  const short = words.filter((w) => [...w].length < 3);
  const parts: Expression<SqlBool>[] = [];
  if (long.length) {
    const query = long.map((w) => `"${w.replace(/"/g, '""')}"`).join(" AND ");
    parts.push(sql<SqlBool>`leads.id in (select rowid from leads_fts where leads_fts match ${query})`);
  }
  for (const w of short) {
    const like = `%${w.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    parts.push(
      sql<SqlBool>`(leads.name like ${like} escape '\\' or leads.email like ${like} escape '\\' or leads.phone like ${like} escape '\\' or leads.property_title like ${like} escape '\\')`,
    );
  }
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}
