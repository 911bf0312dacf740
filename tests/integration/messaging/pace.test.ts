import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dailyCapFor, dispatchDueJobs, INTERRUPTED, WARM_UP_CAPS } from "~/modules/messaging/campaign-dispatcher.server";
import { campaignMonitor } from "~/modules/messaging/campaign-monitor.server";
import { launchCampaign, saveCampaign, saveDraftDetails, setDraftLeads } from "~/modules/messaging/campaigns.server";
import { applyGatewayEvent } from "~/modules/messaging/gateway-events.server";
import { DEFAULT_TIMING, type Timing } from "~/modules/messaging/timing";
import { findConnection } from "~/modules/messaging/whatsapp-connections.server";
import { db } from "~/modules/platform/db.server";
import { loader as monitorLoader } from "~/routes/broker/messaging/campaign";
import { getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { unwrap } from "../../helpers/responses";
import { startFakeGateway, type FakeGateway } from "../../mocks/whatsapp-gateway";
import { connectedBroker, runTicks, sentTimes } from "./campaign-helpers";

/**
 * Issue 25: the pace of a number. The warm-up counts from the number's first
 * connection; sends stay spaced by the interval (with its jitter) after a
 * cap, an outage or a restart; the monitor says why a send waits and when it
 * leaves. 2026-11-23 is a Monday; 10:00 in São Paulo is 13:00Z.
 */
let gw: FakeGateway;
beforeAll(async () => {
  gw = await startFakeGateway();
});
afterAll(async () => {
  await gw.close();
});

const monday10 = new Date("2026-11-23T13:00:00Z");
const plus = (d: Date, ms: number) => new Date(d.getTime() + ms);
/** Jitter at both ends in turn: −20 %, +20 %. */
function swinging(): () => number {
  let i = 0;
  return () => (i++ % 2 === 0 ? 0 : 0.999);
}
const recipients = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => ({ leadId: null, name: `R${i}`, phone: `(11) 9${prefix}${String(i).padStart(2, "0")}-0000` }));
const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]);
const fillToday = (brokerId: string, instanceName: string, n: number, at: Date) =>
  db()
    .insertInto("whatsapp_messages")
    .values(Array.from({ length: n }, (_, i) => ({ broker_id: brokerId, instance_name: instanceName, to: `5511900${i}`, body: "x", created_at: at.toISOString(), updated_at: at.toISOString() })))
    .execute();

describe("warm-up", () => {
  it("counts from the number's first connection: a disconnect and a reconnect do not reset it", async () => {
    const { user, instanceName } = await connectedBroker(gw, { firstConnectedAt: "2026-11-13T13:00:00.000Z" });
    expect(dailyCapFor("2026-11-13T13:00:00.000Z", monday10)).toBe(300);
    await applyGatewayEvent(instanceName, { event: "connection.update", data: { state: "close", statusReason: 428 } }, plus(monday10, 1000));
    expect((await findConnection(user))!.status).toBe("disconnected");
    await applyGatewayEvent(instanceName, { event: "connection.update", data: { state: "open", wuid: "5511987654321@s.whatsapp.net" } }, plus(monday10, 46_000));
    const row = await db().selectFrom("whatsapp_connections").select(["first_connected_at", "connected_since", "status"]).where("instance_name", "=", instanceName).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "connected", first_connected_at: "2026-11-13T13:00:00.000Z", connected_since: plus(monday10, 46_000).toISOString() });
    expect(dailyCapFor(row.first_connected_at, plus(monday10, 46_000))).toBe(300);
  });

  it("ramps 30, 60, 120, 200, then 300, day by day from the first connection", () => {
    const first = monday10.toISOString();
    expect([0, 1, 2, 3, 4, 10].map((d) => dailyCapFor(first, plus(monday10, d * 86_400_000 + 1000)))).toEqual([...WARM_UP_CAPS, 300, 300]);
    expect(dailyCapFor(first, plus(monday10, 86_400_000 - 1))).toBe(30);
    expect(dailyCapFor(null, monday10)).toBe(30); // never connected: the first day's cap
  });

  it("a new number's first connection is recorded once", async () => {
    const { instanceName } = await connectedBroker(gw, { firstConnectedAt: null });
    await applyGatewayEvent(instanceName, { event: "connection.update", data: { state: "open" } }, monday10);
    await applyGatewayEvent(instanceName, { event: "connection.update", data: { state: "close" } }, plus(monday10, 60_000));
    await applyGatewayEvent(instanceName, { event: "connection.update", data: { state: "open" } }, plus(monday10, 120_000));
    const row = await db().selectFrom("whatsapp_connections").select("first_connected_at").where("instance_name", "=", instanceName).executeTakeFirstOrThrow();
    expect(row.first_connected_at).toBe(monday10.toISOString());
  });
});

// Each test here drives the dispatcher through 5–18 simulated minutes one second at a time (up to
// 1,100 dispatch passes): well under 20 s on a quiet machine, over it on PostgreSQL with a CPU stress
// load beside the suite (2026-11-26), and a timed-out test's ticks kept running into the next test.
describe("spacing", { timeout: 120_000 }, () => {
  it("messages held by the daily cap leave the next day one interval apart, never in one burst", async () => {
    const { user, instanceName } = await connectedBroker(gw, { firstConnectedAt: monday10.toISOString() }); // first day: cap 30
    await fillToday(user.broker!.id, instanceName, WARM_UP_CAPS[0] - 1, monday10);
    const timing: Timing = { ...DEFAULT_TIMING, intervalSeconds: 60 };
    const id = await saveCampaign(user, { name: "Cap", message: "Oi", leads: recipients(6, "71"), timing });
    await launchCampaign(user, id, monday10, swinging());
    await runTicks(monday10, plus(monday10, 10 * 60_000), 1000, swinging());
    expect(await sentTimes(id)).toHaveLength(1); // the 30th of the day
    const held = await db().selectFrom("campaign_jobs").select("fire_at").where("campaign_id", "=", id).where("status", "=", "scheduled").orderBy("fire_at").execute();
    expect(held).toHaveLength(5);
    expect(held[0].fire_at.startsWith("2026-11-24T12:00")).toBe(true); // Tuesday 09:00
    for (const g of gaps(held.map((h) => Date.parse(h.fire_at)))) expect(g).toBeGreaterThanOrEqual(48_000);
    const tuesday = new Date("2026-11-24T12:00:00Z");
    await runTicks(tuesday, plus(tuesday, 8 * 60_000), 1000, swinging());
    const sent = await sentTimes(id);
    expect(sent).toHaveLength(6);
    for (const g of gaps(sent.slice(1))) {
      expect(g).toBeGreaterThanOrEqual(48_000); // the interval minus its jitter
      expect(g).toBeLessThanOrEqual(73_000);
    }
  });

  it("after an outage the overdue messages leave one interval apart, not in a burst", async () => {
    const { user, instanceName } = await connectedBroker(gw);
    const timing: Timing = { ...DEFAULT_TIMING, intervalSeconds: 15 };
    const id = await saveCampaign(user, { name: "Queda", message: "Oi", leads: recipients(10, "72"), timing });
    await launchCampaign(user, id, monday10, swinging());
    await runTicks(monday10, plus(monday10, 20_000), 1000, swinging());
    // the phone drops for 47 s
    await applyGatewayEvent(instanceName, { event: "connection.update", data: { state: "close" } }, plus(monday10, 21_000));
    await runTicks(plus(monday10, 21_000), plus(monday10, 68_000), 1000, swinging());
    const duringOutage = await sentTimes(id);
    await applyGatewayEvent(instanceName, { event: "connection.update", data: { state: "open" } }, plus(monday10, 68_500));
    await runTicks(plus(monday10, 69_000), plus(monday10, 5 * 60_000), 1000, swinging());
    const sent = await sentTimes(id);
    expect(sent).toHaveLength(10);
    expect(duringOutage.every((t) => t < plus(monday10, 21_000).getTime())).toBe(true);
    for (const g of gaps(sent)) expect(g).toBeGreaterThanOrEqual(12_000);
  });

  it("a restart after hours keeps the spacing, and two campaigns of one number never send closer than the interval", async () => {
    const { user } = await connectedBroker(gw);
    const timing: Timing = { ...DEFAULT_TIMING, intervalSeconds: 20 };
    const a = await saveCampaign(user, { name: "A", message: "Oi", leads: recipients(4, "73"), timing });
    const b = await saveCampaign(user, { name: "B", message: "Oi", leads: recipients(4, "74"), timing });
    await launchCampaign(user, a, monday10, swinging());
    await launchCampaign(user, b, monday10, swinging());
    // the server was down from 10:00 to 12:00: everything is overdue at once
    const back = plus(monday10, 2 * 3_600_000);
    await runTicks(back, plus(back, 5 * 60_000), 1000, swinging());
    const all = [...(await sentTimes(a)), ...(await sentTimes(b))].sort((x, y) => x - y);
    expect(all).toHaveLength(8);
    for (const g of gaps(all)) expect(g).toBeGreaterThanOrEqual(16_000);
  });
});

describe("a send interrupted by a crash", () => {
  async function interrupted() {
    const { user, instanceName } = await connectedBroker(gw);
    const id = await saveCampaign(user, { name: "Crash", message: "Oi, tudo bem?", leads: [{ leadId: null, name: "X", phone: "(11) 97500-0000" }], timing: DEFAULT_TIMING });
    await launchCampaign(user, id, monday10);
    await db().updateTable("campaign_jobs").set({ status: "sending", claimed_by: "morto:1:x", claimed_at: monday10.toISOString() }).where("campaign_id", "=", id).execute();
    await dispatchDueJobs(plus(monday10, 120_000));
    const job = await db().selectFrom("campaign_jobs").select(["id", "status", "error", "message_key"]).where("campaign_id", "=", id).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: "failed", error: INTERRUPTED, message_key: null });
    return { user, instanceName, id, jobId: job.id };
  }

  it("is shown 'interrompido — pode ter sido entregue' and becomes sent when the gateway reports the message", async () => {
    const { user, instanceName, id, jobId } = await interrupted();
    expect((await campaignMonitor(user, id, {}, plus(monday10, 121_000))).jobs[0]).toMatchObject({ status: "failed", error: "interrompido — pode ter sido entregue" });
    await applyGatewayEvent(instanceName, { event: "send.message", data: { key: { remoteJid: "5511975000000@s.whatsapp.net", fromMe: true, id: "GW-KEY-1" }, message: { conversation: "Oi, tudo bem?" } } }, plus(monday10, 130_000));
    const job = await db().selectFrom("campaign_jobs").select(["status", "error", "message_key", "delivery"]).where("id", "=", jobId).executeTakeFirstOrThrow();
    expect(job).toEqual({ status: "sent", error: null, message_key: "GW-KEY-1", delivery: "sent" });
    // later receipts for the kept id apply
    await applyGatewayEvent(instanceName, { event: "messages.update", data: { keyId: "GW-KEY-1", status: "READ" } });
    expect((await campaignMonitor(user, id)).jobs[0]).toMatchObject({ status: "sent", delivery: "read" });
  });

  it("a delivery receipt for an unknown id to that number marks it sent too; one for another number does not", async () => {
    const { instanceName, jobId } = await interrupted();
    await applyGatewayEvent(instanceName, { event: "messages.update", data: { keyId: "OUTRO", remoteJid: "5511975009999@s.whatsapp.net", fromMe: true, status: "DELIVERY_ACK" } });
    expect((await db().selectFrom("campaign_jobs").select("status").where("id", "=", jobId).executeTakeFirstOrThrow()).status).toBe("failed");
    await applyGatewayEvent(instanceName, { event: "messages.update", data: { keyId: "GW-KEY-2", remoteJid: "551175000000@s.whatsapp.net", fromMe: true, status: "DELIVERY_ACK" } });
    expect(await db().selectFrom("campaign_jobs").select(["status", "message_key", "delivery"]).where("id", "=", jobId).executeTakeFirstOrThrow()).toEqual({ status: "sent", message_key: "GW-KEY-2", delivery: "delivered" });
  });
});

describe("the monitor says why a send waits", () => {
  it("a draft shows its recipient count", async () => {
    const { user } = await connectedBroker(gw);
    const id = await saveDraftDetails(user, { name: "Rascunho", message: "Oi" });
    await setDraftLeads(user, id, recipients(3, "76"));
    const m = await campaignMonitor(user, id, {}, monday10);
    expect(m.counts).toMatchObject({ total: 3, pending: 3 });
    expect(m.wait.reason).toBe("draft");
  });

  it("outside the window, disconnected, at the daily cap, in the warm-up, or the interval, each with the next send time", async () => {
    const { user, instanceName } = await connectedBroker(gw);
    const id = await saveCampaign(user, { name: "Motivos", message: "Oi", leads: recipients(3, "77"), timing: { ...DEFAULT_TIMING, intervalSeconds: 60 } });
    const evening = new Date("2026-11-23T21:30:00Z"); // Monday 18:30, the window closed at 18:00
    await launchCampaign(user, id, evening, () => 0.5);
    let w = (await campaignMonitor(user, id, {}, evening)).wait;
    expect(w).toMatchObject({ reason: "outside-window", nextAt: "2026-11-24T12:00:00.000Z" });
    expect(w.text).toBe("Aguardando: fora da janela de envio (09:00–18:00, Seg, Ter, Qua, Qui, Sex).");

    const tuesday = new Date("2026-11-24T12:00:00Z");
    await dispatchDueJobs(tuesday, () => 0.5);
    w = (await campaignMonitor(user, id, {}, plus(tuesday, 1000))).wait;
    expect(w).toMatchObject({ reason: "interval", nextAt: "2026-11-24T12:01:00.000Z", text: "Próximo envio às 09:01, respeitando o intervalo entre mensagens." });

    await applyGatewayEvent(instanceName, { event: "connection.update", data: { state: "close" } }, plus(tuesday, 2000));
    expect((await campaignMonitor(user, id, {}, plus(tuesday, 3000))).wait).toMatchObject({ reason: "disconnected", nextAt: "2026-11-24T12:01:00.000Z" });
    await applyGatewayEvent(instanceName, { event: "connection.update", data: { state: "open" } }, plus(tuesday, 4000));

    await fillToday(user.broker!.id, instanceName, 300, tuesday);
    w = (await campaignMonitor(user, id, {}, plus(tuesday, 5000))).wait;
    expect(w.reason).toBe("daily-cap");
    expect(w.text).toBe("Aguardando: limite diário do número atingido (301 de 300 envios hoje).");

    await db().updateTable("whatsapp_connections").set({ first_connected_at: "2026-11-23T12:00:00.000Z" }).where("instance_name", "=", instanceName).execute();
    w = (await campaignMonitor(user, id, {}, plus(tuesday, 6000))).wait;
    expect(w).toMatchObject({ reason: "warm-up", text: "Aguardando: número em aquecimento (dia 2 de 4); o limite de 60 envios de hoje foi atingido." });
  });

  it("a live campaign's page carries a Refresh header at the chosen interval (no JavaScript needed); a finished one does not", async () => {
    const { user } = await connectedBroker(gw);
    const cookie = await sessionCookie(user.id);
    const id = await saveCampaign(user, { name: "Ao vivo", message: "Oi", leads: recipients(1, "78"), timing: DEFAULT_TIMING });
    await launchCampaign(user, id, plus(new Date(), 3_600_000));
    const r = await unwrap(() => monitorLoader(routeArgs(getRequest(`/broker/whatsapp/campaign/${id}?every=5`, { cookie }), { id: String(id) })));
    expect(r.headers.get("Refresh")).toBe("5");
    const off = await unwrap(() => monitorLoader(routeArgs(getRequest(`/broker/whatsapp/campaign/${id}?every=0`, { cookie }), { id: String(id) })));
    expect(off.headers.get("Refresh")).toBeNull();
    const fallback = await unwrap(() => monitorLoader(routeArgs(getRequest(`/broker/whatsapp/campaign/${id}?every=999`, { cookie }), { id: String(id) })));
    expect(fallback.headers.get("Refresh")).toBe("2");
    await db().updateTable("campaigns").set({ status: "completed" }).where("id", "=", id).execute();
    await db().updateTable("campaign_jobs").set({ status: "sent" }).where("campaign_id", "=", id).execute();
    const done = await unwrap(() => monitorLoader(routeArgs(getRequest(`/broker/whatsapp/campaign/${id}?every=5`, { cookie }), { id: String(id) })));
    expect(done.headers.get("Refresh")).toBeNull();
  });
});
