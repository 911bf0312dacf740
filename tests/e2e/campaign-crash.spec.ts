import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { startFakeGateway, type FakeGateway } from "../mocks/whatsapp-gateway";
import { expect, test } from "./fixtures";

/**
 * A kill -9 of the server in the middle of a campaign, then a restart: no
 * message is sent twice and none is lost — each job ends sent or failed
 * ('interrompido — pode ter sido entregue' for the one in flight at the
 * crash), and the sends stay spaced by the interval across the restart
 * (issue 25: no burst of overdue messages). Runs its own server process
 * (the built app) on its own data folder and port. The interval is 1 s (the
 * dispatcher's tick) so the run stays short.
 */
const JOBS = 40;
const INTERVAL_S = 1;

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
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`http://localhost:${port}/healthz`)).ok) return child;
    } catch {}
    if (Date.now() > deadline) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
}

test("kill -9 mid-campaign, restart: zero duplicates, zero lost", async ({ javaScriptEnabled }) => {
  test.skip(javaScriptEnabled === false, "no browser involved: once is enough");
  test.setTimeout(180_000);
  const gw: FakeGateway = await startFakeGateway({ apiKey: "chave-crash-12345" });
  gw.sendDelayMs = 40;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-crash-"));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    SEED_DEMO: "false",
    LOG_LEVEL: "error",
    EVOLUTION_API_URL: gw.url,
    EVOLUTION_API_KEY: gw.apiKey,
  };
  let server = await startServer(env, await freePort());
  try {
    // A connected broker with a running campaign of 200 messages, all due now.
    const sqlite = new Database(path.join(dataDir, "app.db"));
    const now = new Date().toISOString();
    sqlite.prepare("insert into users (id, email, password_hash, role, name, created_at, updated_at) values (?, ?, ?, 'broker', ?, ?, ?)").run("u-crash", "crash@teste.com.br", "x", "Crash", now, now);
    sqlite.prepare("insert into brokers (id, user_id, name, email, phone, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)").run("b-crash", "u-crash", "Crash", "crash@teste.com.br", "11999990000", now, now);
    gw.instances.set("user_crash_main", { name: "user_crash_main", token: "T", state: "open", qrCount: 0, number: "5511999990000", webhook: null, profileName: null });
    sqlite
      .prepare("insert into whatsapp_connections (broker_id, instance_name, status, connected_since, first_connected_at, created_at, updated_at) values (?, ?, 'connected', ?, ?, ?, ?)")
      .run("b-crash", "user_crash_main", "2026-01-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z", now, now);
    const timing = JSON.stringify({ startTime: "00:00", endTime: "23:59", weekdays: [true, true, true, true, true, true, true], intervalSeconds: INTERVAL_S });
    const campaignId = Number(
      sqlite.prepare("insert into campaigns (broker_id, name, message, timing, status, launched_at, created_at, updated_at) values (?, 'Crash', 'Oi', ?, 'running', ?, ?, ?)").run("b-crash", timing, now, now, now).lastInsertRowid,
    );
    const insertJob = sqlite.prepare("insert into campaign_jobs (campaign_id, lead_name, \"to\", message, fire_at, status, created_at) values (?, ?, ?, 'Oi', ?, 'scheduled', ?)");
    sqlite.transaction(() => {
      for (let i = 0; i < JOBS; i++) insertJob.run(campaignId, `Lead ${i}`, `55119${String(10000000 + i)}`, now, now);
    })();

    // Let it send part of the campaign, then kill the process without warning.
    await expect.poll(() => gw.sent.length, { timeout: 30_000 }).toBeGreaterThan(12);
    server.kill("SIGKILL");
    await new Promise((r) => server.once("exit", r));
    const atCrash = gw.sent.length;
    expect(atCrash).toBeLessThan(JOBS);

    server = await startServer(env, await freePort());
    const finished = () =>
      Number((sqlite.prepare("select count(*) as n from campaign_jobs where campaign_id = ? and status in ('scheduled', 'sending')").get(campaignId) as { n: number }).n);
    // the send in flight at the crash is settled once its claim lease (60 s) has run out
    await expect.poll(finished, { timeout: 120_000, intervals: [500] }).toBe(0);

    const numbers = gw.sent.map((s) => s.number);
    expect(new Set(numbers).size).toBe(numbers.length); // zero duplicates
    const rows = sqlite.prepare("select status, error, \"to\" from campaign_jobs where campaign_id = ?").all(campaignId) as { status: string; error: string | null; to: string }[];
    expect(rows).toHaveLength(JOBS);
    const sent = rows.filter((r) => r.status === "sent");
    const failed = rows.filter((r) => r.status === "failed");
    expect(sent.length + failed.length).toBe(JOBS); // zero lost: each one sent or failed
    for (const f of failed) expect(f.error).toBe("interrompido — pode ter sido entregue");
    expect(failed.length).toBeLessThanOrEqual(1); // at most the one in flight at the crash
    for (const r of sent) expect(numbers).toContain(r.to);
    // spaced by the interval minus its jitter, before and after the restart (a few ms of slack for the real clock)
    const at = gw.sent.map((x) => x.at);
    for (let i = 1; i < at.length; i++) expect(at[i] - at[i - 1]).toBeGreaterThanOrEqual(INTERVAL_S * 800 - 250);
    const status = sqlite.prepare("select status from campaigns where id = ?").get(campaignId) as { status: string };
    expect(status.status).toBe("completed");
    sqlite.close();
  } finally {
    server.kill("SIGKILL");
    await gw.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
