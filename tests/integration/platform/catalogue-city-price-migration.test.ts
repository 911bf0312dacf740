import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import * as m0063 from "#db/migrations/0063_catalogue_city_price";
import { isPostgres } from "#db/dialect";
import { MIGRATIONS } from "#db/migrator";
import { db } from "~/modules/platform/db.server";

/**
 * Migration 0063 (issue 27): on PostgreSQL an index that seeks a city and walks
 * its prices in order, bedrooms and area carried in it, for the catalogue's
 * price-sorted city searches; nothing on SQLite. Each test file's database is
 * migrated by the app's migrate() (tests/setup), on whichever database the run
 * uses, so this runs on both.
 */
async function cityPriceIndex(): Promise<string | null> {
  if (isPostgres(db())) {
    const rows = await sql<{ indexdef: string }>`select indexdef from pg_indexes where tablename = 'properties' and indexname = 'properties_pub_city_price_idx'`.execute(db());
    return rows.rows[0]?.indexdef ?? null;
  }
  const rows = await sql<{ name: string }>`select name from sqlite_master where type = 'index' and name = 'properties_pub_city_price_idx'`.execute(db());
  return rows.rows[0]?.name ?? null;
}

describe("0063_catalogue_city_price", () => {
  it("is applied with the others, and goes down and up again", async () => {
    expect(MIGRATIONS["0063_catalogue_city_price"]).toBe(m0063);
    const applied = await sql<{ name: string }>`select name from kysely_migration where name = '0063_catalogue_city_price'`.execute(db());
    expect(applied.rows).toHaveLength(1);
    const expected = isPostgres(db())
      ? "CREATE INDEX properties_pub_city_price_idx ON public.properties USING btree (status, city_key, display_price, id) INCLUDE (bedrooms, area)"
      : null;
    expect(await cityPriceIndex()).toBe(expected);
    await m0063.down(db());
    expect(await cityPriceIndex()).toBeNull();
    await m0063.up(db());
    expect(await cityPriceIndex()).toBe(expected);
  });
});
