import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, type Kysely, type Migration } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "#db/connection";
import type { Database } from "#db/schema";
import * as m0013 from "#db/migrations/0013_roulette_deliveries";
import { MIGRATIONS } from "#db/migrator";

/** Migration 0013: webhook_deliveries rebuilt so a delivery may name the roulette's webhook_settings row instead of a webhook. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-roulette-deliveries-"));
let db: Kysely<Database> | null = null;
afterAll(async () => {
  await db?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Every migration that landed before 0013 (0014 and later do not touch webhook_deliveries). */
const before: Record<string, Migration> = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < "0013"));
const migrator = (list: Record<string, Migration>) => new Migrator({ db: db!, provider: { getMigrations: async () => list }, allowUnorderedMigrations: true });

describe("0013_roulette_deliveries", () => {
  it("copies the existing deliveries, allows a setting's delivery, keeps the cascade, and goes down and up again", async () => {
    const opened = createDb(path.join(dir, "old.db"));
    db = opened.db;
    expect((await migrator(before).migrateToLatest()).error).toBeUndefined();
    const now = new Date().toISOString();
    const run = (q: string, ...args: unknown[]) => opened.sqlite.prepare(q).run(...args);
    const all = (q: string, ...args: unknown[]) => opened.sqlite.prepare(q).all(...args);
    const indexes = () => (all("select name from sqlite_master where type = 'index' and tbl_name = 'webhook_deliveries' and name not like 'sqlite_%' order by name") as { name: string }[]).map((r) => r.name);
    run("insert into webhooks (id, url, events, is_active, created_at, updated_at) values (1, 'https://exemplo.com.br/a', '[\"novo_lead\"]', 1, ?, ?)", now, now);
    run("insert into webhooks (id, url, events, is_active, created_at, updated_at) values (2, 'https://exemplo.com.br/b', '[\"novo_lead\"]', 1, ?, ?)", now, now);
    run("insert into webhook_deliveries (id, webhook_id, event, payload, status, attempts, next_attempt_at, last_status, last_error, created_at, delivered_at) values (7, 1, 'novo_lead', '{\"a\":1}', 'delivered', 2, ?, 200, null, ?, ?)", now, now, now);
    run("insert into webhook_deliveries (id, webhook_id, event, payload, status, attempts, next_attempt_at, last_status, last_error, created_at) values (8, 2, 'novo_lead', '{\"b\":2}', 'pending', 1, ?, 500, 'Erro 500', ?)", now, now);
    const copied = all("select * from webhook_deliveries order by id");

    const up = await migrator({ ...before, "0013_roulette_deliveries": m0013 }).migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(up.results?.map((r) => r.migrationName)).toEqual(["0013_roulette_deliveries"]);
    // every row carried over as it was, naming its webhook
    expect(all("select * from webhook_deliveries order by id")).toEqual(copied.map((r) => ({ ...(r as object), setting_key: null })));
    expect(indexes()).toEqual(["webhook_deliveries_due_idx", "webhook_deliveries_setting_idx", "webhook_deliveries_webhook_idx"]);
    // a setting's delivery; exactly one target
    run("insert into webhook_deliveries (webhook_id, setting_key, event, payload, next_attempt_at, created_at) values (null, 'roleta_webhook', 'roleta_draw_completed', '{}', ?, ?)", now, now);
    expect(() => run("insert into webhook_deliveries (event, payload, next_attempt_at, created_at) values ('x', '{}', ?, ?)", now, now)).toThrow(/CHECK constraint failed/);
    expect(() => run("insert into webhook_deliveries (webhook_id, setting_key, event, payload, next_attempt_at, created_at) values (1, 'roleta_webhook', 'x', '{}', ?, ?)", now, now)).toThrow(/CHECK constraint failed/);
    expect(() => run("insert into webhook_deliveries (webhook_id, event, payload, next_attempt_at, created_at) values (99, 'x', '{}', ?, ?)", now, now)).toThrow(/FOREIGN KEY/);
    expect(() => run("insert into webhook_deliveries (webhook_id, event, payload, status, next_attempt_at, created_at) values (1, 'x', '{}', 'lost', ?, ?)", now, now)).toThrow(/CHECK constraint failed/);
    // new ids continue after the copied ones; deleting a webhook still deletes its deliveries
    expect((all("select max(id) as id from webhook_deliveries") as { id: number }[])[0].id).toBe(9);
    run("delete from webhooks where id = 2");
    expect(all("select id, webhook_id, setting_key from webhook_deliveries order by id")).toEqual([
      { id: 7, webhook_id: 1, setting_key: null },
      { id: 9, webhook_id: null, setting_key: "roleta_webhook" },
    ]);
    expect(opened.sqlite.pragma("foreign_key_check")).toEqual([]);

    // down: back to 0009's table; the setting's deliveries cannot stay
    const down = await migrator({ ...before, "0013_roulette_deliveries": m0013 }).migrateDown();
    expect(down.error).toBeUndefined();
    expect(all("select * from webhook_deliveries order by id")).toEqual([copied[0]]);
    expect(indexes()).toEqual(["webhook_deliveries_due_idx", "webhook_deliveries_webhook_idx"]);
    expect(() => run("insert into webhook_deliveries (event, payload, next_attempt_at, created_at) values ('x', '{}', ?, ?)", now, now)).toThrow(/NOT NULL/);
    run("delete from webhooks where id = 1");
    expect(all("select id from webhook_deliveries")).toEqual([]);

    // and up again
    expect((await migrator({ ...before, "0013_roulette_deliveries": m0013 }).migrateToLatest()).error).toBeUndefined();
    expect(indexes()).toContain("webhook_deliveries_setting_idx");
    expect(opened.sqlite.pragma("integrity_check", { simple: true })).toBe("ok");
  });
});
