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
 * automatic roulette draws once; a 200-message campaign (ten numbers), the process waiting on the
 * 100th send killed with SIGKILL, sends each message exactly once: the survivor sends the rest,
 * and the killed one's claim, confirmed by the gateway's send.message, becomes sent when its
 * lease runs out. Needs a
 * PostgreSQL server (TEST_DATABASE_URL, set by `npm test` / scripts/e2e.mjs
 * when one can be had); skipped otherwise.
 */
/**
 * Ten numbers of ten brokers, one campaign each. A number sends one message per interval: the campaign's
 * stored timing (the sender's form refuses less than 15 s for people, campaign-forms.ts; the dispatcher
 * takes the stored value as it is), lowered here to 1 s, so 200 messages take well under a minute.
 */
const NUMBERS = 10;
const PER_NUMBER = 20;
const JOBS = NUMBERS * PER_NUMBER;
const INTERVAL_SECONDS = 1;
/** The send that is in flight when one process is killed. */
const HELD_AT = 100;
/** campaign-dispatcher.server.ts's CLAIM_LEASE_MS. */
const CLAIM_LEASE_MS = 60_000;
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

    // ── 200 messages from ten numbers; the process waiting on the 100th send is killed, the other sends the rest ──
    // The gateway sends that 100th message and never answers (holdOne): the worst moment to die. It also posts
    // send.message for every message (as it does for the app's instances), half of them to each process.
    gw.sendEvents = true;
    gw.holdOne = HELD_AT - 1;
    const timing = JSON.stringify({ startTime: "00:00", endTime: "23:59", weekdays: [true, true, true, true, true, true, true], intervalSeconds: INTERVAL_SECONDS });
    const campaigns: number[] = [];
    const numbers: string[] = [];
    // launched now, not when the roulette part began (a minute ago): the first messages are due, not late
    const launchedAt = new Date().toISOString();
    for (let n = 0; n < NUMBERS; n++) {
      const instance = `user_multi_${n}`;
      const secret = `segredo-multi-${n}`;
      const webhook = { url: `http://localhost:${n % 2 ? portA : portB}/webhooks/whatsapp/${instance}`, headers: { "x-webhook-secret": secret } };
      gw.instances.set(instance, { name: instance, token: "T", state: "open", qrCount: 0, number: `55119999900${String(n).padStart(2, "0")}`, webhook, profileName: null });
      await db.query("insert into users (id, email, password_hash, role, name, created_at, updated_at) values ($1, $2, 'x', 'broker', $3, $4, $4)", [`u-multi-${n}`, `multi${n}@teste.com.br`, `Multi ${n}`, now]);
      await db.query("insert into brokers (id, user_id, name, email, created_at, updated_at) values ($1, $2, $3, $4, $5, $5)", [`b-multi-${n}`, `u-multi-${n}`, `Multi ${n}`, `multi${n}@teste.com.br`, now]);
      // a number connected long ago: past the warm-up, its daily cap is the full one
      await db.query(
        "insert into whatsapp_connections (broker_id, instance_name, status, webhook_secret, connected_since, first_connected_at, created_at, updated_at) values ($1, $2, 'connected', $3, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', $4, $4)",
        [`b-multi-${n}`, instance, crypto.createHash("sha256").update(secret).digest("hex"), now],
      );
      const id = (await db.query("insert into campaigns (broker_id, name, message, timing, status, launched_at, created_at, updated_at) values ($1, $2, 'Oi', $3, 'running', $4, $4, $4) returning id", [`b-multi-${n}`, `Multi ${n}`, timing, launchedAt])).rows[0].id as number;
      campaigns.push(id);
      // spread one interval apart from now, as a launch schedules them
      const to = Array.from({ length: PER_NUMBER }, (_, g) => `55119${10000000 + n * 1000 + g}`);
      const at = to.map((_, g) => new Date(Date.parse(launchedAt) + g * INTERVAL_SECONDS * 1000).toISOString());
      numbers.push(...to);
      await db.query(
        `insert into campaign_jobs (campaign_id, lead_name, "to", message, fire_at, status, created_at)
         select $1, 'Lead ' || t.num, t.num, 'Oi', t.at, 'scheduled', $2 from unnest($3::text[], $4::text[]) as t(num, at)`,
        [id, now, to, at],
      );
    }
    expect(numbers).toHaveLength(JOBS);

    // the 100th send arrived and was sent; the gateway's send.message told the app its id
    await expect.poll(() => gw.sent.some((s) => s.held), { timeout: 180_000, intervals: [250] }).toBe(true);
    const held = gw.sent.find((s) => s.held)!;
    const inFlight = async () => (await db.query(`select id, status, claimed_by, claimed_at, message_key from campaign_jobs where "to" = $1`, [held.number])).rows[0] as { id: number; status: string; claimed_by: string; claimed_at: string; message_key: string | null };
    await expect.poll(async () => (await inFlight()).message_key, { timeout: 10_000, intervals: [100] }).toBe(held.keyId);
    const claim = await inFlight();
    expect(claim.status).toBe("sending");
    const victimPid = Number(claim.claimed_by.split(":")[1]);
    const [victim, survivor] = victimPid === a.pid ? [a, b] : [b, a];
    expect(victim.pid).toBe(victimPid);
    // As if the victim ran on another machine (its claim names another host): the survivor cannot see that
    // process is gone, so only the claim's lease (60 s from claimed_at) may end it. On one machine a dead pid ends it at once.
    await db.query("update campaign_jobs set claimed_by = $1 where id = $2", [`another-machine:${victimPid}:0`, claim.id]);
    victim.kill("SIGKILL");
    await new Promise((r) => victim.once("exit", r));
    const atKill = gw.sent.length;
    expect(atKill).toBeGreaterThanOrEqual(HELD_AT);
    expect(atKill).toBeLessThan(JOBS);
    const survivorPort = survivor === a ? portA : portB;

    // the survivor sends the rest; the killed process's claim stays until its lease runs out, then becomes sent
    const status = async () => Object.fromEntries((await db.query(`select status, count(*) as n from campaign_jobs group by status`)).rows.map((r) => [r.status, Number(r.n)]));
    await expect.poll(status, { timeout: 240_000, intervals: [500] }).toEqual({ sent: JOBS - 1, sending: 1 });
    let settledAfter = 0;
    await expect
      .poll(
        async () => {
          const row = await inFlight();
          settledAfter = Date.now() - Date.parse(claim.claimed_at);
          return row.status;
        },
        { timeout: 120_000, intervals: [250] },
      )
      .toBe("sent");
    expect(settledAfter).toBeGreaterThanOrEqual(CLAIM_LEASE_MS); // the lease, not an earlier path, ended it
    expect(await status()).toEqual({ sent: JOBS }); // none lost, none failed

    // the gateway: each of the 200 numbers got exactly one message
    const got = gw.sent.map((s) => s.number);
    expect(got).toHaveLength(JOBS);
    expect([...got].sort()).toEqual([...numbers].sort());
    // the database: each job sent once, with the gateway's id, and one message row each
    const rows = (await db.query(`select "to", message_key, claimed_by from campaign_jobs`)).rows as { to: string; message_key: string; claimed_by: string }[];
    const keyOf = new Map(gw.sent.map((s) => [s.number, s.keyId]));
    for (const r of rows) expect(r.message_key).toBe(keyOf.get(r.to));
    expect(await count("select count(distinct campaign_job_id) as n from whatsapp_messages where campaign_job_id is not null")).toBe(JOBS);
    expect(await count("select count(*) as n from whatsapp_messages")).toBe(JOBS);
    // both processes sent, the survivor the rest after the kill
    const senders = new Set(rows.map((r) => r.claimed_by.split(":")[1]));
    expect(senders).toContain(String(survivor.pid));
    expect(senders).toContain(String(victimPid));
    expect(await count("select count(*) as n from campaigns where id = any($1) and status = 'completed'", [campaigns])).toBe(NUMBERS);

    // the survivor still serves after the other is gone
    expect((await fetch(`http://localhost:${survivorPort}/healthz`)).status).toBe(200);
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
