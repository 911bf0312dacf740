import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  HandleEmptyInListsPlugin,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  replaceWithNoncontingentExpression,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from "kysely";
import pg from "pg";
import { SqliteSemanticsPlugin } from "./dialect";
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

/** The advisory lock every PostgreSQL transaction takes first (any constant of our own). */
export const WRITE_LOCK_KEY = 2_718_281_828;

/**
 * PostgreSQL's counterpart of BEGIN IMMEDIATE: each transaction takes one
 * transaction-scoped advisory lock before its first statement, so the app's
 * transactions run one at a time across every process, as they do on
 * SQLite, and a read-check-write inside one (a presence once a day, a
 * stage's position) stays true without rewriting it. Plain statements
 * outside transactions never wait for it; the lock goes with the commit, the
 * rollback or a dead connection.
 */
class SerialTransactionsDialect extends PostgresDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw("begin"));
      await connection.executeQuery(CompiledQuery.raw(`select pg_advisory_xact_lock(${WRITE_LOCK_KEY})`));
    };
    // Streams read through a server-side cursor (SQL DECLARE/FETCH), so no extra package (pg-cursor) is needed.
    const acquire = driver.acquireConnection.bind(driver);
    const release = driver.releaseConnection.bind(driver);
    const originals = new WeakMap<DatabaseConnection, DatabaseConnection>();
    driver.acquireConnection = async () => {
      const connection = await acquire();
      const wrapped: DatabaseConnection = { executeQuery: (q) => connection.executeQuery(q), streamQuery: (q, chunkSize) => cursorStream(connection, q, chunkSize ?? 100) };
      originals.set(wrapped, connection);
      return wrapped;
    };
    driver.releaseConnection = (connection) => release(originals.get(connection) ?? connection);
    return driver;
  }
}

let cursorCount = 0;

/** A query's rows in chunks, read through a cursor in a transaction of its own (a stream is never asked for inside one). */
async function* cursorStream<R>(connection: DatabaseConnection, query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
  if (!Number.isInteger(chunkSize) || chunkSize <= 0) throw new Error("chunkSize must be a positive integer");
  const name = `app_cursor_${++cursorCount}`;
  await connection.executeQuery(CompiledQuery.raw("begin"));
  let open = false;
  try {
    await connection.executeQuery(CompiledQuery.raw(`declare ${name} no scroll cursor for ${query.sql}`, [...query.parameters]));
    open = true;
    for (;;) {
      const result = await connection.executeQuery<R>(CompiledQuery.raw(`fetch ${chunkSize} from ${name}`));
      if (result.rows.length === 0) break;
      yield { rows: result.rows };
    }
  } finally {
    if (open) await connection.executeQuery(CompiledQuery.raw(`close ${name}`)).catch(() => undefined);
    await connection.executeQuery(CompiledQuery.raw("commit")).catch(() => undefined);
  }
}

/**
 * Numbers come back as numbers, as they do from SQLite: count(*) and bigint
 * columns (int8) and sums/averages (numeric) would otherwise be strings.
 * Every integer the app stores is far below 2^53.
 */
const pgTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return (value: string) => (value === null ? null : Number(value));
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export function createPostgresPool(url: string, options: { max?: number; applicationName?: string } = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    types: pgTypes,
    application_name: options.applicationName ?? "imobiliaria",
    // An unreachable server fails a request (and /healthz) in seconds instead of hanging it.
    connectionTimeoutMillis: 5_000,
  });
  // An idle client's error (the server restarted, a network cut) must not kill the process: the pool replaces it.
  pool.on("error", (error) => process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level: "warn", msg: "postgres idle client error", error: error.message })}\n`));
  return pool;
}

/** The app's Kysely on PostgreSQL: a pool, serial transactions, SQLite's query semantics (db/dialect.ts). */
export function createPostgresDb(url: string, options: { max?: number } = {}): { db: Kysely<Database>; pool: pg.Pool } {
  const pool = createPostgresPool(url, options);
  const db = new Kysely<Database>({
    dialect: new SerialTransactionsDialect({ pool }),
    plugins: [new SqliteSemanticsPlugin(), new HandleEmptyInListsPlugin({ strategy: replaceWithNoncontingentExpression })],
  });
  return { db, pool };
}

export function isPostgresUrl(value: string | undefined): value is string {
  return !!value && /^postgres(ql)?:\/\//.test(value);
}

/** Consistent online copy (SQLite backup API): safe while the server writes. */
export async function backupSqlite(sqlite: SQLite.Database, destination: string): Promise<void> {
  fs.mkdirSync(path.dirname(destination), { recursive: true, mode: 0o700 });
  await sqlite.backup(destination);
  // A backup holds everything the database does: readable by the owner only.
  fs.chmodSync(destination, 0o600);
}

export async function pingPostgres(pool: pg.Pool): Promise<boolean> {
  try {
    await pool.query("select 1");
    return true;
  } catch {
    return false;
  }
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
