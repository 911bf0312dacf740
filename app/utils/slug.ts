/** The one slug function: lower-cased, accent-stripped, hyphenated. */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
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

/** Accent- and case-insensitive comparison key. */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim();
}
