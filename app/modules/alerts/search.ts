import type { PropertyTypeCode } from "#db/schema";
import { EMPTY_FILTERS, catalogueQuery, parseCatalogueParams, type CatalogueFilters, type CatalogueSort } from "~/modules/catalogue/params";
import { CATEGORY_ROUTES, TYPE_LABELS } from "~/modules/properties/vocabulary";
import { formatArea, formatBRL } from "~/utils/format";

/**
 * The search an alert saves: a catalogue page (its path fixes a category
 * or the rentals) and the canonical query of its filters, read and written
 * by the catalogue's own parser (params.ts), so an alert means exactly what
 * the page showed. Page, sort and ref are not part of a search.
 */
export type AlertScope = { path: string; lockedType: PropertyTypeCode | null; defaultSort: CatalogueSort; label: string };

export function alertScope(path: string): AlertScope | null {
  if (path === "/imoveis") return { path, lockedType: null, defaultSort: "recent", label: "Imóveis" };
  if (path === "/buscar") return { path, lockedType: null, defaultSort: "none", label: "Imóveis" };
  if (path === "/alugar") return { path, lockedType: "rent", defaultSort: "recent", label: "Imóveis para alugar" };
  const m = /^\/categoria\/([a-z]+)$/.exec(path);
  const category = m ? CATEGORY_ROUTES[m[1]] : undefined;
  return category ? { path, lockedType: category.type, defaultSort: "recent", label: category.title } : null;
}

/** The filters of a query string, as the catalogue reads them (bad numbers dropped, no page/sort/ref). */
export function searchFilters(scope: AlertScope, query: string): CatalogueFilters {
  const parsed = parseCatalogueParams(new URLSearchParams(query), scope.defaultSort);
  return { ...parsed, propertyType: scope.lockedType ? null : parsed.propertyType, page: 1, sort: scope.defaultSort, ref: null, invalid: {} };
}

/** The canonical query ("" or "?…") stored for a search. */
export function canonicalSearchQuery(scope: AlertScope, filters: CatalogueFilters): string {
  return catalogueQuery({ ...filters, page: 1, sort: scope.defaultSort, ref: null, invalid: {} }, {}, scope.defaultSort);
}

/** 'Apartamentos em Pinheiros, São Paulo · até R$ 900.000 · 2+ quartos', for e-mails and pages. */
export function describeSearch(scope: AlertScope, filters: CatalogueFilters): string {
  const f = { ...EMPTY_FILTERS, ...filters };
  const parts: string[] = [];
  const kind = f.propertyType ? TYPE_LABELS[f.propertyType] : scope.label;
  const place = f.neighborhood ? `${f.neighborhood}, ${f.city}` : f.city;
  parts.push(place ? `${kind} em ${place}` : kind);
  if (f.searchTerm) parts.push(`“${f.searchTerm}”`);
  if (f.minPrice !== null && f.maxPrice !== null) parts.push(`de ${formatBRL(f.minPrice, { cents: "auto" })} a ${formatBRL(f.maxPrice, { cents: "auto" })}`);
  else if (f.minPrice !== null) parts.push(`a partir de ${formatBRL(f.minPrice, { cents: "auto" })}`);
  else if (f.maxPrice !== null) parts.push(`até ${formatBRL(f.maxPrice, { cents: "auto" })}`);
  if (f.minArea !== null && f.maxArea !== null) parts.push(`${formatArea(f.minArea)} a ${formatArea(f.maxArea)}`);
  else if (f.minArea !== null) parts.push(`a partir de ${formatArea(f.minArea)}`);
  else if (f.maxArea !== null) parts.push(`até ${formatArea(f.maxArea)}`);
  if (f.bedrooms > 0) parts.push(`${f.bedrooms}+ quartos`);
  return parts.join(" · ");
}

/** What the catalogue page hands its alert form: the search it shows, canonical, and its words. */
export function alertSearchOf(path: string, filters: CatalogueFilters): { path: string; query: string; description: string } | null {
  const scope = alertScope(path);
  if (!scope) return null;
  const clean = { ...filters, invalid: {} };
  return { path: scope.path, query: canonicalSearchQuery(scope, clean), description: describeSearch(scope, clean) };
}
