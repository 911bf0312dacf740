import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetConfigCache } from "~/modules/platform/config.server";
import { closeDb } from "~/modules/platform/db.server";
import { loader } from "~/routes/resources/healthz";
import { onPostgres } from "../../helpers/database";

/** /healthz answers from the real database: 200 when it can be read, 503 otherwise. */
const goodDir = process.env.DATA_DIR!;
let goodUrl: string | undefined;

async function pointAt(dataDir: string) {
  await closeDb();
  process.env.DATA_DIR = dataDir;
  resetConfigCache();
}

async function pointAtUrl(url: string | undefined) {
  await closeDb();
  if (url) process.env.DATABASE_URL = url;
  else delete process.env.DATABASE_URL;
  resetConfigCache();
}

beforeAll(() => {
  goodUrl = process.env.DATABASE_URL;
});

afterEach(async () => {
  await pointAt(goodDir);
  if (onPostgres) await pointAtUrl(goodUrl);
});

describe("GET /healthz", () => {
  it("200 with the database reachable, never cached", async () => {
    const res = await loader();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: true });
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });

  it.skipIf(!onPostgres)("503 when PostgreSQL cannot be reached (DATABASE_URL), 200 again once it can", async () => {
    await pointAtUrl("postgres://nobody@127.0.0.1:1/nothing");
    const res = await loader();
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "unavailable", database: false });
    await pointAtUrl(goodUrl);
    expect((await loader()).status).toBe(200);
  });

  it.skipIf(onPostgres)("503 when app.db is not a database (a corrupt file)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-health-"));
    fs.writeFileSync(path.join(dir, "app.db"), Buffer.alloc(8192, "lixo, não é SQLite "));
    await pointAt(dir);
    const res = await loader();
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "unavailable", database: false });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(onPostgres)("503 when app.db cannot be opened at all (a directory in its place)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-health-"));
    fs.mkdirSync(path.join(dir, "app.db"));
    await pointAt(dir);
    const res = await loader();
    expect(res.status).toBe(503);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(onPostgres)("recovers (200) once the database is back", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-health-"));
    fs.writeFileSync(path.join(dir, "app.db"), "not sqlite");
    await pointAt(dir);
    expect((await loader()).status).toBe(503);
    await pointAt(goodDir);
    expect((await loader()).status).toBe(200);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
