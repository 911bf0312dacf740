import type SQLite from "better-sqlite3";
import { RateLimiterSQLite, type IRateLimiterStoreOptions, type RateLimiterAbstract } from "rate-limiter-flexible";

/**
 * The store of the rate limiters (rate-limiter-flexible): a table in the
 * app's SQLite file, so counts survive a restart. The library writes its
 * own SQL on the table of migration 0004; moving to PostgreSQL means returning
 * RateLimiterPostgres here.
 */
export function sqliteRateLimiter(sqlite: SQLite.Database, options: Omit<IRateLimiterStoreOptions, "storeClient">): RateLimiterAbstract {
  return new RateLimiterSQLite({ ...options, storeClient: sqlite, storeType: "better-sqlite3", tableName: "rate_limits", tableCreated: true } as IRateLimiterStoreOptions);
}
