import { resolveCatalogueFilters, type ResolvedFilters } from "~/modules/catalogue/search.server";
import { alertScope, searchFilters, type AlertScope } from "./search";

/** The stored search, resolved against the catalogue as it is now. */
export async function resolveAlertSearch(path: string, query: string): Promise<{ scope: AlertScope; resolved: ResolvedFilters } | null> {
  const scope = alertScope(path);
  if (!scope) return null;
  return { scope, resolved: await resolveCatalogueFilters(searchFilters(scope, query), scope.lockedType) };
}

