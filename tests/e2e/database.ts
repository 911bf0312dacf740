import path from "node:path";
import { sql, type Kysely } from "kysely";
import { createDb, createPostgresDb } from "../../db/connection";
import type { Database } from "../../db/schema";

/**
 * The e2e server's database, as the specs read and prepare it: the SQLite
 * file in E2E_DATA_DIR, or, when scripts/e2e.mjs runs the server on
 * PostgreSQL (`--postgres` / E2E_DATABASE_URL), that database. Only through
 * Kysely (its builder, or its `sql` tag, which writes each database's
 * placeholders), so a spec runs unchanged on both. E2E_DATABASE_URL, not
 * DATABASE_URL: servers a spec starts itself (own-server.ts) keep their own
 * SQLite in their own DATA_DIR.
 */
export function onPostgresE2e(): boolean {
  return !!process.env.E2E_DATABASE_URL;
}

function open(): Kysely<Database> {
  const url = process.env.E2E_DATABASE_URL;
  if (url) return createPostgresDb(url, { max: 2 }).db;
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run the specs through scripts/e2e.mjs");
  return createDb(path.join(dir, "app.db")).db;
}

/** Opens the server's database, runs `fn` on it and closes it (no pool or file handle outlives a step). */
export async function withDb<T>(fn: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const db = open();
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
}

/**
 * Plain SQL with `?` placeholders, run through Kysely's `sql` tag (which
 * numbers them `$1, $2…` on PostgreSQL): for the specs' short reads and
 * preparations. Write SQL that both databases read alike.
 */
function statement<T>(text: string, params: unknown[]) {
  const parts = text.split("?");
  if (parts.length !== params.length + 1) throw new Error(`${params.length} parameter(s) for ${parts.length - 1} placeholder(s): ${text}`);
  return sql<T>(Object.assign([...parts], { raw: [...parts] }) as TemplateStringsArray, ...params);
}

export async function rowsOf<T>(db: Kysely<Database>, text: string, ...params: unknown[]): Promise<T[]> {
  return (await statement<T>(text, params).execute(db)).rows;
}

export async function rowOf<T>(db: Kysely<Database>, text: string, ...params: unknown[]): Promise<T | undefined> {
  return (await rowsOf<T>(db, text, ...params))[0];
}

/** One statement in its own connection: `queryRows("select … where x = ?", x)`. */
export function queryRows<T>(text: string, ...params: unknown[]): Promise<T[]> {
  return withDb((db) => rowsOf<T>(db, text, ...params));
}

export function queryRow<T>(text: string, ...params: unknown[]): Promise<T | undefined> {
  return withDb((db) => rowOf<T>(db, text, ...params));
}
