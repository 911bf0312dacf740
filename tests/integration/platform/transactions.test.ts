import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "#db/connection";

/**
 * Another process (a script, a backup, the e2e runner) may write to the
 * same file. A transaction takes the write lock at its start, so it never
 * fails half-way with "database is locked" after reading.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "trx-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("transactions on the SQLite file", () => {
  it("hold the write lock from BEGIN: a second writer waits its turn, the transaction's read-then-write commits", async () => {
    const file = path.join(dir, "app.db");
    const { db, sqlite } = createDb(file);
    await sql`create table counters (id integer primary key, n integer not null)`.execute(db);
    await sql`insert into counters (id, n) values (1, 0)`.execute(db);
    const other = new SQLite(file);
    other.pragma("busy_timeout = 0");
    let otherError: unknown = null;
    await db.transaction().execute(async (trx) => {
      const row = await sql<{ n: number }>`select n from counters where id = 1`.execute(trx);
      try {
        other.prepare("update counters set n = 100 where id = 1").run(); // another process writes meanwhile
      } catch (error) {
        otherError = error;
      }
      await sql`update counters set n = ${row.rows[0].n + 1} where id = 1`.execute(trx);
    });
    expect((otherError as { code?: string } | null)?.code).toBe("SQLITE_BUSY");
    expect(other.prepare("select n from counters where id = 1").get()).toEqual({ n: 1 });
    other.close();
    await db.destroy();
    sqlite.close();
  });
});
