import type SQLite from "better-sqlite3";
import type pg from "pg";
import { RateLimiterPostgres, RateLimiterSQLite, type IRateLimiterStoreOptions, type RateLimiterAbstract } from "rate-limiter-flexible";

/**
 * The store of the rate limiters (rate-limiter-flexible): the table of
 * migration 0004 in the app's database, so counts survive a restart and, on
 * PostgreSQL, every process counts against the same rows. The library writes
 * its own SQL on that table (key, points, expire in epoch ms).
 */
export type RateLimitStore = { sqlite: SQLite.Database } | { pool: pg.Pool };

export function storeRateLimiter(store: RateLimitStore, options: Omit<IRateLimiterStoreOptions, "storeClient">): RateLimiterAbstract {
  if ("pool" in store) {
    return new RateLimiterPostgres({ ...options, storeClient: store.pool, storeType: "pool", tableName: "rate_limits", tableCreated: true } as IRateLimiterStoreOptions);
  }
  return new RateLimiterSQLite({ ...options, storeClient: store.sqlite, storeType: "better-sqlite3", tableName: "rate_limits", tableCreated: true } as IRateLimiterStoreOptions);
}
