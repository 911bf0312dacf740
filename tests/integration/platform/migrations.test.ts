import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type SQLite from "better-sqlite3";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "#db/connection";
import { migrateToLatest } from "#db/migrator";
import type { Database } from "#db/schema";

/** From an empty file to the latest schema, with the pragmas and constraints the app relies on. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-migrate-"));
const file = path.join(dir, "fresh.db");
let db: Kysely<Database>;
let sqlite: SQLite.Database;
let applied: string[];

const TABLES = [
  "users",
  "brokers",
  "sessions",
  "password_reset_tokens",
  "crm_admins",
  "properties",
  "property_options",
  "crm_pipelines",
  "crm_stages",
  "leads",
  "crm_contacts",
  "crm_deals",
  "crm_deal_participants",
  "crm_stage_activity_templates",
  "crm_activities",
  "crm_notes",
  "crm_stage_changes",
  "broker_smtp_settings",
  "whatsapp_connections",
  "campaigns",
  "campaign_jobs",
  "roleta_registrations",
  "roleta_results",
  "webhook_settings",
  "automatic_roulette_settings",
  "webhooks",
  "webhook_deliveries",
  "blog_posts",
  "course_materials",
  "properties_fts",
];

const now = new Date().toISOString();
function property(overrides: Record<string, unknown> = {}) {
  return {
    title: "Casa de teste",
    type: "pronto",
    property_type: "Casa",
    purpose: "sale",
    construction_status: "ready",
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}
function insert(table: string, row: Record<string, unknown>) {
  const cols = Object.keys(row);
  return sqlite.prepare(`insert into ${table} (${cols.map((c) => `"${c}"`).join(", ")}) values (${cols.map(() => "?").join(", ")})`).run(...Object.values(row));
}

beforeAll(async () => {
  expect(fs.existsSync(file)).toBe(false);
  ({ db, sqlite } = createDb(file));
  applied = await migrateToLatest(db);
});

afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("migrations from an empty file", () => {
  it("apply every migration in order, and a second run applies none", async () => {
    expect(applied[0]).toBe("0001_initial");
    expect([...applied].sort()).toEqual(applied);
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it("create every table of the data model", () => {
    const names = (sqlite.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map((r) => r.name);
    for (const table of TABLES) expect(names, table).toContain(table);
  });

  it("turn on WAL and foreign keys", () => {
    expect(sqlite.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(sqlite.pragma("integrity_check", { simple: true })).toBe("ok");
  });
});

describe("constraints reject bad rows", () => {
  it("property status must be a known code", () => {
    expect(() => insert("properties", property({ status: "x" }))).toThrow(/CHECK constraint failed/);
    expect(() => insert("properties", property({ status: "Disponível" }))).toThrow(/CHECK constraint failed/);
    expect(() => insert("properties", property({ status: "available" }))).not.toThrow();
  });

  it("type, purpose, property_type and construction status use the stored codes", () => {
    expect(() => insert("properties", property({ type: "aluguel" }))).toThrow(/CHECK/);
    expect(() => insert("properties", property({ purpose: "Venda" }))).toThrow(/CHECK/);
    expect(() => insert("properties", property({ property_type: "house" }))).toThrow(/CHECK/);
    expect(() => insert("properties", property({ construction_status: "Pronto para Morar" }))).toThrow(/CHECK/);
  });

  it("a title may not be blank; prices and counts may not be negative", () => {
    expect(() => insert("properties", property({ title: "   " }))).toThrow(/CHECK/);
    expect(() => insert("properties", property({ price: -1 }))).toThrow(/CHECK/);
    expect(() => insert("properties", property({ bedrooms: -1 }))).toThrow(/CHECK/);
    expect(() => insert("properties", property({ construction_year: 1850 }))).toThrow(/CHECK/);
  });

  it("a lead rating is 0 to 5 and its status a CRM status", () => {
    const lead = { name: "Lead", created_at: now, updated_at: now };
    expect(() => insert("leads", { ...lead, rating: 6 })).toThrow(/CHECK constraint failed/);
    expect(() => insert("leads", { ...lead, rating: -1 })).toThrow(/CHECK/);
    expect(() => insert("leads", { ...lead, status: "novo" })).toThrow(/CHECK/);
    expect(() => insert("leads", { ...lead, rating: 5 })).not.toThrow();
  });

  it("a stage probability is 0 to 100; a user role is admin or broker", () => {
    const pipeline = insert("crm_pipelines", { name: "Padrão", created_at: now });
    expect(() => insert("crm_stages", { pipeline_id: pipeline.lastInsertRowid, name: "Etapa", probability: 101, created_at: now })).toThrow(/CHECK/);
    expect(() => insert("users", { id: "u-x", email: "x@teste.com.br", password_hash: "h", role: "root", created_at: now, updated_at: now })).toThrow(/CHECK/);
  });

  it("foreign keys are enforced (a lead pointing at a missing broker is refused)", () => {
    expect(() => insert("leads", { name: "Lead", broker_id: "nao-existe", created_at: now, updated_at: now })).toThrow(/FOREIGN KEY constraint failed/);
  });

  it("deleting a property clears property_id on its leads (spec 01 §4)", () => {
    const p = insert("properties", property({ title: "Para excluir" }));
    const l = insert("leads", { name: "Lead do imóvel", property_id: p.lastInsertRowid, created_at: now, updated_at: now });
    sqlite.prepare("delete from properties where id = ?").run(p.lastInsertRowid);
    const row = sqlite.prepare("select property_id from leads where id = ?").get(l.lastInsertRowid) as { property_id: number | null };
    expect(row.property_id).toBeNull();
  });

  it("the full-text index follows inserts and folds accents", () => {
    insert("properties", property({ title: "Apartamento em São Paulo", city: "São Paulo" }));
    const hits = sqlite.prepare("select rowid from properties_fts where properties_fts match ?").all("sao paulo");
    expect(hits.length).toBeGreaterThan(0);
  });
});
