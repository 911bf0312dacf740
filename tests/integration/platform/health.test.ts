import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resetConfigCache } from "~/modules/platform/config.server";
import { closeDb, sqliteHandle } from "~/modules/platform/db.server";
import { diskHealth } from "~/modules/platform/health.server";
import { loader } from "~/routes/resources/healthz";

/** /healthz answers from the real database file and DATA_DIR: 200 when the database writes and the disk has room, 503 naming what failed. */
const goodDir = process.env.DATA_DIR!;

async function pointAt(dataDir: string) {
  await closeDb();
  process.env.DATA_DIR = dataDir;
  resetConfigCache();
}

afterEach(async () => {
  await pointAt(goodDir);
});

describe("GET /healthz", () => {
  it("200 with the database reachable, never cached", async () => {
    const res = await loader();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: true, disk: true });
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });

  it("503 when app.db is not a database (a corrupt file)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-health-"));
    fs.writeFileSync(path.join(dir, "app.db"), Buffer.alloc(8192, "lixo, não é SQLite "));
    await pointAt(dir);
    const res = await loader();
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: "unavailable", database: false, disk: true, failed: ["database"], problems: { database: expect.stringMatching(/^o banco de dados não abre/) } });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("503 when app.db cannot be opened at all (a directory in its place)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-health-"));
    fs.mkdirSync(path.join(dir, "app.db"));
    await pointAt(dir);
    const res = await loader();
    expect(res.status).toBe(503);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("recovers (200) once the database is back", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-health-"));
    fs.writeFileSync(path.join(dir, "app.db"), "not sqlite");
    await pointAt(dir);
    expect((await loader()).status).toBe(503);
    await pointAt(goodDir);
    expect((await loader()).status).toBe(200);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("503 naming the database when it reads but cannot write (what a full disk looks like: SQLITE_FULL, read-only)", async () => {
    const sqlite = sqliteHandle();
    sqlite.pragma("query_only = 1");
    try {
      // reading still works
      expect(sqlite.prepare("select count(*) as n from users").get()).toBeDefined();
      const res = await loader();
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: "unavailable", database: false, disk: true, failed: ["database"], problems: { database: "o banco de dados não grava: somente leitura" } });
    } finally {
      sqlite.pragma("query_only = 0");
    }
    expect((await loader()).status).toBe(200);
  });

  it("the disk check fails when DATA_DIR has less room than the floor, and says how much is left", async () => {
    expect(await diskHealth()).toEqual({ ok: true });
    const full = await diskHealth(Number.MAX_SAFE_INTEGER);
    expect(full.ok).toBe(false);
    expect(!full.ok && full.problem).toMatch(/^DATA_DIR sem espaço: \d+ MB livres/);
  });

  it("the disk check fails when DATA_DIR cannot be written", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-health-"));
    fs.writeFileSync(path.join(dir, `.health-${process.pid}`), "");
    fs.mkdirSync(path.join(dir, `.health-${process.pid}-x`));
    await pointAt(dir);
    // a directory where the probe file goes: the write fails like a full or read-only disk
    fs.rmSync(path.join(dir, `.health-${process.pid}`));
    fs.mkdirSync(path.join(dir, `.health-${process.pid}`));
    const disk = await diskHealth();
    expect(disk.ok).toBe(false);
    expect(!disk.ok && disk.problem).toMatch(/^DATA_DIR não grava \(E/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
