import { redirect } from "react-router";
import type { ResolvedFilters } from "./search.server";

/**
 * The canonical URL of the catalogue's pages (/imoveis and its siblings,
 * /imoveis/mapa): the query parameters they read, and the redirect of a
 * non-canonical query (a plain form submit, an invalid value, a page past
 * the end) to the canonical one, with any parameter they do not read kept
 * after it.
 */
export const CATALOGUE_PARAMS = ["searchTerm", "q", "minPrice", "maxPrice", "minArea", "maxArea", "bedrooms", "propertyType", "city", "neighborhood", "sort", "page", "ref", "prevCity", "prevMinArea", "prevMaxArea"] as const;

function sortedQuery(params: URLSearchParams): string {
  return [...params.entries()].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).sort().join("&");
}

/** Throws the redirect when the URL's known parameters are not the canonical query ("?…" or "") of `path`. */
export function redirectToCanonical(url: URL, path: string, canonical: string, known: ReadonlySet<string>): void {
  const knownParams = new URLSearchParams([...url.searchParams].filter(([k]) => known.has(k)));
  if (sortedQuery(knownParams) === sortedQuery(new URLSearchParams(canonical))) return;
  const others = [...url.searchParams].filter(([k]) => !known.has(k));
  const extra = others.length ? `${canonical ? "&" : "?"}${new URLSearchParams(others)}` : "";
  throw redirect(`${path}${canonical}${extra}`);
}

/** The city and neighbourhood choices of the filter form (none when the search failed). */
export const placeChoices = (resolved: ResolvedFilters | null) => ({ cities: resolved?.cities ?? [], neighborhoods: resolved?.neighborhoods ?? [] });
