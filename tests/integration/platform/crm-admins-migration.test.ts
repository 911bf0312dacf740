import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, type Kysely, type Migration } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "#db/connection";
import { migrateToLatest } from "#db/migrator";
import type { Database } from "#db/schema";
import * as m0001 from "#db/migrations/0001_initial";
import * as m0002 from "#db/migrations/0002_catalogue";
import * as m0004 from "#db/migrations/0004_hardening";
import * as m0005 from "#db/migrations/0005_backoffice";
import * as m0006 from "#db/migrations/0006_lead_routing";
import * as m0007 from "#db/migrations/0007_crm_leads";
import * as m0008 from "#db/migrations/0008_crm_board";
import * as m0009 from "#db/migrations/0009_webhooks";

/** Migration 0010: crm_admins goes from e-mails to broker ids, keeping grants that match a broker, and follows the broker's deletion. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-crm-admins-"));
let db: Kysely<Database> | null = null;
afterAll(async () => {
  await db?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("0010_crm_admins", () => {
  it("carries e-mail grants over to broker ids, drops the rest, cascades on broker delete", async () => {
    const opened = createDb(path.join(dir, "old.db"));
    db = opened.db;
    const before: Record<string, Migration> = { "0001_initial": m0001, "0002_catalogue": m0002, "0004_hardening": m0004, "0005_backoffice": m0005, "0006_lead_routing": m0006, "0007_crm_leads": m0007, "0008_crm_board": m0008, "0009_webhooks": m0009 };
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest();
    expect(error).toBeUndefined();
    const now = new Date().toISOString();
    const run = (q: string, ...args: unknown[]) => opened.sqlite.prepare(q).run(...args);
    run("insert into users (id, email, password_hash, role, name, created_at, updated_at) values ('u1', 'ana@imob.test', 'x', 'broker', 'Ana', ?, ?)", now, now);
    run("insert into brokers (id, user_id, name, email, created_at, updated_at) values ('b1', 'u1', 'Ana', 'ana@imob.test', ?, ?)", now, now);
    run("insert into crm_admins (email, granted_by, created_at) values ('ANA@imob.test', 'boot', ?)", now);
    run("insert into crm_admins (email, granted_by, created_at) values ('ninguem@imob.test', 'boot', ?)", now);

    expect(await migrateToLatest(db)).toContain("0010_crm_admins");
    expect(opened.sqlite.prepare("select broker_id, granted_by from crm_admins").all()).toEqual([{ broker_id: "b1", granted_by: "boot" }]);
    expect(() => run("insert into crm_admins (broker_id, created_at) values ('nao-existe', ?)", now)).toThrow(/FOREIGN KEY/);
    run("delete from users where id = 'u1'");
    expect(opened.sqlite.prepare("select count(*) as n from crm_admins").get()).toEqual({ n: 0 });
  });
});
