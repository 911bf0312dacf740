import { expressionBuilder, type Expression, type SqlBool } from "kysely";
import type { Database } from "#db/schema";
import { normalisePlaceName } from "~/modules/catalogue/places";
import { catalogueMemo } from "~/modules/catalogue/version.server";
import { db } from "~/modules/platform/db.server";
import { typeCondition, type CatalogueKind } from "./conditions.server";

const eb = expressionBuilder<Database, "properties">();

// ── facets: cities and neighbourhoods per category, cached until data changes
export type Facet = { key: string; name: string };
/** Cities and neighbourhoods per category, kept until the catalogue changes. */
const cached = catalogueMemo<Facet[]>(500);

const MAX_FACETS = 500;

/**
 * Distinct values by index seeks (one `min(column) > previous` per value),
 * so listing the cities costs a few lookups, not a scan of the catalogue.
 */
async function distinctKeys(column: "city_key" | "neighborhood_key", where: Expression<SqlBool>[]): Promise<string[]> {
  const keys: string[] = [];
  let last = "";
  for (let i = 0; i < MAX_FACETS; i++) {
    const row = await db()
      .selectFrom("properties")
      .select((e) => e.fn.min(column).as("k"))
      .where(eb.and([...where, eb(column, ">", last)]))
      .executeTakeFirst();
    const key = row?.k as string | null | undefined;
    if (!key) break;
    keys.push(key);
    last = key;
  }
  return keys;
}

/** Cities with available properties of the type (all types when null), normalised and sorted. */
export async function listCatalogueCities(type: CatalogueKind | null): Promise<Facet[]> {
  return cached(`city|${type ?? ""}`, async () => {
    const base = [eb("status", "=", "available"), ...(type ? [typeCondition(type)] : [])];
    const keys = await distinctKeys("city_key", base);
    const out: Facet[] = [];
    for (const key of keys) {
      const row = await db().selectFrom("properties").select("city").where("status", "=", "available").where("city_key", "=", key).limit(1).executeTakeFirst();
      if (row) out.push({ key, name: normalisePlaceName(row.city) });
    }
    return out.sort((a, b) => a.name.localeCompare(b.name, "pt-BR"));
  });
}

/** Neighbourhoods of a city with available properties of the type. */
export async function listCatalogueNeighborhoods(type: CatalogueKind | null, city: string): Promise<Facet[]> {
  return cached(`nb|${type ?? ""}|${city}`, async () => {
    const base = [eb("status", "=", "available"), ...(type ? [typeCondition(type)] : []), eb("city_key", "=", city)];
    const keys = await distinctKeys("neighborhood_key", base);
    const out: Facet[] = [];
    for (const key of keys) {
      const row = await db()
        .selectFrom("properties")
        .select("neighborhood")
        .where("status", "=", "available")
        .where("city_key", "=", city)
        .where("neighborhood_key", "=", key)
        .limit(1)
        .executeTakeFirst();
      if (row) out.push({ key, name: row.neighborhood.replace(/\s+/g, " ").trim() });
    }
    return out.sort((a, b) => a.name.localeCompare(b.name, "pt-BR"));
  });
}
