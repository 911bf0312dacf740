import crypto from "node:crypto";
import http from "node:http";
import https from "node:https";
import { sql } from "kysely";
import { db, nowIso } from "~/modules/platform/db.server";
import { decryptSecret } from "~/modules/platform/secrets.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import type { LeadHook } from "~/modules/leads/lead-types";
import { PrivateAddressError, addressRange, guardedLookup, mayConnect, portOf } from "./address.server";
import type { WebhookDeliveryStatus } from "#db/schema";
import { ROULETTE_WEBHOOK_EVENTS, ROULETTE_WEBHOOK_KEY } from "~/modules/roulette/roulette-rules";
import { DEFAULT_EVENT, DELIVERY_TIMEOUT_MS, RETRY_WINDOW_MS, SIGNATURE_HEADER, TIMESTAMP_HEADER, WEBHOOK_MESSAGES, retryDelayMs } from "./webhook-rules";

/**
 * Server-side delivery of webhook events (issue 10). An event becomes one
 * row per subscribed webhook (webhook_deliveries), or one row naming a
 * webhook_settings row (the roulette webhook: its URL is read at send
 * time, unsigned, never a private address); the job claims due rows
 * with a lease, POSTs the JSON signed with the webhook's secret, and on
 * failure retries with a doubling delay for a day. A crash mid-send leaves
 * the row leased; it is retried when the lease ends.
 *
 * Signature (for the receiver): header `X-Webhook-Signature: sha256=<hex>`
 * where hex = HMAC-SHA256(secret, `${X-Webhook-Timestamp}.${raw body}`).
 */
const LEASE_MS = 2 * 60_000;
const BATCH = 20;

export function signPayload(secret: string, timestamp: string, body: string): string {
  return `sha256=${crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** `refused`: the address is internal, nothing was sent (never retried). */
export type PostResult = { ok: boolean; status: number | null; error: string | null; refused?: boolean };

/** One signed POST, refusing private addresses unless allowed; never throws. */
export async function postSigned(input: { url: string; body: string; secret: string | null; event: string; deliveryId?: number; allowPrivate: boolean; extraHeaders?: Record<string, string> }): Promise<PostResult> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const headers: Record<string, string> = {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(input.body)),
    "User-Agent": "LarImoveis-Webhooks/1.0",
    "X-Webhook-Event": input.event,
    [TIMESTAMP_HEADER]: timestamp,
    ...(input.deliveryId ? { "X-Webhook-Delivery": String(input.deliveryId) } : {}),
    ...(input.secret ? { [SIGNATURE_HEADER]: signPayload(input.secret, timestamp, input.body) } : {}),
    ...input.extraHeaders,
  };
  return guardedRequest({ url: input.url, method: "POST", headers, body: input.body, allowPrivate: input.allowPrivate, timeoutMs: DELIVERY_TIMEOUT_MS });
}

/**
 * A HEAD request to a webhook address before an edit is saved (spec 03 §5):
 * "failed" when nothing answers there (no connection, refused address, 404,
 * 410 or 5xx). An endpoint that exists but refuses HEAD (405, 401, 403…)
 * is fine: it is there.
 */
export async function probeWebhookUrl(url: string, allowPrivate: boolean): Promise<{ ok: boolean; detail: string | null }> {
  const result = await guardedRequest({ url, method: "HEAD", headers: { "User-Agent": "LarImoveis-Webhooks/1.0" }, body: null, allowPrivate, timeoutMs: PROBE_TIMEOUT_MS });
  if (result.status !== null && result.status !== 404 && result.status !== 410 && result.status < 500) return { ok: true, detail: null };
  return { ok: false, detail: result.status !== null ? `Erro ${result.status}` : result.error };
}

const PROBE_TIMEOUT_MS = 5_000;

/**
 * One request through the internal-address guard (address.server.ts: IP
 * literals checked here, names in the connection's lookup); never throws.
 * The admin sees the answer's status line, never its body: an internal
 * service's answer is not echoed back.
 */
function guardedRequest(input: { url: string; method: "POST" | "HEAD"; headers: Record<string, string>; body: string | null; allowPrivate: boolean; timeoutMs: number }): Promise<PostResult> {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return Promise.resolve({ ok: false, status: null, error: "URL inválida" });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return Promise.resolve({ ok: false, status: null, error: "URL inválida" });
  const port = portOf(url);
  // An address typed as an IP is connected to without any lookup: check it here.
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (addressRange(host) !== "invalid" && !mayConnect(host, port, input.allowPrivate)) {
    return Promise.resolve({ ok: false, status: null, error: new PrivateAddressError(host).message, refused: true });
  }
  const client = url.protocol === "https:" ? https : http;
  return new Promise<PostResult>((resolve) => {
    const req = client.request(url, { method: input.method, headers: input.headers, timeout: input.timeoutMs, lookup: guardedLookup(input.allowPrivate, port) as never }, (res) => {
      const status = res.statusCode ?? 0;
      const ok = status >= 200 && status < 300;
      const result: PostResult = { ok, status, error: ok ? null : statusLine(status, res.statusMessage) };
      res.resume(); // the body is never read nor shown
      res.on("end", () => resolve(result));
      res.on("error", () => resolve(result));
    });
    req.on("timeout", () => req.destroy(new Error(`sem resposta em ${input.timeoutMs / 1000} s`)));
    req.on("error", (error) => {
      if (error instanceof PrivateAddressError) resolve({ ok: false, status: null, error: error.message, refused: true });
      else resolve({ ok: false, status: null, error: `Não foi possível conectar ao endpoint: ${error.message}` });
    });
    req.end(input.body ?? undefined);
  });
}

/** 'Erro 500: Internal Server Error': the status and its reason phrase (spec 03 §8's 'Erro {status}: {text}'). */
function statusLine(status: number, reason: string | undefined): string {
  const text = (reason ?? http.STATUS_CODES[status] ?? "").replace(/[^\x20-\x7e]/g, "").slice(0, 60);
  return `Erro ${status}${text ? `: ${text}` : ""}`;
}

/** Queues `event` for every active webhook subscribed to it; returns the delivery ids. */
export async function enqueueEvent(event: string, data: Record<string, unknown>, now: Date = new Date()): Promise<number[]> {
  const hooks = await db().selectFrom("webhooks").select(["id", "events"]).where("is_active", "=", 1).execute();
  const subscribed = hooks.filter((h) => eventsOf(h.events).includes(event));
  if (!subscribed.length) return [];
  const payload = JSON.stringify({ event, timestamp: now.toISOString(), data });
  const at = now.toISOString();
  const rows = await db()
    .insertInto("webhook_deliveries")
    .values(subscribed.map((h) => ({ webhook_id: h.id, event, payload, next_attempt_at: at, created_at: at })))
    .returning("id")
    .execute();
  return rows.map((r) => r.id);
}

export function eventsOf(stored: string): string[] {
  try {
    const list = JSON.parse(stored);
    return Array.isArray(list) ? list.filter((e): e is string => typeof e === "string") : [DEFAULT_EVENT];
  } catch {
    return stored ? stored.split(",").map((e) => e.trim()) : [DEFAULT_EVENT];
  }
}

/**
 * Queues one event for a `webhook_settings` row (the roulette webhook): the
 * URL is read from the setting when the row is sent. Returns the delivery id.
 */
export async function enqueueSettingEvent(settingKey: string, event: string, payload: string, now: Date = new Date()): Promise<number> {
  const at = now.toISOString();
  const row = await db()
    .insertInto("webhook_deliveries")
    .values({ setting_key: settingKey, event, payload, next_attempt_at: at, created_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Takes one due delivery (pending, or leased and abandoned) for this process; false when it is not due or another took it. */
async function claim(id: number, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const lease = new Date(now.getTime() + LEASE_MS).toISOString();
  const r = await db()
    .updateTable("webhook_deliveries")
    .set({ status: "sending", next_attempt_at: lease })
    .where("id", "=", id)
    .where((eb) => eb.and([eb("status", "in", ["pending", "sending"]), eb("next_attempt_at", "<=", at)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Claims the due deliveries, one conditional update each. */
async function claimDue(now: Date): Promise<number[]> {
  const at = now.toISOString();
  const due = await db()
    .selectFrom("webhook_deliveries")
    .select("id")
    .where((eb) => eb.and([eb("status", "in", ["pending", "sending"]), eb("next_attempt_at", "<=", at)]))
    .orderBy("next_attempt_at")
    .limit(BATCH)
    .execute();
  const claimed: number[] = [];
  for (const { id } of due) if (await claim(id, now)) claimed.push(id);
  return claimed;
}

/** What became of one try: the row's new status, the HTTP answer or error, and when the next try is due. */
export type DeliveryOutcome = { status: WebhookDeliveryStatus; httpStatus: number | null; error: string | null; nextAttemptAt: string | null };

type Target = { url: string; secret: string | null; allowPrivate: boolean; webhookId: number | null } | { abandon: string };

/** Where a delivery goes, read when it is sent: its webhook, or its webhook_settings row (unsigned, never a private address). */
async function targetOf(row: { webhook_id: number | null; setting_key: string | null; event: string }): Promise<Target> {
  if (row.webhook_id !== null) {
    const hook = await db().selectFrom("webhooks").select(["id", "url", "secret", "allow_private"]).where("id", "=", row.webhook_id).executeTakeFirst();
    if (!hook) return { abandon: WEBHOOK_MESSAGES.abandonedRemoved };
    return { url: hook.url, secret: decryptSecret(hook.secret, "webhook"), allowPrivate: hook.allow_private === 1, webhookId: hook.id };
  }
  const setting = await db().selectFrom("webhook_settings").select(["webhook_url", "enabled"]).where("setting_key", "=", row.setting_key ?? "").executeTakeFirst();
  const url = setting?.webhook_url?.trim() ?? "";
  if (!url) return { abandon: WEBHOOK_MESSAGES.abandonedNoUrl };
  if (!(await settingSwitchedOn(row.setting_key ?? "", row.event, setting?.enabled === 1))) return { abandon: WEBHOOK_MESSAGES.abandonedDisabled };
  return { url, secret: null, allowPrivate: false, webhookId: null };
}

/**
 * Whether a setting's delivery may still go out. The roulette's automatic
 * draw has its own switch ('Enviar o webhook' on the automatic tab, spec 03
 * §2.7, which uses this setting's URL even when its 'Ativo' is off), so
 * that event follows the automatic switch; every other follows 'Ativo'.
 */
async function settingSwitchedOn(settingKey: string, event: string, enabled: boolean): Promise<boolean> {
  if (settingKey !== ROULETTE_WEBHOOK_KEY || event !== ROULETTE_WEBHOOK_EVENTS.automatic) return enabled;
  const automatic = await db().selectFrom("automatic_roulette_settings").select("webhook_enabled").orderBy("id").limit(1).executeTakeFirst();
  return automatic?.webhook_enabled === 1;
}

async function deliverOne(id: number, now: Date): Promise<DeliveryOutcome | null> {
  const row = await db()
    .selectFrom("webhook_deliveries")
    .select(["id", "webhook_id", "setting_key", "event", "payload", "attempts", "created_at", "next_attempt_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const target = await targetOf(row);
  if ("abandon" in target) {
    // nothing was sent: the row stops here with the reason, its attempts unchanged
    await db().updateTable("webhook_deliveries").set({ status: "failed", last_status: null, last_error: target.abandon, next_attempt_at: now.toISOString() }).where("id", "=", id).execute();
    log.warn("webhook delivery abandoned", { deliveryId: id, webhookId: row.webhook_id, settingKey: row.setting_key, reason: target.abandon });
    return { status: "failed", httpStatus: null, error: target.abandon, nextAttemptAt: null };
  }
  const result = await postSigned({ url: target.url, body: row.payload, secret: target.secret, event: row.event, deliveryId: row.id, allowPrivate: target.allowPrivate });
  const attempts = row.attempts + 1;
  const ts = nowIso();
  if (result.ok) {
    await db().updateTable("webhook_deliveries").set({ status: "delivered", attempts, last_status: result.status, last_error: null, delivered_at: ts }).where("id", "=", id).execute();
    if (target.webhookId !== null) await db().updateTable("webhooks").set({ error_count: 0, last_error: null, last_triggered_at: ts }).where("id", "=", target.webhookId).execute();
    return { status: "delivered", httpStatus: result.status, error: null, nextAttemptAt: null };
  }
  const next = new Date(now.getTime() + retryDelayMs(attempts));
  // An internal address is refused, not failing: trying again for a day would change nothing.
  const givesUp = result.refused === true || next.getTime() - Date.parse(row.created_at) > RETRY_WINDOW_MS;
  await db()
    .updateTable("webhook_deliveries")
    .set({ status: givesUp ? "failed" : "pending", attempts, last_status: result.status, last_error: result.error, next_attempt_at: next.toISOString() })
    .where("id", "=", id)
    .execute();
  if (target.webhookId !== null) {
    await db()
      .updateTable("webhooks")
      .set({ error_count: sql`error_count + 1`, last_error: result.error, last_triggered_at: ts })
      .where("id", "=", target.webhookId)
      .execute();
  }
  log.warn("webhook delivery failed", { deliveryId: id, webhookId: row.webhook_id, settingKey: row.setting_key, attempts, status: result.status, error: result.error, givesUp });
  return { status: givesUp ? "failed" : "pending", httpStatus: result.status, error: result.error, nextAttemptAt: givesUp ? null : next.toISOString() };
}

/**
 * Tries one queued delivery at once (right after it was queued, so the
 * admin sees the answer); null when it is not due or the job has it.
 * A failure leaves it to the job's retries like any other delivery.
 */
export async function deliverNow(id: number, now: Date = new Date()): Promise<DeliveryOutcome | null> {
  if (!(await claim(id, now))) return null;
  return deliverOne(id, now);
}

/** Delivers what is due now; returns how many were tried. */
export async function deliverDue(now: Date = new Date()): Promise<number> {
  const ids = await claimDue(now);
  for (const id of ids) {
    try {
      await deliverOne(id, now);
    } catch (error) {
      log.error("webhook delivery crashed", { deliveryId: id, ...errorFields(error) });
    }
  }
  return ids.length;
}

export const webhookDeliveryJob = {
  name: "webhook-delivery",
  cron: "*/10 * * * * *",
  run: async (now: Date) => {
    await deliverDue(now);
  },
};

/** The new-lead reaction: queue novo_lead for every subscribed webhook, then try at once. */
export const novoLeadWebhookHook: LeadHook = {
  name: "webhooks:novo_lead",
  async run(lead) {
    const row = await db()
      .selectFrom("leads")
      .select(["id", "created_at", "name", "email", "phone", "message", "property_id", "property_title", "broker_id", "source"])
      .where("id", "=", lead.id)
      .executeTakeFirst();
    if (!row) return;
    const ids = await enqueueEvent(DEFAULT_EVENT, row);
    if (ids.length) await deliverDue();
  },
};
