import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startFakeGateway, type FakeGateway } from "../mocks/whatsapp-gateway";
import { expect, test } from "./fixtures";

/**
 * Two app processes on one PostgreSQL database and one shared DATA_DIR
 * (issue 27, docs/scaling.md), as behind a reverse proxy: they start
 * together on an empty database; a lead posted to one is one row, seen by
 * the other at once, through a session signed in on the first; the
 * automatic roulette draws once; an 8-message campaign (one number, one message per 15 s), one
 * of them killed with SIGKILL halfway, sends each message once. Needs a
 * PostgreSQL server (TEST_DATABASE_URL, set by `npm test` / scripts/e2e.mjs
 * when one can be had); skipped otherwise.
 */
const JOBS = 8; // one number sends one message per interval (15 s): about two minutes
const serverUrl = process.env.TEST_DATABASE_URL;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function startServer(env: NodeJS.ProcessEnv, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["server.mjs"], { env: { ...env, PORT: String(port) }, stdio: ["ignore", "ignore", "inherit"] });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`http://localhost:${port}/healthz`)).ok) return child;
    } catch {}
    if (child.exitCode !== null) throw new Error(`server on ${port} stopped (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** São Paulo's wall clock (UTC−3, no daylight saving). */
function agencyMinutes(now: Date): number {
  const local = new Date(now.getTime() - 3 * 3600_000);
  return local.getUTCHours() * 60 + local.getUTCMinutes();
}

test("two processes on one PostgreSQL: one truth, jobs once, a campaign survives kill -9 of one", async ({ javaScriptEnabled }) => {
  test.skip(javaScriptEnabled === false, "no browser involved: once is enough");
  test.skip(!serverUrl, "needs PostgreSQL (TEST_DATABASE_URL)");
  test.setTimeout(600_000);

  const database = `imob_mp_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const url = withDatabase(serverUrl!, database);
  const gw: FakeGateway = await startFakeGateway({ apiKey: "chave-multi-12345" });
  gw.sendDelayMs = 40;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-mp-"));
  const env = {
    ...process.env,
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    SEED_DEMO: "false",
    LOG_LEVEL: "error",
    RATE_LIMIT_MAX: "1000",
    ADMIN_EMAIL: "dono@multi.com.br",
    ADMIN_PASSWORD: "senha-do-dono-multi",
    EVOLUTION_API_URL: gw.url,
    EVOLUTION_API_KEY: gw.apiKey,
  };
  const [portA, portB] = [await freePort(), await freePort()];
  let a: ChildProcess | null = null;
  let b: ChildProcess | null = null;
  const db = new pg.Client({ connectionString: url });
  try {
    // Both start at once on the empty database: one migration run, one admin, one default pipeline.
    [a, b] = await Promise.all([startServer(env, portA), startServer(env, portB)]);
    await db.connect();
    const count = async (query: string, params: unknown[] = []) => Number((await db.query(query, params)).rows[0].n);
    expect(await count("select count(*) as n from users where email = $1", [env.ADMIN_EMAIL])).toBe(1);
    expect(await count("select count(*) as n from crm_pipelines where is_default = 1")).toBe(1);

    // ── a lead posted to A, seen through B with a session signed in on A ──
    const login = await fetch(`http://localhost:${portA}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://localhost:${portA}` },
      body: new URLSearchParams({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
    });
    expect([302, 303]).toContain(login.status);
    const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const posted = await fetch(`http://localhost:${portA}/contato`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://localhost:${portA}` },
      body: new URLSearchParams({ name: "Lívia Processo Dois", email: "livia.multi@exemplo.com.br", phone: "(11) 98888-7777", message: "Quero visitar o imóvel." }),
    });
    expect([302, 303]).toContain(posted.status);
    const seen = await fetch(`http://localhost:${portB}/admin/contacts?q=livia`, { headers: { Cookie: cookie } });
    expect(seen.status).toBe(200);
    expect(await seen.text()).toContain("Lívia Processo Dois");
    expect(await count("select count(*) as n from leads where email = $1", ["livia.multi@exemplo.com.br"])).toBe(1);

    // ── the automatic roulette: due at the next minute, run by both processes' schedules, drawn once ──
    const now = new Date().toISOString();
    for (const n of [1, 2, 3]) {
      await db.query("insert into users (id, email, password_hash, role, name, created_at, updated_at) values ($1, $2, 'x', 'broker', $3, $4, $4)", [`u-r${n}`, `roleta${n}@multi.com.br`, `Roleta ${n}`, now]);
      await db.query("insert into brokers (id, user_id, name, email, created_at, updated_at) values ($1, $2, $3, $4, $5, $5)", [`b-r${n}`, `u-r${n}`, `Roleta ${n}`, `roleta${n}@multi.com.br`, now]);
      await db.query("insert into roleta_registrations (broker_id, broker_name, broker_email, registered_at) values ($1, $2, $3, $4)", [`b-r${n}`, `Roleta ${n}`, `roleta${n}@multi.com.br`, now]);
    }
    const at = Math.max(0, agencyMinutes(new Date()) - 1);
    const time = `${String(Math.floor(at / 60)).padStart(2, "0")}:${String(at % 60).padStart(2, "0")}:00`;
    // a run planned for a minute ago (a save plans the next run and never draws on the spot; the schedule draws a run that has come)
    const planned = new Date(Date.now() - 60_000).toISOString();
    await db.query("insert into automatic_roulette_settings (enabled, scheduled_time, next_run_at, created_at, updated_at) values (1, $1, $2, $3, $3)", [time, planned, now]);
    await expect.poll(() => count("select count(*) as n from roleta_results"), { timeout: 75_000, intervals: [1000] }).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 3000)); // both schedules fired at that second
    expect(await count("select count(*) as n from roleta_results")).toBe(3);
    expect(await count("select count(distinct draw_date) as n from roleta_results where execution_type = 'automatic'")).toBe(1);
    expect(await count("select count(*) as n from roleta_registrations")).toBe(0);

    // ── a campaign of 8 messages from one number (spaced 15 s, issue 25); A killed after three, B sends the rest ──
    gw.instances.set("user_multi_main", { name: "user_multi_main", token: "T", state: "open", qrCount: 0, number: "5511999990000", webhook: null, profileName: null });
    await db.query("insert into users (id, email, password_hash, role, name, created_at, updated_at) values ('u-multi', 'multi@teste.com.br', 'x', 'broker', 'Multi', $1, $1)", [now]);
    await db.query("insert into brokers (id, user_id, name, email, phone, created_at, updated_at) values ('b-multi', 'u-multi', 'Multi', 'multi@teste.com.br', '11999990000', $1, $1)", [now]);
    // a number connected long ago: past the warm-up, its daily cap is the full one
    await db.query("insert into whatsapp_connections (broker_id, instance_name, status, connected_since, first_connected_at, created_at, updated_at) values ('b-multi', 'user_multi_main', 'connected', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', $1, $1)", [now]);
    const timing = JSON.stringify({ startTime: "00:00", endTime: "23:59", weekdays: [true, true, true, true, true, true, true], intervalSeconds: 15 });
    const campaign = (await db.query("insert into campaigns (broker_id, name, message, timing, status, launched_at, created_at, updated_at) values ('b-multi', 'Multi', 'Oi', $1, 'running', $2, $2, $2) returning id", [timing, now])).rows[0].id as number;
    await db.query(
      `insert into campaign_jobs (campaign_id, lead_name, "to", message, fire_at, status, created_at)
       select $1, 'Lead ' || g, '55119' || (10000000 + g)::text, 'Oi', $2, 'scheduled', $2 from generate_series(0, ${JOBS - 1}) g`,
      [campaign, now],
    );
    // the number sends one message per interval (15 s ± 20 %, issue 25), whichever process claims it: A is killed after three
    await expect.poll(() => gw.sent.length, { timeout: 120_000 }).toBeGreaterThanOrEqual(3);
    a.kill("SIGKILL");
    await new Promise((r) => a!.once("exit", r));
    const atKill = gw.sent.length;
    expect(atKill).toBeLessThan(JOBS);

    const open = () => count("select count(*) as n from campaign_jobs where campaign_id = $1 and status in ('scheduled', 'sending')", [campaign]);
    await expect.poll(open, { timeout: 240_000, intervals: [500] }).toBe(0);
    const numbers = gw.sent.filter((s) => s.instance === "user_multi_main").map((s) => s.number);
    expect(new Set(numbers).size).toBe(numbers.length); // no message twice
    const rows = (await db.query(`select status, error, "to", claimed_by from campaign_jobs where campaign_id = $1`, [campaign])).rows as { status: string; error: string | null; to: string; claimed_by: string }[];
    const sent = rows.filter((r) => r.status === "sent");
    const failed = rows.filter((r) => r.status === "failed");
    expect(sent.length + failed.length).toBe(JOBS); // none lost
    expect(failed.length).toBeLessThanOrEqual(1); // at most the one in flight in A at the kill
    for (const f of failed) expect(f.error).toMatch(/^interrompido/);
    for (const r of sent) expect(numbers.filter((n) => n === r.to)).toHaveLength(1); // each sent message exactly once
    expect(numbers.length).toBeGreaterThanOrEqual(JOBS - 1);
    // B took over: the messages left when A died were sent by B
    expect(new Set(sent.map((r) => r.claimed_by.split(":")[1]))).toContain(String(b!.pid));
    expect((await db.query("select status from campaigns where id = $1", [campaign])).rows[0].status).toBe("completed");

    // B still serves after A is gone
    expect((await fetch(`http://localhost:${portB}/healthz`)).status).toBe(200);
  } finally {
    a?.kill("SIGKILL");
    b?.kill("SIGKILL");
    await db.end().catch(() => undefined);
    await gw.close();
    await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
