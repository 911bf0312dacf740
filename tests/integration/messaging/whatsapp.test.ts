import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "~/modules/auth/session.server";
import { CLAIM_LEASE_MS, dailyCapFor, dispatchDueJobs, INTERRUPTED, WARM_UP_CAPS } from "~/modules/messaging/campaign-dispatcher.server";
import { CAMPAIGN_MESSAGES } from "~/modules/messaging/campaign-rules";
import { launchCampaign, pauseCampaign, resumeCampaign, saveCampaign } from "~/modules/messaging/campaigns.server";
import { campaignMonitor } from "~/modules/messaging/campaign-monitor.server";
import { CampaignError } from "~/modules/messaging/campaign-types";
import { clearGatewayConfig, gatewayConfig, saveGatewayConfig } from "~/modules/messaging/gateway-settings.server";
import { DEFAULT_TIMING, nextAllowedTime, scheduleSendTimes } from "~/modules/messaging/timing";
import { agencyTime } from "~/utils/clock";
import { applyGatewayEvent, verifyWebhookSecret } from "~/modules/messaging/gateway-events.server";
import {
  connectAgain,
  createConnection,
  disconnect,
  findConnection,
  refreshConnection,
  removeConnection,
  restart,
} from "~/modules/messaging/whatsapp-connections.server";
import { WA_MESSAGES } from "~/modules/messaging/whatsapp-labels";
import { formatPairingCode, isOptOutReply, sanitiseInstanceName, whatsappCandidates } from "~/modules/messaging/whatsapp-numbers";
import { db } from "~/modules/platform/db.server";
import { startFakeGateway, type FakeGateway } from "../../mocks/whatsapp-gateway";
import { action as webhookAction } from "~/routes/resources/whatsapp-webhook";
import { routeArgs } from "../../helpers/requests";
import { unwrap } from "../../helpers/responses";
import { brokerUser, connectedBroker as pairBroker, insertLead, runTicks } from "./campaign-helpers";

let gw: FakeGateway;
beforeAll(async () => {
  gw = await startFakeGateway();
});
afterAll(async () => {
  await gw.close();
});

/** 2026-11-23 is a Monday; São Paulo is UTC-3. */
const at = (iso: string) => new Date(iso);

describe("timing: window and weekdays on fixed clocks", () => {
  it("keeps a time inside the window, moves an early one to the start, a late one to the next weekday", () => {
    expect(nextAllowedTime(at("2026-11-23T13:00:00Z"), DEFAULT_TIMING)?.toISOString()).toBe("2026-11-23T13:00:00.000Z"); // Mon 10:00
    expect(nextAllowedTime(at("2026-11-23T10:00:00Z"), DEFAULT_TIMING)?.toISOString()).toBe("2026-11-23T12:00:00.000Z"); // Mon 07:00 → 09:00
    expect(nextAllowedTime(at("2026-11-27T21:30:00Z"), DEFAULT_TIMING)?.toISOString()).toBe("2026-11-30T12:00:00.000Z"); // Fri 18:30 → Mon 09:00
    expect(nextAllowedTime(at("2026-11-28T15:00:00Z"), DEFAULT_TIMING)?.toISOString()).toBe("2026-11-30T12:00:00.000Z"); // Sat → Mon
    expect(nextAllowedTime(at("2026-11-23T21:00:00Z"), DEFAULT_TIMING)?.toISOString()).toBe("2026-11-24T12:00:00.000Z"); // 18:00 is closed
  });
  it("spaces sends by the interval with at most ±20% jitter, all inside the window", () => {
    const times = scheduleSendTimes(at("2026-11-23T20:50:00Z"), 6, { ...DEFAULT_TIMING, intervalSeconds: 180 }, () => 0.5);
    expect(times).toHaveLength(6);
    for (const t of times) {
      const p = agencyTime(t);
      expect(p.weekday).toBeGreaterThanOrEqual(1);
      expect(p.minutes).toBeGreaterThanOrEqual(9 * 60);
      expect(p.minutes).toBeLessThan(18 * 60);
    }
    expect(times[1].getTime() - times[0].getTime()).toBe(180_000);
    expect(times.at(-1)!.toISOString().startsWith("2026-11-24T12:")).toBe(true); // after 18:00 the rest goes to Tuesday
    const jittered = scheduleSendTimes(at("2026-11-23T13:00:00Z"), 2, DEFAULT_TIMING, () => 0.999);
    expect((jittered[1].getTime() - jittered[0].getTime()) / 1000).toBeCloseTo(180 * 1.2, 0);
  });
  it("gives up beyond the 14-day lookahead", () => {
    expect(nextAllowedTime(at("2026-11-23T13:00:00Z"), { ...DEFAULT_TIMING, weekdays: [false, false, false, false, false, false, false] })).toBeNull();
  });
});

describe("numbers and words", () => {
  it("tries the number with and without the ninth digit, at most 4", () => {
    expect(whatsappCandidates("(11) 98765-4321")).toEqual(["5511987654321", "551187654321"]);
    expect(whatsappCandidates("(11) 8765-4321")).toEqual(["551187654321", "5511987654321"]);
    expect(whatsappCandidates("abc")).toEqual([]);
  });
  it("reads SAIR and PARAR as an opt-out, not other words", () => {
    for (const w of ["SAIR", "sair", " Parar! ", "Sáir."]) expect(isOptOutReply(w)).toBe(true);
    for (const w of ["quero sair do aluguel", "ok", ""]) expect(isOptOutReply(w)).toBe(false);
  });
  it("groups a pairing code in threes and sanitises instance names", () => {
    expect(formatPairingCode("WZYEH1YY")).toBe("WZY-EH1-YY");
    expect(sanitiseInstanceName("Meu Celular! Ção")).toBe("meu_celular_cao");
    expect(sanitiseInstanceName("<script>")).toBe("script");
  });
});

describe("gateway settings", () => {
  it("stores the key encrypted and reads it back; none configured means null", async () => {
    await clearGatewayConfig();
    expect(await gatewayConfig()).toBeNull();
    await saveGatewayConfig({ baseUrl: gw.url + "/", apiKey: gw.apiKey });
    const row = await db().selectFrom("messaging_gateway").selectAll().executeTakeFirstOrThrow();
    expect(row.api_key).not.toContain(gw.apiKey);
    expect(await gatewayConfig()).toEqual({ baseUrl: gw.url, apiKey: gw.apiKey });
  });
});

describe("instance lifecycle against the gateway", () => {
  beforeEach(async () => {
    await saveGatewayConfig({ baseUrl: gw.url, apiKey: gw.apiKey });
  });

  it("without a gateway says 'Configuração Evolution ausente' and stores nothing", async () => {
    const user = await brokerUser();
    await clearGatewayConfig();
    await expect(createConnection(user, { name: "principal" })).rejects.toThrow(WA_MESSAGES.notConfigured);
    expect(await findConnection(user)).toBeNull();
  });

  it("creates one instance per broker with a QR, then connects, disconnects, restarts and deletes", async () => {
    const user = await brokerUser();
    await expect(createConnection(user, { name: "  " })).rejects.toThrow(WA_MESSAGES.nameRequired);
    await createConnection(user, { name: "Principal" });
    const c = (await findConnection(user))!;
    expect(c.status).toBe("connecting");
    expect(c.instanceName).toMatch(/^user_[0-9a-f]{8}_principal$/);
    expect(c.qrSvg).toContain("<svg");
    expect(gw.instances.get(c.instanceName)?.webhook?.headers["x-webhook-secret"]).toBeTruthy();
    // the instance token is stored encrypted, never as given
    const row = await db().selectFrom("whatsapp_connections").selectAll().where("id", "=", c.id).executeTakeFirstOrThrow();
    expect(row.instance_token).not.toBe(gw.instances.get(c.instanceName)?.token);
    await expect(createConnection(user, { name: "outra" })).rejects.toThrow(WA_MESSAGES.limit);

    await gw.pair(c.instanceName);
    const connected = (await refreshConnection(user, new Date(), true))!;
    expect(connected.status).toBe("connected");
    expect(connected.profileName).toBe("Corretor Teste");
    expect(connected.phoneNumber).toBe("5511987654321");
    expect(connected.qrSvg).toBeNull();

    await disconnect(user);
    expect((await findConnection(user))!.status).toBe("disconnected");
    await disconnect(user); // already closed: the gateway answers 400, the result is the same
    await expect(restart(user)).rejects.toThrow(WA_MESSAGES.restartFailed); // closed instance: error in an HTTP 200
    await connectAgain(user);
    expect((await findConnection(user))!.status).toBe("connecting");
    await removeConnection(user);
    expect(await findConnection(user)).toBeNull();
    expect(gw.instances.has(c.instanceName)).toBe(false);
  });

  it("asks for a pairing code when a number is given, grouped in threes", async () => {
    const user = await brokerUser();
    await createConnection(user, { name: "codigo", number: "(11) 98765-4321" });
    expect((await findConnection(user))!.pairingCode).toBe("WZY-EH1-YY");
  });

  it("turns a connection that never paired within 2 minutes into an error with the spec's message", async () => {
    const user = await brokerUser();
    const t0 = new Date();
    await createConnection(user, { name: "lento" }, t0);
    const c = (await refreshConnection(user, new Date(t0.getTime() + 121_000), true))!;
    expect(c.status).toBe("error");
    expect(c.lastError).toBe(WA_MESSAGES.timeout(c.instanceName));
  });

  it("stops at the QR limit (error with HTTP 200 from the gateway)", async () => {
    const user = await brokerUser();
    await createConnection(user, { name: "limite" });
    gw.qrLimit = 1;
    try {
      await expect(connectAgain(user)).rejects.toThrow(WA_MESSAGES.qrUnavailable);
      expect((await findConnection(user))!.status).toBe("error");
    } finally {
      gw.qrLimit = 30;
    }
  });

  it("deleting an instance the gateway no longer has removes it here too", async () => {
    const user = await brokerUser();
    await createConnection(user, { name: "sumiu" });
    const c = (await findConnection(user))!;
    gw.instances.delete(c.instanceName);
    await removeConnection(user);
    expect(await findConnection(user)).toBeNull();
  });
});

describe("gateway webhook events", () => {
  it("accepts only the instance's own secret and applies connection and delivery events", async () => {
    await saveGatewayConfig({ baseUrl: gw.url, apiKey: gw.apiKey });
    const user = await brokerUser();
    await createConnection(user, { name: "eventos" });
    const c = (await findConnection(user))!;
    const secret = gw.instances.get(c.instanceName)!.webhook!.headers["x-webhook-secret"];
    expect(await verifyWebhookSecret(c.instanceName, secret)).toBe(true);
    expect(await verifyWebhookSecret(c.instanceName, "errado")).toBe(false);
    expect(await verifyWebhookSecret(c.instanceName, null)).toBe(false);
    expect(await verifyWebhookSecret("outra_instancia", secret)).toBe(false);
    await applyGatewayEvent(c.instanceName, { event: "connection.update", data: { state: "open", wuid: "5511911112222@s.whatsapp.net", profileName: "Ana" } });
    expect((await findConnection(user))!).toMatchObject({ status: "connected", phoneNumber: "5511911112222", profileName: "Ana" });
    await applyGatewayEvent(c.instanceName, { event: "connection.update", data: { state: "close", statusReason: 401 } });
    expect((await findConnection(user))!.status).toBe("disconnected");
  });
});

describe("campaigns and the dispatcher", () => {
  let user: SessionUser;
  let instanceName: string;
  const monday10 = at("2026-11-23T13:00:00Z");

  async function connectedBroker() {
    ({ user, instanceName } = await pairBroker(gw));
  }
  const makeLead = (name: string, phone: string) => insertLead(user, name, phone);

  it("validates the draft with the spec's messages", async () => {
    await connectedBroker();
    await expect(saveCampaign(user, { name: "", message: "Oi", leads: [{ leadId: null, name: "A", phone: "11987654321" }], timing: DEFAULT_TIMING })).rejects.toThrow(CAMPAIGN_MESSAGES.incomplete);
    const noBroker = { ...user, broker: null };
    await expect(saveCampaign(noBroker, { name: "x", message: "y", leads: [], timing: DEFAULT_TIMING })).rejects.toThrow(CAMPAIGN_MESSAGES.login);
  });

  it("refuses to launch without an instance or a connection", async () => {
    const lonely = await brokerUser();
    const id = await saveCampaign(lonely, { name: "C", message: "Oi", leads: [{ leadId: null, name: "A", phone: "11987654321" }], timing: DEFAULT_TIMING });
    await expect(launchCampaign(lonely, id, monday10)).rejects.toThrow(CAMPAIGN_MESSAGES.noInstance);
    await connectedBroker();
    await disconnect(user);
    const id2 = await saveCampaign(user, { name: "C", message: "Oi", leads: [{ leadId: null, name: "A", phone: "11987654321" }], timing: DEFAULT_TIMING });
    await expect(launchCampaign(user, id2, monday10)).rejects.toThrow(CAMPAIGN_MESSAGES.notConnected);
  });

  it("sends each message once at its time, personalised, and records failures without stopping", async () => {
    await connectedBroker();
    const a = await makeLead("Maria Silva", "(11) 91111-1111");
    const b = await makeLead("João", "(11) 92222-2222");
    gw.registered = new Set(["5511911111111", "5511933333333"]);
    try {
      const id = await saveCampaign(user, {
        name: "Lançamento",
        message: "Olá {nome}, temos novidades!",
        leads: [
          { leadId: a, name: "Maria Silva", phone: "(11) 91111-1111" },
          { leadId: b, name: "João", phone: "(11) 92222-2222" },
          { leadId: null, name: "Sem número", phone: "123" },
          { leadId: null, name: "Carlos", phone: "11 93333-3333" },
        ],
        timing: { ...DEFAULT_TIMING, intervalSeconds: 60 },
      });
      const launched = await launchCampaign(user, id, monday10, () => 0.5);
      expect(launched).toEqual({ scheduled: 3, failed: 1, skipped: 0 });
      const before = gw.sent.length;
      await dispatchDueJobs(monday10);
      expect(gw.sent.length - before).toBe(1);
      expect(gw.sent.at(-1)).toMatchObject({ number: "5511911111111", text: "Olá Maria, temos novidades!" });
      await dispatchDueJobs(new Date(monday10.getTime() + 30_000)); // nothing due yet
      expect(gw.sent.length - before).toBe(1);
      await runTicks(new Date(monday10.getTime() + 31_000), new Date(monday10.getTime() + 10 * 60_000), 5_000);
      const m = await campaignMonitor(user, id);
      expect(m.counts).toMatchObject({ total: 4, sent: 2, failed: 2 });
      expect(m.jobs.find((j) => j.to === "5511922222222")?.error).toBe("Número não cadastrado no WhatsApp");
      expect(m.jobs.find((j) => j.leadName === "Sem número")?.error).toBe("Telefone inválido");
      expect(m.campaign.status).toBe("completed");
      const stored = await db().selectFrom("campaigns").select("status").where("id", "=", id).executeTakeFirstOrThrow();
      expect(stored.status).toBe("completed");
      const history = await db().selectFrom("whatsapp_messages").selectAll().where("lead_id", "=", a).execute();
      expect(history).toHaveLength(1);
      expect(history[0].message_key).toBe(gw.sent.find((s) => s.number === "5511911111111")?.keyId);
    } finally {
      gw.registered = new Set();
    }
  });

  it("pause takes effect before the next send; resume re-spaces the rest from now", async () => {
    await connectedBroker();
    const leads = await Promise.all([1, 2, 3].map(async (n) => ({ leadId: await makeLead(`Lead ${n}`, `(11) 9444${n}-000${n}`), name: `Lead ${n}`, phone: `(11) 9444${n}-000${n}` })));
    const id = await saveCampaign(user, { name: "Pausa", message: "Oi {nome}", leads, timing: { ...DEFAULT_TIMING, intervalSeconds: 60 } });
    await launchCampaign(user, id, monday10, () => 0.5);
    await dispatchDueJobs(monday10);
    await pauseCampaign(user, id);
    const before = gw.sent.length;
    await dispatchDueJobs(new Date(monday10.getTime() + 3_600_000));
    expect(gw.sent.length).toBe(before);
    expect((await campaignMonitor(user, id)).campaign.status).toBe("paused");
    const resumeAt = new Date(monday10.getTime() + 3_600_000);
    await resumeCampaign(user, id, resumeAt, () => 0.5);
    const m = await campaignMonitor(user, id);
    expect(m.upcoming[0].fireAt).toBe(resumeAt.toISOString());
    await runTicks(resumeAt, new Date(resumeAt.getTime() + 180_000), 5_000);
    expect((await campaignMonitor(user, id)).counts.sent).toBe(3);
  });

  it("never sends twice when three dispatchers run at once, and never two sends of a number in one instant", async () => {
    await connectedBroker();
    const leads = await Promise.all([1, 2, 3, 4, 5].map(async (n) => ({ leadId: await makeLead(`Par ${n}`, `(11) 9555${n}-000${n}`), name: `Par ${n}`, phone: `(11) 9555${n}-000${n}` })));
    const id = await saveCampaign(user, { name: "Dupla", message: "Oi", leads, timing: { ...DEFAULT_TIMING, intervalSeconds: 15 } });
    await launchCampaign(user, id, monday10, () => 0.5);
    gw.sendDelayMs = 30;
    try {
      const before = gw.sent.length;
      for (let t = monday10.getTime(); t <= monday10.getTime() + 5 * 60_000; t += 3_000) {
        const now = new Date(t);
        const results = await Promise.all([dispatchDueJobs(now), dispatchDueJobs(now), dispatchDueJobs(now)]);
        expect(results.reduce((n, r) => n + r.sent, 0)).toBeLessThanOrEqual(1);
      }
      const numbers = gw.sent.slice(before).map((s) => s.number);
      expect(numbers).toHaveLength(5);
      expect(new Set(numbers).size).toBe(5);
    } finally {
      gw.sendDelayMs = 0;
    }
  });

  it("marks a job abandoned mid-send as 'interrompido — pode ter sido entregue' instead of sending it again", async () => {
    await connectedBroker();
    const lead = await makeLead("Interrompida", "(11) 96666-0000");
    const id = await saveCampaign(user, { name: "Crash", message: "Oi", leads: [{ leadId: lead, name: "Interrompida", phone: "(11) 96666-0000" }], timing: DEFAULT_TIMING });
    await launchCampaign(user, id, monday10);
    // as if a process claimed it and died before recording the answer
    await db().updateTable("campaign_jobs").set({ status: "sending", claimed_by: "outro:1:x", claimed_at: monday10.toISOString() }).where("campaign_id", "=", id).execute();
    const before = gw.sent.length;
    await dispatchDueJobs(new Date(monday10.getTime() + CLAIM_LEASE_MS / 2)); // lease still running: left alone
    expect((await campaignMonitor(user, id)).counts.sending).toBe(1);
    await dispatchDueJobs(new Date(monday10.getTime() + CLAIM_LEASE_MS + 1000));
    const m = await campaignMonitor(user, id);
    expect(m.jobs[0]).toMatchObject({ status: "failed", error: INTERRUPTED });
    expect(gw.sent.length).toBe(before);
  });

  it("a send the gateway reported while its claim was in flight becomes sent, once, when the claim is abandoned — not before", async () => {
    await connectedBroker();
    const lead = await makeLead("Confirmada", "(11) 96655-0000");
    const other = await makeLead("Local", "(11) 96655-1111");
    const id = await saveCampaign(user, {
      name: "Crash confirmado",
      message: "Oi",
      leads: [
        { leadId: lead, name: "Confirmada", phone: "(11) 96655-0000" },
        { leadId: other, name: "Local", phone: "(11) 96655-1111" },
      ],
      timing: DEFAULT_TIMING,
    });
    await launchCampaign(user, id, monday10);
    const jobs = await db().selectFrom("campaign_jobs").select(["id", "to"]).where("campaign_id", "=", id).orderBy("id").execute();
    // the first claimed by a process on another machine, the second by a dead process of this one; both died waiting for the answer
    await db().updateTable("campaign_jobs").set({ status: "sending", claimed_by: "outra-maquina:1:x", claimed_at: monday10.toISOString() }).where("id", "=", jobs[0].id).execute();
    await db().updateTable("campaign_jobs").set({ status: "sending", claimed_by: `${os.hostname()}:999999999:x`, claimed_at: monday10.toISOString() }).where("id", "=", jobs[1].id).execute();
    for (const [i, job] of jobs.entries()) {
      await applyGatewayEvent(instanceName, { event: "send.message", data: { key: { remoteJid: `${job.to}@s.whatsapp.net`, fromMe: true, id: `GW-VOO-${i}` }, message: { conversation: "Oi" } } });
    }
    const rows = () => db().selectFrom("campaign_jobs").select(["status", "message_key", "error"]).where("campaign_id", "=", id).orderBy("id").execute();
    expect(await rows()).toEqual([
      { status: "sending", message_key: "GW-VOO-0", error: null },
      { status: "sending", message_key: "GW-VOO-1", error: null },
    ]);
    const before = gw.sent.length;
    await dispatchDueJobs(new Date(monday10.getTime() + CLAIM_LEASE_MS / 2)); // the other machine's lease still runs; this machine's dead process is known at once
    expect((await rows()).map((r) => r.status)).toEqual(["sending", "sent"]);
    await dispatchDueJobs(new Date(monday10.getTime() + CLAIM_LEASE_MS + 1000));
    expect(await rows()).toEqual([
      { status: "sent", message_key: "GW-VOO-0", error: null },
      { status: "sent", message_key: "GW-VOO-1", error: null },
    ]);
    const messages = await db().selectFrom("whatsapp_messages").select(["message_key", "created_at"]).where("message_key", "in", ["GW-VOO-0", "GW-VOO-1"]).orderBy("message_key").execute();
    expect(messages).toEqual([
      { message_key: "GW-VOO-0", created_at: monday10.toISOString() },
      { message_key: "GW-VOO-1", created_at: monday10.toISOString() },
    ]);
    expect(gw.sent.length).toBe(before); // nothing sent again
  });

  it("a send the gateway made but whose answer was lost (a 502) is sent when its send.message came, interrupted until it comes, never sent twice; a send it refused stays failed", async () => {
    await connectedBroker();
    // the gateway posts its events to the app's route, as in production: a local receiver hands them to the real action
    const receiver = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const instance = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname.split("/").pop() ?? "");
      const headers = Object.fromEntries(Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === "string"));
      const request = new Request(`http://localhost/webhooks/whatsapp/${encodeURIComponent(instance)}`, { method: "POST", headers, body: Buffer.concat(chunks).toString() });
      const answer = await unwrap(() => webhookAction(routeArgs(request, { instance })));
      res.writeHead(answer.status).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const hook = gw.instances.get(instanceName)!.webhook!;
    const appUrl = hook.url;
    hook.url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/whatsapp/${encodeURIComponent(instanceName)}`;
    try {
      const delivered = await makeLead("Entregue", "(11) 96644-0000");
      const refused = await makeLead("Recusado", "(11) 96644-1111");
      const id = await saveCampaign(user, {
        name: "Resposta perdida",
        message: "Oi",
        leads: [
          { leadId: delivered, name: "Entregue", phone: "(11) 96644-0000" },
          { leadId: refused, name: "Recusado", phone: "(11) 96644-1111" },
        ],
        timing: DEFAULT_TIMING,
      });
      await launchCampaign(user, id, monday10);
      gw.failAfterSending = gw.sent.length; // the next send goes out, its event reaches the app, its answer is a 502
      gw.registered = new Set(["5511966440000"]); // and the other number is not on WhatsApp: refused
      await runTicks(monday10, new Date(monday10.getTime() + 5 * 60_000), 1000);
      const rows = await db().selectFrom("campaign_jobs").select(["to", "status", "message_key", "error"]).where("campaign_id", "=", id).orderBy("id").execute();
      const sentKey = gw.sent.find((m) => m.number === "5511966440000")!.keyId;
      expect(rows).toEqual([
        { to: "5511966440000", status: "sent", message_key: sentKey, error: null },
        { to: "5511966441111", status: "failed", message_key: null, error: "Número não cadastrado no WhatsApp" },
      ]);
      const messages = await db().selectFrom("whatsapp_messages").select("message_key").where("to", "in", ["5511966440000", "5511966441111"]).execute();
      expect(messages).toEqual([{ message_key: sentKey }]); // one message row, for the one sent
      expect(gw.sent.filter((m) => m.number === "5511966440000")).toHaveLength(1); // never sent again

      // the answer lost and its event too: 'interrompido — pode ter sido entregue', never re-sent; the event, when it comes, makes it sent
      const late = await makeLead("Tardio", "(11) 96644-2222");
      const second = await saveCampaign(user, { name: "Evento atrasado", message: "Olá", leads: [{ leadId: late, name: "Tardio", phone: "(11) 96644-2222" }], timing: DEFAULT_TIMING });
      const launchedAt = new Date(monday10.getTime() + 10 * 60_000);
      await launchCampaign(user, second, launchedAt);
      gw.registered = new Set();
      gw.instances.get(instanceName)!.webhook = null; // the event does not reach the app
      gw.failAfterSending = gw.sent.length;
      await runTicks(launchedAt, new Date(launchedAt.getTime() + 2 * 60_000), 1000);
      const lateJob = () => db().selectFrom("campaign_jobs").select(["status", "message_key", "error"]).where("campaign_id", "=", second).executeTakeFirstOrThrow();
      expect(await lateJob()).toEqual({ status: "failed", message_key: null, error: INTERRUPTED });
      const lateSend = gw.sent.at(-1)!;
      expect(lateSend.number).toBe("5511966442222");
      gw.instances.get(instanceName)!.webhook = hook;
      await gw.emit(instanceName, "send.message", { key: { remoteJid: "5511966442222@s.whatsapp.net", fromMe: true, id: lateSend.keyId }, message: { conversation: "Olá" } });
      expect(await lateJob()).toEqual({ status: "sent", message_key: lateSend.keyId, error: null });
      expect(gw.sent.filter((m) => m.number === "5511966442222")).toHaveLength(1);
    } finally {
      gw.instances.get(instanceName)!.webhook = hook;
      hook.url = appUrl;
      gw.registered = new Set();
      gw.failAfterSending = null;
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it("a lead who answers SAIR is never messaged again (pending jobs cancelled, new campaigns skip them)", async () => {
    await connectedBroker();
    const lead = await makeLead("Optout", "(11) 97777-0000");
    await db().updateTable("leads").set({ phone_normalized: "5511977770000" }).where("id", "=", lead).execute();
    const id = await saveCampaign(user, { name: "LGPD", message: "Oi", leads: [{ leadId: lead, name: "Optout", phone: "(11) 97777-0000" }], timing: DEFAULT_TIMING });
    await launchCampaign(user, id, new Date(monday10.getTime() + 3_600_000));
    await applyGatewayEvent(instanceName, { event: "messages.upsert", data: { key: { remoteJid: "5511977770000@s.whatsapp.net", fromMe: false, id: "X" }, message: { conversation: "SAIR" } } });
    expect(await db().selectFrom("whatsapp_opt_outs").select("phone_key").where("phone_key", "=", "551177770000").executeTakeFirst()).toBeTruthy();
    expect((await campaignMonitor(user, id)).jobs[0].status).toBe("cancelled");
    const id2 = await saveCampaign(user, { name: "LGPD 2", message: "Oi", leads: [{ leadId: lead, name: "Optout", phone: "(11) 97777-0000" }], timing: DEFAULT_TIMING });
    expect(await launchCampaign(user, id2, monday10)).toEqual({ scheduled: 0, failed: 0, skipped: 1 });
  });

  it("delivery receipts update the message and never go backwards", async () => {
    await connectedBroker();
    const lead = await makeLead("Recibo", "(11) 98888-0000");
    const id = await saveCampaign(user, { name: "Recibos", message: "Oi", leads: [{ leadId: lead, name: "Recibo", phone: "(11) 98888-0000" }], timing: DEFAULT_TIMING });
    await launchCampaign(user, id, monday10);
    await dispatchDueJobs(monday10);
    const key = gw.sent.at(-1)!.keyId;
    await applyGatewayEvent(instanceName, { event: "messages.update", data: { keyId: key, status: "READ" } });
    await applyGatewayEvent(instanceName, { event: "messages.update", data: { keyId: key, status: "DELIVERY_ACK" } });
    const msg = await db().selectFrom("whatsapp_messages").select("delivery").where("message_key", "=", key).executeTakeFirstOrThrow();
    expect(msg.delivery).toBe("read");
    expect((await campaignMonitor(user, id)).jobs[0].delivery).toBe("read");
  });

  it("ramps a new number up: a daily cap from its first day, the excess moved to the next window", async () => {
    expect(dailyCapFor(null, monday10)).toBe(WARM_UP_CAPS[0]);
    expect(dailyCapFor(monday10.toISOString(), new Date(monday10.getTime() + 86_400_000 * 1.5))).toBe(WARM_UP_CAPS[1]);
    await connectedBroker();
    await db().updateTable("whatsapp_connections").set({ first_connected_at: monday10.toISOString() }).where("instance_name", "=", instanceName).execute();
    const ts = monday10.toISOString();
    await db()
      .insertInto("whatsapp_messages")
      .values(Array.from({ length: WARM_UP_CAPS[0] }, (_, i) => ({ broker_id: user.broker!.id, instance_name: instanceName, to: `55119${i}`, body: "x", created_at: ts, updated_at: ts })))
      .execute();
    const lead = await makeLead("Amanhã", "(11) 95555-9999");
    const id = await saveCampaign(user, { name: "Cap", message: "Oi", leads: [{ leadId: lead, name: "Amanhã", phone: "(11) 95555-9999" }], timing: DEFAULT_TIMING });
    await launchCampaign(user, id, monday10);
    const r = await dispatchDueJobs(new Date(monday10.getTime() + 60_000));
    expect(r.deferred).toBe(1);
    const m = await campaignMonitor(user, id);
    expect(m.counts.pending).toBe(1);
    expect(m.upcoming[0].fireAt.startsWith("2026-11-24T12:00")).toBe(true);
  });

  it("hides another broker's campaign ('Campanha não encontrada')", async () => {
    await connectedBroker();
    const id = await saveCampaign(user, { name: "Minha", message: "Oi", leads: [{ leadId: null, name: "A", phone: "11987654321" }], timing: DEFAULT_TIMING });
    const other = await brokerUser();
    await expect(campaignMonitor(other, id)).rejects.toSatisfy((e: unknown) => e instanceof CampaignError || (e as { init?: { status?: number } })?.init?.status === 404);
  });
});
