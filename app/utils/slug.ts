/** The one slug function: lower-cased, accent-stripped, hyphenated. */
export function slugify(text: string): string {
  return stripAccents(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
}

/** A property's slug: the title's slug plus the id (spec 01 §2). */
export function propertySlug(title: string, id: number): string {
  const base = slugify(title);
  return base ? `${base}-${id}` : String(id);
}

/** Accents removed (the combining marks NFD splits off), case kept: the base of every folding. */
export function stripAccents(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}

/** The one accent- and case-insensitive comparison key: accents removed, lower case, spaces collapsed, trimmed. */
export function foldText(text: string): string {
  return stripAccents(text).toLowerCase().replace(/\s+/g, " ").trim();
}
