import type SQLite from "better-sqlite3";
import type { Kysely, Transaction } from "kysely";
import type pg from "pg";
import { createDb, createPostgresDb, pingDb, pingPostgres } from "#db/connection";
import { migrateToLatest } from "#db/migrator";
import type { Database } from "#db/schema";
import { config } from "./config.server";

/**
 * The one database handle of the process, opened on first use: PostgreSQL
 * when DATABASE_URL is set (several processes may share it), else the
 * SQLite file in DATA_DIR.
 */
type Handle =
  | { dialect: "sqlite"; db: Kysely<Database>; sqlite: SQLite.Database; target: string }
  | { dialect: "postgres"; db: Kysely<Database>; pool: pg.Pool; target: string };
let handle: Handle | null = null;

function open(): Handle {
  const cfg = config();
  const target = cfg.DATABASE_URL ?? cfg.databaseFile;
  if (!handle || handle.target !== target) {
    handle = cfg.DATABASE_URL ? { dialect: "postgres", ...createPostgresDb(cfg.DATABASE_URL), target } : { dialect: "sqlite", ...createDb(cfg.databaseFile), target };
  }
  return handle;
}

export function db(): Kysely<Database> {
  return open().db;
}

export function databaseDialect(): "sqlite" | "postgres" {
  return open().dialect;
}

/** The SQLite connection (backups, bulk loads); null on PostgreSQL. */
export function sqliteHandle(): SQLite.Database | null {
  const h = open();
  return h.dialect === "sqlite" ? h.sqlite : null;
}

/** The PostgreSQL pool (the rate limiters' store); null on SQLite. */
export function postgresPool(): pg.Pool | null {
  const h = open();
  return h.dialect === "postgres" ? h.pool : null;
}

export type Tx = Transaction<Database>;
export type DbOrTx = Kysely<Database> | Tx;

export async function migrate(): Promise<string[]> {
  return migrateToLatest(db());
}

export async function isDatabaseReachable(): Promise<boolean> {
  try {
    const h = open();
    return h.dialect === "postgres" ? await pingPostgres(h.pool) : await pingDb(h.sqlite);
  } catch {
    return false;
  }
}

export async function closeDb(): Promise<void> {
  if (handle) {
    const h = handle;
    handle = null;
    await h.db.destroy();
  }
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** JSON text columns (images, amenities, tags) in and out. */
export function parseJsonList(value: string | null | undefined): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed)) return parsed.filter((v): v is string => typeof v === "string");
    if (typeof parsed === "string") return [parsed];
  } catch {
    // a single bare value is tolerated (spec: "a single value is also tolerated")
    return [value];
  }
  return [];
}

export function toJsonList(values: readonly string[]): string {
  return JSON.stringify(values);
}
