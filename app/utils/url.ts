/**
 * The one query-string helper: a search string with some keys changed.
 * `undefined`, `null` and "" remove a key; other values are set (as text).
 * Returns "?a=1&b=2", or "" when nothing is left.
 */
export type QueryChanges = Record<string, string | number | null | undefined>;

export function withQuery(search: string, changes: QueryChanges = {}): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === null || value === "") params.delete(key);
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A path followed by `withQuery(search, changes)`. */
export function pathWithQuery(path: string, search: string, changes: QueryChanges = {}): string {
  return path + withQuery(search, changes);
}
