import crypto from "node:crypto";
import http from "node:http";
import https from "node:https";
import { sql } from "kysely";
import { db, nowIso } from "~/modules/platform/db.server";
import { decryptSecret } from "~/modules/platform/secrets.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import type { LeadHook } from "~/modules/leads/lead-hooks.server";
import net from "node:net";
import { PrivateAddressError, guardedLookup, isPrivateAddress } from "./address.server";
import { DEFAULT_EVENT, DELIVERY_TIMEOUT_MS, RETRY_WINDOW_MS, SIGNATURE_HEADER, TIMESTAMP_HEADER, retryDelayMs } from "./webhook-rules";

/**
 * Server-side delivery of webhook events (issue 10). An event becomes one
 * row per subscribed webhook (webhook_deliveries); the job claims due rows
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

export type PostResult = { ok: boolean; status: number | null; error: string | null };

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

/** One request through the private-address guard (IP literals checked here, names at lookup); never throws. */
function guardedRequest(input: { url: string; method: "POST" | "HEAD"; headers: Record<string, string>; body: string | null; allowPrivate: boolean; timeoutMs: number }): Promise<PostResult> {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return Promise.resolve({ ok: false, status: null, error: "URL inválida" });
  }
  // An address typed as an IP is connected to without any lookup: check it here.
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!input.allowPrivate && net.isIP(host) && isPrivateAddress(host)) return Promise.resolve({ ok: false, status: null, error: new PrivateAddressError(host).message });
  const client = url.protocol === "https:" ? https : http;
  return new Promise<PostResult>((resolve) => {
    const req = client.request(url, { method: input.method, headers: input.headers, timeout: input.timeoutMs, lookup: guardedLookup(input.allowPrivate) as never }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        if (text.length < 500) text += chunk;
      });
      res.on("end", () => {
        const status = res.statusCode ?? 0;
        const ok = status >= 200 && status < 300;
        resolve({ ok, status, error: ok ? null : `Erro ${status}: ${text.slice(0, 200)}`.trim() });
      });
    });
    req.on("timeout", () => req.destroy(new Error(`sem resposta em ${input.timeoutMs / 1000} s`)));
    req.on("error", (error) => {
      resolve({ ok: false, status: null, error: error instanceof PrivateAddressError ? error.message : `Não foi possível conectar ao endpoint: ${error.message}` });
    });
    req.end(input.body ?? undefined);
  });
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

/** Claims the due deliveries (pending, or leased and abandoned) in one statement each. */
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
  const lease = new Date(now.getTime() + LEASE_MS).toISOString();
  for (const { id } of due) {
    const r = await db()
      .updateTable("webhook_deliveries")
      .set({ status: "sending", next_attempt_at: lease })
      .where("id", "=", id)
      .where((eb) => eb.and([eb("status", "in", ["pending", "sending"]), eb("next_attempt_at", "<=", at)]))
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) claimed.push(id);
  }
  return claimed;
}

async function deliverOne(id: number, now: Date): Promise<void> {
  const row = await db()
    .selectFrom("webhook_deliveries")
    .innerJoin("webhooks", "webhooks.id", "webhook_deliveries.webhook_id")
    .select(["webhook_deliveries.id", "webhook_deliveries.event", "webhook_deliveries.payload", "webhook_deliveries.attempts", "webhook_deliveries.created_at", "webhooks.id as webhookId", "webhooks.url", "webhooks.secret", "webhooks.allow_private", "webhooks.is_active"])
    .where("webhook_deliveries.id", "=", id)
    .executeTakeFirst();
  if (!row) return;
  const result = await postSigned({ url: row.url, body: row.payload, secret: decryptSecret(row.secret, "webhook"), event: row.event, deliveryId: row.id, allowPrivate: row.allow_private === 1 });
  const attempts = row.attempts + 1;
  const ts = nowIso();
  if (result.ok) {
    await db().updateTable("webhook_deliveries").set({ status: "delivered", attempts, last_status: result.status, last_error: null, delivered_at: ts }).where("id", "=", id).execute();
    await db().updateTable("webhooks").set({ error_count: 0, last_error: null, last_triggered_at: ts }).where("id", "=", row.webhookId).execute();
    return;
  }
  const next = new Date(now.getTime() + retryDelayMs(attempts));
  const givesUp = next.getTime() - Date.parse(row.created_at) > RETRY_WINDOW_MS;
  await db()
    .updateTable("webhook_deliveries")
    .set({ status: givesUp ? "failed" : "pending", attempts, last_status: result.status, last_error: result.error, next_attempt_at: next.toISOString() })
    .where("id", "=", id)
    .execute();
  await db()
    .updateTable("webhooks")
    .set({ error_count: sql`error_count + 1`, last_error: result.error, last_triggered_at: ts })
    .where("id", "=", row.webhookId)
    .execute();
  log.warn("webhook delivery failed", { deliveryId: id, webhookId: row.webhookId, attempts, status: result.status, error: result.error, givesUp });
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
