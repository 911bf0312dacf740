import { sql } from "kysely";
import { db } from "~/modules/platform/db.server";

/**
 * Which database the suite runs on: `npm run test:postgres` sets
 * TEST_DB=postgres (every file then gets a PostgreSQL database of its own,
 * see tests/setup/postgres.ts); otherwise SQLite files. Known before the
 * tests are collected, so `describe.skipIf(onPostgres)` works.
 */
export const onPostgres = process.env.TEST_DB === "postgres";

/**
 * A trigger that refuses inserts into `table` whose `column` equals `value`
 * (standing in for any database failure mid-transaction), on either
 * database. Returns the function that removes it.
 */
export async function refuseInserts(table: string, column: string, value: string): Promise<() => Promise<void>> {
  return refuseWrites("insert", table, column, value);
}

/** The same for an update that would write the value. */
export async function refuseUpdates(table: string, column: string, value: string): Promise<() => Promise<void>> {
  return refuseWrites("update", table, column, value);
}

async function refuseWrites(event: "insert" | "update", table: string, column: string, value: string): Promise<() => Promise<void>> {
  const name = `refuse_${table}_${Math.random().toString(36).slice(2, 8)}`;
  const on = event === "insert" ? sql`before insert on` : sql`before update on`;
  if (onPostgres) {
    await sql`create function ${sql.id(name)}() returns trigger language plpgsql as $$ begin raise exception 'recusado'; end $$`.execute(db());
    await sql`create trigger ${sql.id(name)} ${on} ${sql.table(table)} for each row when (new.${sql.id(column)} = ${sql.lit(value)}) execute function ${sql.id(name)}()`.execute(db());
    return async () => void (await sql`drop function ${sql.id(name)}() cascade`.execute(db()));
  }
  await sql`create trigger ${sql.id(name)} ${on} ${sql.table(table)} when new.${sql.id(column)} = ${sql.lit(value)} begin select raise(abort, 'recusado'); end`.execute(db());
  return async () => void (await sql`drop trigger ${sql.id(name)}`.execute(db()));
}
