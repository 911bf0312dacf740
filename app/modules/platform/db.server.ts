import type SQLite from "better-sqlite3";
import type { Kysely, Transaction } from "kysely";
import { createDb, pingDb } from "#db/connection";
import { migrateToLatest } from "#db/migrator";
import type { Database } from "#db/schema";
import { config } from "./config.server";

/** The one database handle of the process, opened on first use. */
let handle: { db: Kysely<Database>; sqlite: SQLite.Database; file: string } | null = null;

function open() {
  const file = config().databaseFile;
  if (!handle || handle.file !== file) {
    handle = { ...createDb(file), file };
  }
  return handle;
}

export function db(): Kysely<Database> {
  return open().db;
}

export function sqliteHandle(): SQLite.Database {
  return open().sqlite;
}

export type Tx = Transaction<Database>;
export type DbOrTx = Kysely<Database> | Tx;

export async function migrate(): Promise<string[]> {
  return migrateToLatest(db());
}

export async function isDatabaseReachable(): Promise<boolean> {
  try {
    return await pingDb(open().sqlite);
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
