import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { CompiledQuery, Kysely, SqliteDialect, type Driver } from "kysely";
import type { Database } from "./schema";

/**
 * Opens the SQLite file with the pragmas this app relies on: WAL so readers
 * never wait for the writer, foreign keys enforced, and a busy timeout so a
 * concurrent writer (a backup, a script) makes others wait instead of failing.
 */
export function openSqlite(file: string): SQLite.Database {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // The database holds password hashes and leads' personal data: owner only.
  if (file !== ":memory:") for (const f of [file, `${file}-wal`, `${file}-shm`]) if (fs.existsSync(f)) fs.chmodSync(f, 0o600);
  try {
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("synchronous = NORMAL");
  } catch (error) {
    // Not a database (corrupt or foreign file): close it rather than leak the handle.
    sqlite.close();
    throw error;
  }
  return sqlite;
}

/**
 * Transactions start with BEGIN IMMEDIATE: they take the write lock first
 * and wait (busy_timeout) for another process's writer. A plain BEGIN
 * reads first and, when another connection wrote meanwhile, fails at its
 * first write with "database is locked" without waiting (WAL snapshot rule).
 */
class ImmediateTransactionsDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw("begin immediate"));
    };
    return driver;
  }
}

export function createDb(file: string): { db: Kysely<Database>; sqlite: SQLite.Database } {
  const sqlite = openSqlite(file);
  const db = new Kysely<Database>({ dialect: new ImmediateTransactionsDialect({ database: sqlite }) });
  return { db, sqlite };
}

/** Consistent online copy (SQLite backup API): safe while the server writes. */
export async function backupSqlite(sqlite: SQLite.Database, destination: string): Promise<void> {
  fs.mkdirSync(path.dirname(destination), { recursive: true, mode: 0o700 });
  await sqlite.backup(destination);
  // A backup holds everything the database does: readable by the owner only.
  fs.chmodSync(destination, 0o600);
}

export async function pingDb(sqlite: SQLite.Database): Promise<boolean> {
  try {
    // Reads the schema page, so an unreadable file fails here (select 1 would not touch it).
    sqlite.prepare("select count(*) from sqlite_master").get();
    return true;
  } catch {
    return false;
  }
}
