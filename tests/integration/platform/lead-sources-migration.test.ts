import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, type Kysely, type Migration } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "#db/connection";
import type { Database } from "#db/schema";
import * as m0050 from "#db/migrations/0050_lead_portal_sources";
import * as m0055 from "#db/migrations/0055_visitor_lead_sources";
import { MIGRATIONS } from "#db/migrator";

/** Migration 0050: leads.source gains the portals; SQLite rebuilds the table keeping rows, ids, indexes, triggers and references. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-lead-sources-"));
let db: Kysely<Database> | null = null;
afterAll(async () => {
  await db?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const before: Record<string, Migration> = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < "0050"));
const migrator = (list: Record<string, Migration>) => new Migrator({ db: db!, provider: { getMigrations: async () => list }, allowUnorderedMigrations: true });

describe("0050_lead_portal_sources", () => {
  it("keeps every lead, id, index, trigger and reference, moves portal leads to their portal, and goes down and up again", async () => {
    const opened = createDb(path.join(dir, "old.db"));
    db = opened.db;
    expect((await migrator(before).migrateToLatest()).error).toBeUndefined();
    const now = new Date().toISOString();
    const run = (q: string, ...args: unknown[]) => opened.sqlite.prepare(q).run(...args);
    const all = <T = Record<string, unknown>>(q: string, ...args: unknown[]) => opened.sqlite.prepare(q).all(...args) as T[];
    const schemaOf = (type: string) => all<{ name: string; sql: string }>("select name, sql from sqlite_master where type = ? and tbl_name = 'leads' order by name", type);
    const insertLead = (id: number, name: string, email: string) =>
      run("insert into leads (id, name, email, phone, message, created_at, updated_at) values (?, ?, ?, '(11) 98765-4321', 'Olá', ?, ?)", id, name, email, now, now);
    insertLead(1, "Ana do Site", "ana@site.com.br");
    insertLead(2, "Zeca Zap", "zeca@zap.com.br");
    insertLead(3, "Vera Viva", "vera@viva.com.br");
    insertLead(4, "Sem Origem", "sem@portal.com.br");
    insertLead(9, "Apagado", "apagado@site.com.br");
    run("delete from leads where id = 9"); // the counter must not hand out 9 again
    for (const [origin, lead, leadOrigin] of [["p1", 2, "Grupo ZAP"], ["p2", 3, "VivaReal"], ["p3", 4, null]] as const) {
      run("insert into portal_leads (origin_lead_id, lead_id, lead_origin, client_listing_id, received_at) values (?, ?, ?, null, ?)", origin, lead, leadOrigin, now);
    }
    run("insert into lead_assignments (lead_id, broker_id, reason, assigned_at) values (1, null, 'roleta', ?)", now);
    const rows = all("select * from leads order by id");
    const indexes = schemaOf("index");
    const triggers = schemaOf("trigger");
    expect(triggers.map((t) => t.name)).toEqual(["leads_fts_delete", "leads_fts_insert", "leads_fts_update", "leads_search_key_insert", "leads_search_key_update"]);

    const up = await migrator({ ...before, "0050_lead_portal_sources": m0050 }).migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(up.results?.map((r) => r.migrationName)).toEqual(["0050_lead_portal_sources"]);
    const sources: Record<number, string> = { 1: "site", 2: "zap", 3: "vivareal", 4: "portal" };
    expect(all("select * from leads order by id")).toEqual(rows.map((r) => ({ ...r, source: sources[(r as { id: number }).id] })));
    expect(schemaOf("index")).toEqual(indexes);
    expect(schemaOf("trigger")).toEqual(triggers);
    expect(opened.sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(opened.sqlite.pragma("foreign_key_check")).toEqual([]);

    // the new values are allowed, others still refused
    // the counter continues after the deleted lead 9
    const olga = run("insert into leads (name, email, phone, message, source, created_at, updated_at) values ('Olga Olx', 'olga@olx.com.br', '', '', 'olx', ?, ?)", now, now);
    expect(olga.lastInsertRowid).toBe(10);
    expect(() => run("update leads set source = 'instagram' where id = 10")).toThrow(/CHECK constraint failed/);
    // the triggers work: search key and trigram index follow an insert and an update
    expect(all("select rowid as id from leads_fts where leads_fts match '\"Olga\"'")).toEqual([{ id: 10 }]);
    run("update leads set name = 'Olga Renomeada' where id = 10");
    expect(all<{ search_key: string }>("select search_key from leads where id = 10")[0].search_key).toContain("renomeada");
    expect(all("select rowid as id from leads_fts where leads_fts match '\"Renomeada\"'")).toEqual([{ id: 10 }]);
    // references into leads still hold: deleting a lead cascades to its assignment
    run("delete from leads where id = 1");
    expect(all("select * from lead_assignments")).toEqual([]);

    // down: every portal lead back to 'site', the old CHECK back
    const down = await migrator({ ...before, "0050_lead_portal_sources": m0050 }).migrateDown();
    expect(down.error).toBeUndefined();
    expect(all("select distinct source from leads")).toEqual([{ source: "site" }]);
    expect(() => run("update leads set source = 'zap' where id = 2")).toThrow(/CHECK constraint failed/);
    expect(schemaOf("trigger")).toEqual(triggers);
    expect((await migrator({ ...before, "0050_lead_portal_sources": m0050 }).migrateToLatest()).error).toBeUndefined();
    expect(opened.sqlite.pragma("integrity_check", { simple: true })).toBe("ok");
  });

  it("0055 adds the visitor sources (simulador, captacao, alerta) and goes down to 'site'", async () => {
    const list = { ...before, "0050_lead_portal_sources": m0050, "0055_visitor_lead_sources": m0055 };
    expect((await migrator(list).migrateToLatest()).error).toBeUndefined();
    const now = new Date().toISOString();
    for (const source of ["simulador", "captacao", "alerta"] as const) {
      await db!.insertInto("leads").values({ name: `Lead ${source}`, email: `${source}@x.com.br`, phone: "", message: "", source, created_at: now, updated_at: now }).execute();
    }
    await expect(db!.insertInto("leads").values({ name: "X", email: "x@x.com.br", phone: "", message: "", source: "instagram" as never, created_at: now, updated_at: now }).execute()).rejects.toThrow(/CHECK constraint failed/);
    expect((await migrator(list).migrateDown()).error).toBeUndefined();
    const left = await db!.selectFrom("leads").select("source").where("email", "like", "%@x.com.br").execute();
    expect(left.map((r) => r.source)).toEqual(["site", "site", "site"]);
    await expect(db!.updateTable("leads").set({ source: "captacao" }).where("email", "=", "captacao@x.com.br").execute()).rejects.toThrow(/CHECK constraint failed/);
  });
});
