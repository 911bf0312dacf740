import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/modules/platform/db.server";
import { encryptSecret } from "~/modules/platform/secrets.server";
import { deliverDue, deliverNow, enqueueEvent, enqueueSettingEvent, postSigned, probeWebhookUrl, webhookDeliveryJob } from "~/modules/webhooks/delivery.server";
import { WEBHOOK_MESSAGES } from "~/modules/webhooks/webhook-rules";
import { ROULETTE_WEBHOOK_EVENTS, ROULETTE_WEBHOOK_KEY } from "~/modules/roulette/roulette-rules";
import { onPostgres } from "../../helpers/database";
import { startWebhookReceiver, type ReceivedRequest, type WebhookReceiver } from "../../mocks/webhook-receiver";

/**
 * The delivery queue of webhooks, as the receiver and the admin's log see it:
 * which webhooks an event is queued for and what the row holds; which rows a
 * pass of the job takes (due pending ones and abandoned leases, never a
 * delivered or failed one); 'try at once' (deliverNow) never taking a row
 * another process holds; what a success, a failure and an abandoned row
 * write on the delivery and on its webhook. Fixed clock: `now` passed to the
 * job, and Date set for the instants the code stamps itself.
 */
let receiver: WebhookReceiver;
let url = "";
let got: ReceivedRequest[] = [];
let answer = 200;

beforeAll(async () => {
  receiver = await startWebhookReceiver({ answer: () => [answer] });
  url = receiver.url;
});
afterAll(() => receiver.close());
beforeEach(async () => {
  receiver.received.length = 0;
  got = receiver.received;
  await db().deleteFrom("webhook_deliveries").execute();
  await db().deleteFrom("webhooks").execute();
  await db().deleteFrom("webhook_settings").execute();
  await db().deleteFrom("automatic_roulette_settings").execute();
  answer = 200;
});
afterEach(() => {
  vi.useRealTimers();
});

const t0 = new Date("2026-11-23T12:00:00.000Z");
const iso = (ms: number) => new Date(t0.getTime() + ms).toISOString();
/** Date (the instants the code stamps itself) fixed at `at`; timers and sockets run as usual. */
function clockAt(at: Date): void {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(at);
}

async function addWebhook(fields: { events?: string; active?: boolean; errorCount?: number } = {}): Promise<number> {
  const at = t0.toISOString();
  const row = await db()
    .insertInto("webhooks")
    .values({
      url,
      events: fields.events ?? JSON.stringify(["novo_lead"]),
      is_active: fields.active === false ? 0 : 1,
      allow_private: 1,
      secret: encryptSecret("segredo", "webhook"),
      error_count: fields.errorCount ?? 0,
      last_error: fields.errorCount ? "Erro 500: Internal Server Error" : null,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
const deliveryRow = (id: number) => db().selectFrom("webhook_deliveries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const webhookRow = (id: number) => db().selectFrom("webhooks").select(["error_count", "last_error", "last_triggered_at"]).where("id", "=", id).executeTakeFirstOrThrow();
/** A trigger (either database) refusing any update of delivery `id` but its claim ('sending'). */
async function refuseOutcome(id: number): Promise<() => Promise<void>> {
  const name = `refuse_outcome_${id}`;
  if (onPostgres) {
    await sql`create function ${sql.id(name)}() returns trigger language plpgsql as $$ begin raise exception 'recusado'; end $$`.execute(db());
    await sql`create trigger ${sql.id(name)} before update on webhook_deliveries for each row when (new.id = ${sql.lit(id)} and new.status <> 'sending') execute function ${sql.id(name)}()`.execute(db());
    return async () => void (await sql`drop function ${sql.id(name)}() cascade`.execute(db()));
  }
  await sql`create trigger ${sql.id(name)} before update on webhook_deliveries when new.id = ${sql.lit(id)} and new.status <> 'sending' begin select raise(abort, 'recusado'); end`.execute(db());
  return async () => void (await sql`drop trigger ${sql.id(name)}`.execute(db()));
}
const sentIds = () => got.map((g) => Number(g.headers["x-webhook-delivery"]));

describe("queueing an event", () => {
  it("makes one row per active webhook subscribed to it, due at once, carrying the event, its instant and its data", async () => {
    const subscribed = await addWebhook();
    const alsoSubscribed = await addWebhook({ events: JSON.stringify(["lead_atualizado", "novo_lead"]) });
    await addWebhook({ events: JSON.stringify(["lead_atualizado"]) });
    await addWebhook({ active: false });
    const ids = await enqueueEvent("novo_lead", { id: 7, nome: "Ana" }, t0);
    const rows = await db().selectFrom("webhook_deliveries").selectAll().orderBy("id").execute();
    expect(rows.map((r) => r.id)).toEqual(ids);
    expect(rows.map((r) => r.webhook_id)).toEqual([subscribed, alsoSubscribed]);
    for (const row of rows) {
      expect(row).toMatchObject({ setting_key: null, event: "novo_lead", status: "pending", attempts: 0, last_status: null, last_error: null, delivered_at: null });
      expect(new Date(row.next_attempt_at).toISOString()).toBe(t0.toISOString());
      expect(new Date(row.created_at).toISOString()).toBe(t0.toISOString());
      expect(JSON.parse(row.payload)).toEqual({ event: "novo_lead", timestamp: t0.toISOString(), data: { id: 7, nome: "Ana" } });
    }
  });

  it("queues nothing when no active webhook listens to the event", async () => {
    await addWebhook({ events: JSON.stringify(["lead_atualizado"]) });
    await addWebhook({ active: false });
    expect(await enqueueEvent("novo_lead", { id: 1 }, t0)).toEqual([]);
    expect(await db().selectFrom("webhook_deliveries").select("id").execute()).toEqual([]);
  });

  it("a setting's event is one row naming the setting, due at once", async () => {
    const id = await enqueueSettingEvent("roleta_webhook", "roleta_sorteio", '{"a":1}', t0);
    const row = await deliveryRow(id);
    expect(row).toMatchObject({ webhook_id: null, setting_key: "roleta_webhook", event: "roleta_sorteio", payload: '{"a":1}', status: "pending", attempts: 0 });
    expect(new Date(row.next_attempt_at).toISOString()).toBe(t0.toISOString());
    expect(new Date(row.created_at).toISOString()).toBe(t0.toISOString());
  });
});

describe("a pass of the job", () => {
  it("takes the pending rows that are due and abandoned leases, oldest first; never a delivered or failed row, nor one not yet due", async () => {
    await addWebhook();
    const [later, earlier, notDue, delivered, failed, leased] = await Promise.all(Array.from({ length: 6 }, async () => (await enqueueEvent("novo_lead", { id: 1 }, t0))[0]));
    const set = (id: number, fields: { status?: "pending" | "sending" | "delivered" | "failed"; next_attempt_at: string }) => db().updateTable("webhook_deliveries").set(fields).where("id", "=", id).execute();
    await set(later, { next_attempt_at: iso(-1_000) });
    await set(earlier, { next_attempt_at: iso(-5_000) });
    await set(notDue, { next_attempt_at: iso(1) });
    await set(delivered, { status: "delivered", next_attempt_at: iso(-9_000) });
    await set(failed, { status: "failed", next_attempt_at: iso(-9_000) });
    await set(leased, { status: "sending", next_attempt_at: iso(-3_000) });
    await webhookDeliveryJob.run(t0);
    expect(sentIds()).toEqual([earlier, leased, later]);
    expect((await deliveryRow(notDue)).status).toBe("pending");
    expect((await deliveryRow(delivered)).attempts).toBe(0);
    expect((await deliveryRow(failed)).status).toBe("failed");
  });

  it("old delivered and failed rows never fill a pass: a due delivery behind 30 of them is sent", async () => {
    await addWebhook();
    const old = await Promise.all(Array.from({ length: 30 }, async () => (await enqueueEvent("novo_lead", { id: 1 }, t0))[0]));
    for (const [i, id] of old.entries()) await db().updateTable("webhook_deliveries").set({ status: i % 2 ? "delivered" : "failed", next_attempt_at: iso(-3600_000 - i) }).where("id", "=", id).execute();
    const [due] = await enqueueEvent("novo_lead", { id: 2 }, t0);
    expect(await deliverDue(t0)).toBe(1);
    expect(sentIds()).toEqual([due]);
  });

  it("a delivery that crashes does not stop the others of the pass", async () => {
    await addWebhook();
    const [first, second] = [(await enqueueEvent("novo_lead", { id: 1 }, t0))[0], (await enqueueEvent("novo_lead", { id: 2 }, t0))[0]];
    await db().updateTable("webhook_deliveries").set({ next_attempt_at: iso(-1_000) }).where("id", "=", first).execute();
    // the database refuses to record the first row's outcome (after its send): that delivery crashes
    const restore = await refuseOutcome(first);
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      expect(await deliverDue(t0)).toBe(2);
    } finally {
      stderr.mockRestore();
      await restore();
    }
    expect(sentIds()).toEqual([first, second]);
    expect(await deliveryRow(first)).toMatchObject({ status: "sending", attempts: 0 });
    expect(await deliveryRow(second)).toMatchObject({ status: "delivered", attempts: 1, last_status: 200 });
  });
});

describe("trying a delivery at once", () => {
  it("answers with the outcome: delivered", async () => {
    await addWebhook();
    const [id] = await enqueueEvent("novo_lead", { id: 1 }, t0);
    expect(await deliverNow(id, t0)).toEqual({ status: "delivered", httpStatus: 200, error: null, nextAttemptAt: null });
  });

  it("answers with the outcome: failed, retried 30 s later", async () => {
    await addWebhook();
    const [id] = await enqueueEvent("novo_lead", { id: 1 }, t0);
    answer = 503;
    expect(await deliverNow(id, t0)).toEqual({ status: "pending", httpStatus: 503, error: "Erro 503: Service Unavailable", nextAttemptAt: iso(30_000) });
  });

  it("answers with the outcome: an internal address refused, never retried", async () => {
    const hook = await addWebhook();
    await db().updateTable("webhooks").set({ allow_private: 0 }).where("id", "=", hook).execute();
    const [id] = await enqueueEvent("novo_lead", { id: 1 }, t0);
    expect(await deliverNow(id, t0)).toEqual({ status: "failed", httpStatus: null, error: "endereço de rede interna (127.0.0.1)", nextAttemptAt: null });
    expect(got).toEqual([]);
  });

  it("never takes a row another process is sending, nor one not due, nor one that does not exist", async () => {
    await addWebhook();
    const [held, future] = [(await enqueueEvent("novo_lead", { id: 1 }, t0))[0], (await enqueueEvent("novo_lead", { id: 2 }, t0))[0]];
    await db().updateTable("webhook_deliveries").set({ status: "sending", next_attempt_at: iso(60_000) }).where("id", "=", held).execute();
    await db().updateTable("webhook_deliveries").set({ next_attempt_at: iso(1) }).where("id", "=", future).execute();
    expect(await deliverNow(held, t0)).toBeNull();
    expect(await deliverNow(future, t0)).toBeNull();
    expect(await deliverNow(999_999, t0)).toBeNull();
    expect(got).toEqual([]);
    expect(await deliveryRow(held)).toMatchObject({ status: "sending", attempts: 0 });
  });
});

describe("what a try writes", () => {
  it("a success: the delivery delivered at that instant; the webhook's error count cleared and its last call stamped", async () => {
    const hook = await addWebhook({ errorCount: 3 });
    const [id] = await enqueueEvent("novo_lead", { id: 1 }, t0);
    const sentAt = new Date(t0.getTime() + 1_234);
    clockAt(sentAt);
    await deliverDue(sentAt);
    expect(await deliveryRow(id)).toMatchObject({ status: "delivered", attempts: 1, last_status: 200, last_error: null });
    expect(new Date((await deliveryRow(id)).delivered_at ?? "").toISOString()).toBe(sentAt.toISOString());
    const w = await webhookRow(hook);
    expect(w).toMatchObject({ error_count: 0, last_error: null });
    expect(new Date(w.last_triggered_at ?? "").toISOString()).toBe(sentAt.toISOString());
  });

  it("a failure: the webhook's error count goes up by one, with the answer and the instant", async () => {
    const hook = await addWebhook({ errorCount: 2 });
    const [id] = await enqueueEvent("novo_lead", { id: 1 }, t0);
    clockAt(t0);
    answer = 500;
    await deliverDue(t0);
    expect(await deliveryRow(id)).toMatchObject({ status: "pending", attempts: 1, last_status: 500, last_error: "Erro 500: Internal Server Error", delivered_at: null });
    const w = await webhookRow(hook);
    expect(w).toMatchObject({ error_count: 3, last_error: "Erro 500: Internal Server Error" });
    expect(new Date(w.last_triggered_at ?? "").toISOString()).toBe(t0.toISOString());
  });
});

describe("an address that takes the connection and never answers", () => {
  it("fails the test of an address after 5 seconds, saying so, instead of holding the admin's save", async () => {
    const silent = http.createServer(() => {
      /* never answers */
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const started = Date.now();
    try {
      const r = await probeWebhookUrl(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/x`, true);
      expect(r).toEqual({ ok: false, detail: "Não foi possível conectar ao endpoint: sem resposta em 5 s" });
      expect(Date.now() - started).toBeGreaterThanOrEqual(4_900);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 20_000);
});

describe("a setting's delivery (the roulette webhook) read when it is sent", () => {
  async function abandonedNow(settingKey: string, event: string) {
    const id = await enqueueSettingEvent(settingKey, event, "{}", t0);
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      return { outcome: await deliverNow(id, t0), row: await deliveryRow(id) };
    } finally {
      stderr.mockRestore();
    }
  }
  const setting = (url: string | null, enabled: boolean) =>
    db().insertInto("webhook_settings").values({ setting_key: ROULETTE_WEBHOOK_KEY, webhook_url: url, enabled: enabled ? 1 : 0, updated_at: t0.toISOString() }).execute();

  it("a setting that does not exist, or whose URL is blank, ends the row at once: 'no URL', nothing sent, no attempt counted", async () => {
    for (const [key, url] of [["nao_existe", null], [ROULETTE_WEBHOOK_KEY, "   "]] as const) {
      if (url !== null) await setting(url, true);
      const { outcome, row } = await abandonedNow(key, ROULETTE_WEBHOOK_EVENTS.draw);
      expect(outcome).toEqual({ status: "failed", httpStatus: null, error: WEBHOOK_MESSAGES.abandonedNoUrl, nextAttemptAt: null });
      expect(row).toMatchObject({ status: "failed", attempts: 0, last_status: null, last_error: WEBHOOK_MESSAGES.abandonedNoUrl });
      expect(new Date(row.next_attempt_at).toISOString()).toBe(t0.toISOString());
    }
    expect(got).toEqual([]);
  });

  it("a manual draw's notice follows 'Ativo', whatever the automatic draw's own switch says", async () => {
    const automatic = (on: boolean) =>
      db().insertInto("automatic_roulette_settings").values({ webhook_enabled: on ? 1 : 0, created_at: t0.toISOString(), updated_at: t0.toISOString() }).execute();
    await automatic(false);
    await setting(url, false);
    expect((await abandonedNow(ROULETTE_WEBHOOK_KEY, ROULETTE_WEBHOOK_EVENTS.draw)).outcome).toMatchObject({ status: "failed", error: WEBHOOK_MESSAGES.abandonedDisabled });
    await db().deleteFrom("automatic_roulette_settings").execute();
    await automatic(true);
    expect((await abandonedNow(ROULETTE_WEBHOOK_KEY, ROULETTE_WEBHOOK_EVENTS.draw)).outcome).toMatchObject({ status: "failed", error: WEBHOOK_MESSAGES.abandonedDisabled });
    expect(got).toEqual([]);
  });

  it("the automatic draw's notice with no automatic settings saved is switched off, whatever 'Ativo' says", async () => {
    await setting(url, true);
    const { outcome } = await abandonedNow(ROULETTE_WEBHOOK_KEY, ROULETTE_WEBHOOK_EVENTS.automatic);
    expect(outcome).toEqual({ status: "failed", httpStatus: null, error: WEBHOOK_MESSAGES.abandonedDisabled, nextAttemptAt: null });
    expect(got).toEqual([]);
  });
});

describe("an https:// address", () => {
  it("is spoken to over TLS: a plain-HTTP server behind it receives no delivery", async () => {
    const r = await postSigned({ url: url.replace("http:", "https:"), body: "{}", secret: "s", event: "novo_lead", allowPrivate: true });
    expect(r.ok).toBe(false);
    expect(r.status).toBeNull();
    expect(r.error).toMatch(/^Não foi possível conectar ao endpoint: /);
    expect(got).toEqual([]);
  });
});
