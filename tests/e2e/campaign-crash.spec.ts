import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { startFakeGateway, type FakeGateway } from "../mocks/whatsapp-gateway";
import { expect, test } from "./fixtures";
import { ownDataDir, startOwnServer, type OwnServer } from "./own-server";

/**
 * A kill -9 of the server in the middle of a campaign, then a restart: no
 * message is sent twice and none is lost — each job ends sent or failed
 * ('interrompido — pode ter sido entregue' for the one in flight at the
 * crash), and the sends stay spaced by the interval across the restart
 * (issue 25: no burst of overdue messages). Runs its own server process
 * (the built app) on its own data folder and port. The interval is 1 s (the
 * dispatcher's tick: one send per number per tick) so the run stays short.
 *
 * The crash lands at a known point, whatever the machine's load: the fake
 * gateway answers the first 10 sends and holds the 11th unanswered, and the
 * test kills the server once the gateway has that 11th request (a signal,
 * with a generous deadline, never a fixed wait). So the only way to fail is
 * the one this test is about: a message sent twice, or a job left unsent.
 */
const JOBS = 30;
const ANSWERED_BEFORE_CRASH = 10;
const INTERVAL_S = 1;
const DAY_MS = 86_400_000;

// eslint-disable-next-line no-empty-pattern -- no fixture needed: no browser is involved
test("kill -9 mid-campaign, restart: zero duplicates, zero lost", async ({}) => {
  test.setTimeout(300_000);
  const gw: FakeGateway = await startFakeGateway({ apiKey: "chave-crash-12345" });
  gw.holdAfter = ANSWERED_BEFORE_CRASH;
  const dataDir = ownDataDir("crash");
  const env = { EVOLUTION_API_URL: gw.url, EVOLUTION_API_KEY: gw.apiKey };
  let server: OwnServer | null = await startOwnServer(env, { dataDir });
  const sqlite = new Database(path.join(dataDir, "app.db"));
  sqlite.pragma("busy_timeout = 10000");
  try {
    // A broker whose number connected a month ago (past the warm-up ramp), with a running campaign of 30 messages, all due now.
    const now = new Date();
    const iso = now.toISOString();
    sqlite.prepare("insert into users (id, email, password_hash, role, name, created_at, updated_at) values (?, ?, ?, 'broker', ?, ?, ?)").run("u-crash", "crash@teste.com.br", "x", "Crash", iso, iso);
    sqlite.prepare("insert into brokers (id, user_id, name, email, phone, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)").run("b-crash", "u-crash", "Crash", "crash@teste.com.br", "11999990000", iso, iso);
    gw.instances.set("user_crash_main", { name: "user_crash_main", token: "T", state: "open", qrCount: 0, number: "5511999990000", webhook: null, profileName: null });
    sqlite
      .prepare("insert into whatsapp_connections (broker_id, instance_name, status, connected_since, first_connected_at, created_at, updated_at) values (?, ?, 'connected', ?, ?, ?, ?)")
      .run("b-crash", "user_crash_main", new Date(now.getTime() - 30 * DAY_MS).toISOString(), new Date(now.getTime() - 30 * DAY_MS).toISOString(), iso, iso);
    const timing = JSON.stringify({ startTime: "00:00", endTime: "23:59", weekdays: [true, true, true, true, true, true, true], intervalSeconds: INTERVAL_S });
    const campaignId = Number(
      sqlite.prepare("insert into campaigns (broker_id, name, message, timing, status, launched_at, created_at, updated_at) values (?, 'Crash', 'Oi', ?, 'running', ?, ?, ?)").run("b-crash", timing, iso, iso, iso).lastInsertRowid,
    );
    const insertJob = sqlite.prepare("insert into campaign_jobs (campaign_id, lead_name, \"to\", message, fire_at, status, created_at) values (?, ?, ?, 'Oi', ?, 'scheduled', ?)");
    sqlite.transaction(() => {
      for (let i = 0; i < JOBS; i++) insertJob.run(campaignId, `Lead ${i}`, `55119${String(10000000 + i)}`, iso, iso);
    })();

    // The gateway answered 10 sends and holds the 11th: the server is waiting for it. Kill it without warning.
    await Promise.race([
      gw.received(ANSWERED_BEFORE_CRASH + 1),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`the dispatcher did not reach send ${ANSWERED_BEFORE_CRASH + 1} within 120 s`)), 120_000)),
    ]);
    await server.stop();
    server = null;
    const inFlight = gw.sent.filter((s) => s.held);
    expect(inFlight).toHaveLength(1);
    expect(gw.sent.filter((s) => !s.held)).toHaveLength(ANSWERED_BEFORE_CRASH);
    const claimed = sqlite.prepare("select \"to\" from campaign_jobs where campaign_id = ? and status = 'sending'").all(campaignId) as { to: string }[];
    expect(claimed.map((r) => r.to)).toEqual([inFlight[0].number]); // the crash left exactly that job mid-send

    gw.holdAfter = null;
    server = await startOwnServer(env, { dataDir });
    const unfinished = () =>
      Number((sqlite.prepare("select count(*) as n from campaign_jobs where campaign_id = ? and status in ('scheduled', 'sending')").get(campaignId) as { n: number }).n);
    await expect.poll(unfinished, { timeout: 120_000, intervals: [250, 500, 1000] }).toBe(0);

    const numbers = gw.sent.map((s) => s.number);
    expect(new Set(numbers).size).toBe(numbers.length); // zero duplicates, the held one included
    const rows = sqlite.prepare("select status, error, \"to\" from campaign_jobs where campaign_id = ?").all(campaignId) as { status: string; error: string | null; to: string }[];
    expect(rows).toHaveLength(JOBS);
    const sent = rows.filter((r) => r.status === "sent");
    const failed = rows.filter((r) => r.status === "failed");
    expect(sent.length + failed.length).toBe(JOBS); // zero lost: each one sent or failed
    // the one in flight at the crash is failed ('interrompido'), never sent again: the gateway may already have delivered it
    expect(failed).toEqual([{ status: "failed", error: "interrompido — pode ter sido entregue", to: inFlight[0].number }]);
    for (const r of sent) expect(numbers).toContain(r.to);
    // spaced by the interval minus its jitter, before and after the restart: the instants the sends were claimed
    // (what arrives at the gateway also carries the loaded machine's own delays)
    const sentAt = (sqlite.prepare("select sent_at from campaign_jobs where campaign_id = ? and status = 'sent' order by sent_at").all(campaignId) as { sent_at: string }[]).map((r) => Date.parse(r.sent_at));
    for (let i = 1; i < sentAt.length; i++) expect(sentAt[i] - sentAt[i - 1]).toBeGreaterThanOrEqual(INTERVAL_S * 800);
    await expect.poll(() => (sqlite.prepare("select status from campaigns where id = ?").get(campaignId) as { status: string }).status, { timeout: 30_000 }).toBe("completed");
  } finally {
    sqlite.close();
    await server?.stop();
    await gw.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
