import { foldText } from "~/utils/slug";

/**
 * The one place-name normaliser (cities and neighbourhoods), shared by the
 * public catalogue, the property page and the broker catalogue, so one city
 * prints the same everywhere (spec 01 §5): state suffix removed, spaces
 * collapsed, title-cased with pt-BR particles in lower case.
 *   "CAMPINAS - SP" → "Campinas", "são josé dos campos/sp" → "São José dos Campos",
 *   "Rio de Janeiro (RJ)" → "Rio de Janeiro", "embu-guaçu" → "Embu-Guaçu".
 */
const LOWER_WORDS = new Set(["de", "da", "do", "das", "dos", "e", "d'"]);
/** A two-letter state after a separator (-, –, /, ",") or in parentheses, at the end. */
const STATE_SUFFIX = /\s*(?:[-–/,]\s*\(?[A-Za-z]{2}\)?|\([A-Za-z]{2}\))$/u;

function titleWord(word: string, first: boolean): string {
  if (!first && LOWER_WORDS.has(word)) return word;
  return word
    .split("-")
    .map((part) => (part ? part[0].toLocaleUpperCase("pt-BR") + part.slice(1) : part))
    .join("-");
}

export function normalisePlaceName(raw: string): string {
  const trimmed = raw.replace(/\s+/g, " ").trim();
  const withoutState = trimmed.replace(STATE_SUFFIX, "").trim() || trimmed;
  return withoutState
    .toLocaleLowerCase("pt-BR")
    .split(" ")
    .filter(Boolean)
    .map((w, i) => titleWord(w, i === 0))
    .join(" ");
}

/** Accent- and case-insensitive key of a displayed place name (groups spelling variants). */
export function placeKey(raw: string): string {
  return foldText(normalisePlaceName(raw));
}

/**
 * Comparison key of a city as the database stores it: mirrors the city_key
 * column of db/migrations/0002_catalogue.ts (folded, " - SP" suffix removed),
 * which the public catalogue's indexes seek on.
 */
export function cityKey(raw: string): string {
  let s = foldText(raw);
  if (/[- ,/]sp$/.test(s)) s = s.slice(0, -2).replace(/[ ,/-]+$/, "");
  return s;
}

/** Accent- and case-insensitive key of a neighbourhood; mirrors neighborhood_key. */
export function neighborhoodKey(raw: string): string {
  return foldText(raw);
}

/** Normalised, de-duplicated (by key) and sorted city names. */
export function uniqueCities(raw: readonly string[]): string[] {
  const byKey = new Map<string, string>();
  for (const r of raw) {
    const name = normalisePlaceName(r);
    if (!name) continue;
    const key = cityKey(name);
    const existing = byKey.get(key);
    // Prefer the spelling with accents ("São Paulo" over "Sao Paulo").
    if (!existing || accentCount(name) > accentCount(existing)) byKey.set(key, name);
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, "pt-BR"));
}

function accentCount(s: string): number {
  return s.normalize("NFD").length - s.length;
}
