import { z } from "zod";
import type { PropertyTypeCode } from "#db/schema";
import { parseDecimal } from "~/utils/format";
import { vocabulary } from "~/utils/vocabulary";
import { isPropertyType, TYPE_CODES, TYPE_LABELS } from "~/modules/properties/vocabulary";
import { parseRef } from "~/modules/leads/referral";
import { cityKey, normalisePlaceName } from "./places";

/**
 * The catalogue's query parameters (spec 01 §2, §4, §5), parsed the same way
 * by the browser (debounced filter form) and the server (loader), so both
 * agree on what a URL means. Bad input never throws: a bad number filter is
 * kept as typed with a message beside its field and ignored (issue item 15),
 * anything else is dropped.
 */

export const PAGE_SIZE = 12;
export const FILTER_DEBOUNCE_MS = 500;

export const { codes: SORTS, labels: SORT_LABELS } = vocabulary({
  recent: "Mais recentes",
  price_asc: "Menor preço",
  price_desc: "Maior preço",
  none: "Destaques primeiro",
});
export type CatalogueSort = (typeof SORTS)[number];

/** The minimum-bedroom choices of both catalogues (public and broker). */
export const BEDROOM_MINIMUMS = [1, 2, 3, 4] as const;
/** The same choices as select options, with "Todos" (0 = any) first. */
export const BEDROOM_OPTIONS: readonly { value: number; label: string }[] = [{ value: 0, label: "Todos" }, ...BEDROOM_MINIMUMS.map((n) => ({ value: n, label: `${n}+` }))];

export const TYPE_FILTER_OPTIONS: { value: PropertyTypeCode | ""; label: string }[] = [
  { value: "", label: "Todos os tipos" },
  ...TYPE_CODES.map((code) => ({ value: code, label: TYPE_LABELS[code] })),
];

/** Upper bounds keep absurd input (page=99999999, 1e308) from reaching SQL as odd numbers. */
const MAX_NUMBER = 1e12;
const MAX_PAGE = 100_000;
const MAX_BEDROOMS = 20;
const MAX_TEXT = 100;

/** The number filters a visitor types (or picks) and may get wrong. */
export const NUMBER_FILTERS = ["minPrice", "maxPrice", "minArea", "maxArea", "bedrooms"] as const;
export type NumberFilter = (typeof NUMBER_FILTERS)[number];

/** Spec 01 §5 gives no wording for these; pt-BR, said beside the field. */
export const FILTER_MESSAGES = {
  number: "Informe um número válido",
  negative: "Informe um valor maior ou igual a zero",
  tooLarge: `Informe um valor de no máximo ${MAX_NUMBER.toLocaleString("pt-BR")}`,
  whole: "Informe um número inteiro de quartos",
} as const;

/** A number filter that did not parse: what was typed (shown back, kept in the URL) and why it is ignored. */
export type InvalidFilter = { value: string; message: string };
export type InvalidFilters = Partial<Record<NumberFilter, InvalidFilter>>;

export type CatalogueFilters = {
  searchTerm: string;
  minPrice: number | null;
  maxPrice: number | null;
  minArea: number | null;
  maxArea: number | null;
  /** At least this many bedrooms; 0 means any. */
  bedrooms: number;
  propertyType: PropertyTypeCode | null;
  city: string;
  neighborhood: string;
  sort: CatalogueSort;
  page: number;
  ref: string | null;
  /** Number filters ignored because they are not valid numbers (see FILTER_MESSAGES). */
  invalid: InvalidFilters;
};

export const EMPTY_FILTERS: CatalogueFilters = {
  searchTerm: "",
  minPrice: null,
  maxPrice: null,
  minArea: null,
  maxArea: null,
  bedrooms: 0,
  propertyType: null,
  city: "",
  neighborhood: "",
  sort: "recent",
  page: 1,
  ref: null,
  invalid: {},
};

/** A non-negative filter number (parseDecimal's rules), within MAX_NUMBER. */
export function parseFilterNumber(input: unknown): number | null {
  const n = parseDecimal(input);
  return n !== null && n >= 0 && n <= MAX_NUMBER ? n : null;
}

/** A number as the filter inputs show it (pt-BR: "500.000", "75,5"). */
const inputNumber = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 2 });
export function formatFilterNumber(value: number | null): string {
  return value === null ? "" : inputNumber.format(value).replace(/\u00a0/g, " ");
}

// ── number filters, checked with zod so a bad one can say why ─────────────
/** A price or an area: parseDecimal's formats ("500.000", "75,5"), not negative, within MAX_NUMBER. */
const decimalFilter = z
  .string()
  .transform((raw, ctx) => {
    const n = parseDecimal(raw);
    if (n === null) {
      ctx.addIssue({ code: "custom", message: FILTER_MESSAGES.number });
      return z.NEVER;
    }
    return n;
  })
  .pipe(z.number().min(0, FILTER_MESSAGES.negative).max(MAX_NUMBER, FILTER_MESSAGES.tooLarge));

/** Bedrooms: a whole number, "3+" allowed (the select's labels); more than MAX_BEDROOMS means MAX_BEDROOMS. */
const bedroomsFilter = z
  .string()
  .transform((raw, ctx) => {
    const m = /^(-?\d{1,9})\+?$/.exec(raw);
    if (!m) {
      ctx.addIssue({ code: "custom", message: parseDecimal(raw) === null ? FILTER_MESSAGES.number : FILTER_MESSAGES.whole });
      return z.NEVER;
    }
    return Number(m[1]);
  })
  .pipe(z.number().min(0, FILTER_MESSAGES.negative).transform((n) => Math.min(MAX_BEDROOMS, n)));

/** Longest typed value kept for showing back (the inputs take 20 characters). */
const MAX_TYPED = 30;

/** Reads one number filter: absent or blank is no filter; a bad value is recorded in `invalid` and ignored. Both catalogues (public and broker) read their numbers here. */
export function readNumberFilter(params: URLSearchParams, name: NumberFilter, invalid: InvalidFilters): number | null {
  // eslint-disable-next-line no-control-regex -- control characters never belong in a number box
  const typed = (params.get(name) ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, MAX_TYPED);
  if (typed === "") return null;
  const parsed = (name === "bedrooms" ? bedroomsFilter : decimalFilter).safeParse(typed);
  if (parsed.success) return parsed.data;
  invalid[name] = { value: typed, message: parsed.error.issues[0]?.message ?? FILTER_MESSAGES.number };
  return null;
}

function parseWhole(input: string | null, min: number, max: number, fallback: number): number {
  if (!input) return fallback;
  const m = /^\s*(\d{1,9})\+?\s*$/.exec(input);
  if (!m) return fallback;
  return Math.min(max, Math.max(min, Number(m[1])));
}

function cleanText(input: string | null): string {
  // Control characters are dropped; the length is bounded (search box, not an essay).
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  return (input ?? "").replace(/[\u0000-\u001f\u007f]/g, " ").replace(/\s+/g, " ").trim().slice(0, MAX_TEXT);
}

/**
 * Reads the query string. /buscar also reads q (the home search box's older
 * name). defaultSort is the page's order when the URL names none: /buscar
 * lists featured first (spec 01 §7), the other pages newest first.
 */
export function parseCatalogueParams(params: URLSearchParams, defaultSort: CatalogueSort = "recent"): CatalogueFilters {
  const sort = params.get("sort");
  const type = params.get("propertyType");
  const invalid: InvalidFilters = {};
  return {
    searchTerm: cleanText(params.get("searchTerm") || params.get("q")),
    minPrice: readNumberFilter(params, "minPrice", invalid),
    maxPrice: readNumberFilter(params, "maxPrice", invalid),
    minArea: readNumberFilter(params, "minArea", invalid),
    maxArea: readNumberFilter(params, "maxArea", invalid),
    bedrooms: readNumberFilter(params, "bedrooms", invalid) ?? 0,
    propertyType: isPropertyType(type) ? type : null,
    city: normalisePlaceName(cleanText(params.get("city"))),
    neighborhood: cleanText(params.get("neighborhood")),
    sort: (SORTS as readonly string[]).includes(sort ?? "") ? (sort as CatalogueSort) : defaultSort,
    page: parseWhole(params.get("page"), 1, MAX_PAGE, 1),
    ref: parseRef(params.get("ref")),
    invalid,
  };
}

/**
 * The values the form showed before this submission. They travel as hidden
 * fields (prevCity, prevMinArea, prevMaxArea) so the rules below also work
 * for a plain HTML form submit; the canonical URL never keeps them.
 */
export type PreviousValues = { city: string | null; minArea: number | null; maxArea: number | null };
export function parsePreviousValues(params: URLSearchParams): PreviousValues | null {
  if (!params.has("prevCity") && !params.has("prevMinArea") && !params.has("prevMaxArea")) return null;
  return {
    city: params.has("prevCity") ? normalisePlaceName(cleanText(params.get("prevCity"))) : null,
    minArea: parseFilterNumber(params.get("prevMinArea")),
    maxArea: parseFilterNumber(params.get("prevMaxArea")),
  };
}

/**
 * Spec 01 §4: changing the city clears the neighbourhood; a neighbourhood
 * needs a city; if the minimum area exceeds the maximum, the bound the
 * visitor did not touch is set equal to the one they did.
 */
export function applyChangeRules(filters: CatalogueFilters, previous: PreviousValues | null): CatalogueFilters {
  const next = { ...filters };
  if (previous && previous.city !== null && cityKey(previous.city) !== cityKey(next.city)) next.neighborhood = "";
  if (!next.city) next.neighborhood = "";
  if (next.minArea !== null && next.maxArea !== null && next.minArea > next.maxArea) {
    const maxChanged = previous !== null && previous.maxArea !== next.maxArea && previous.minArea === next.minArea;
    if (maxChanged) next.minArea = next.maxArea;
    else next.maxArea = next.minArea;
  }
  return next;
}

/** True when anything narrows the list (the locked category of a page does not count). */
export function hasActiveFilters(f: CatalogueFilters): boolean {
  return (
    f.searchTerm !== "" ||
    f.minPrice !== null ||
    f.maxPrice !== null ||
    f.minArea !== null ||
    f.maxArea !== null ||
    f.bedrooms > 0 ||
    f.propertyType !== null ||
    f.city !== "" ||
    f.neighborhood !== "" ||
    Object.keys(f.invalid).length > 0
  );
}

/**
 * The canonical query string ("" or "?…"): defaults left out, fixed order.
 * The filter form, the pager and the server's redirect all build URLs here.
 */
export function catalogueQuery(f: CatalogueFilters, overrides: Partial<CatalogueFilters> = {}, defaultSort: CatalogueSort = "recent"): string {
  const v = { ...f, ...overrides };
  const p = new URLSearchParams();
  if (v.searchTerm) p.set("searchTerm", v.searchTerm);
  if (v.propertyType) p.set("propertyType", v.propertyType);
  if (v.city) p.set("city", v.city);
  if (v.neighborhood) p.set("neighborhood", v.neighborhood);
  // A bad number stays in the URL as typed, so the page (with or without JavaScript) can say what is wrong with it.
  const number = (name: NumberFilter, value: number | null) => {
    const bad = v.invalid[name];
    if (bad) p.set(name, bad.value);
    else if (value !== null) p.set(name, String(value));
  };
  number("minPrice", v.minPrice);
  number("maxPrice", v.maxPrice);
  number("minArea", v.minArea);
  number("maxArea", v.maxArea);
  number("bedrooms", v.bedrooms > 0 ? v.bedrooms : null);
  if (v.sort !== defaultSort) p.set("sort", v.sort);
  if (v.page > 1) p.set("page", String(v.page));
  if (v.ref) p.set("ref", v.ref);
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** Reads a submitted filter form (or URL) and applies the change rules; page goes back to 1. */
export function filtersFromSubmission(params: URLSearchParams, defaultSort: CatalogueSort = "recent"): CatalogueFilters {
  return applyChangeRules(parseCatalogueParams(params, defaultSort), parsePreviousValues(params));
}


