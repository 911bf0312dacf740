import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * The catalogue's city search sorted by price on PostgreSQL (issue 27,
 * measured by `npm run bench:postgres`): 'Campinas, 2+ bedrooms, R$ 500,000
 * to 1,500,000, lowest price first' walked properties_pub_price_idx in price
 * order and fetched every listing of every city in the range to test its city
 * and bedrooms (3,100 rows for a page of 12, 15 ms p95 at 100,000 listings).
 * This index seeks the city and walks its prices in order (backwards for the
 * highest price first), ending with the id as the sort does; bedrooms and area
 * ride along (INCLUDE), so their filters are tested in the index and the
 * page's ids come from an index-only scan.
 *
 * PostgreSQL only: SQLite answers the same query from 0002's
 * properties_pub_city_idx in 6 ms (it sorts the city's matches), and its
 * planner statistics are fixed by 0002 for the indexes it knows; an index it
 * has no statistics for could take over other queries' plans.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create index properties_pub_city_price_idx on properties (status, city_key, display_price, id) include (bedrooms, area)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql`drop index if exists properties_pub_city_price_idx`.execute(db);
}
