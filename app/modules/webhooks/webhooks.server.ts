import crypto from "node:crypto";
import { assertCan } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { db, nowIso } from "~/modules/platform/db.server";
import { decryptSecret, encryptSecret } from "~/modules/platform/secrets.server";
import { sql } from "kysely";
import { internalAddressOf } from "./address.server";
import { eventsOf, postSigned, probeWebhookUrl } from "./delivery.server";
import { DEFAULT_EVENT, TEST_EVENT, WEBHOOK_MESSAGES, webhookUrlProblem } from "./webhook-rules";

/** The admin's webhooks (spec 03 §2.8): list, add, edit, switch on/off, test, remove, export. */
export class WebhookError extends Error {}
/** The new address did not answer the HEAD probe: the admin is asked to confirm (spec 03 §5). */
export class WebhookProbeError extends Error {}

const SECRET_PURPOSE = "webhook";

function newSecret(): string {
  return crypto.randomBytes(24).toString("base64url");
}

export async function listWebhooks(user: SessionUser) {
  assertCan(user, "read", "webhook");
  const rows = await db()
    .selectFrom("webhooks")
    .select(["id", "url", "events", "is_active", "allow_private", "error_count", "last_error", "last_triggered_at", "created_at", "updated_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((r) => ({ ...r, events: eventsOf(r.events) }));
}

/** One webhook with its signing secret and its latest deliveries (the details view). */
export async function webhookDetails(user: SessionUser, id: number) {
  assertCan(user, "read", "webhook");
  const row = await db().selectFrom("webhooks").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const deliveries = await db()
    .selectFrom("webhook_deliveries")
    .select(["id", "event", "status", "attempts", "last_status", "last_error", "created_at", "delivered_at", "next_attempt_at"])
    .where("webhook_id", "=", id)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(20)
    .execute();
  return { id: row.id, url: row.url, events: eventsOf(row.events), isActive: row.is_active === 1, allowPrivate: row.allow_private === 1, secret: decryptSecret(row.secret, SECRET_PURPOSE), deliveries };
}

/** The URL rule, then the address rule (address.server.ts): an internal address is refused at save, unless allowed. */
async function checkUrl(url: string, allowPrivate: boolean): Promise<string> {
  const problem = webhookUrlProblem(url);
  if (problem) throw new WebhookError(problem);
  if (await internalAddressOf(url.trim(), allowPrivate)) throw new WebhookError(WEBHOOK_MESSAGES.privateRefused);
  return url.trim();
}


type WebhookInput = { url: string; allowPrivate: boolean; events?: readonly string[] };

function eventsJson(events: readonly string[] | undefined): string {
  return JSON.stringify(events?.length ? [...new Set(events)] : [DEFAULT_EVENT]);
}

export async function addWebhook(user: SessionUser, input: WebhookInput): Promise<number> {
  assertCan(user, "create", "webhook");
  const url = await checkUrl(input.url, input.allowPrivate);
  const ts = nowIso();
  const row = await db()
    .insertInto("webhooks")
    .values({ url, events: eventsJson(input.events), is_active: 1, allow_private: input.allowPrivate ? 1 : 0, secret: encryptSecret(newSecret(), SECRET_PURPOSE), created_at: ts, updated_at: ts })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Saves an edit (URL, events, the private-network allowance). A changed
 * address is first probed with HEAD; when nothing answers there,
 * WebhookProbeError asks for a confirmation, and the same edit with
 * `confirmed` saves it anyway.
 */
export async function updateWebhook(user: SessionUser, id: number, input: WebhookInput & { confirmed?: boolean }): Promise<boolean> {
  assertCan(user, "update", "webhook");
  const url = await checkUrl(input.url, input.allowPrivate);
  const current = await db().selectFrom("webhooks").select(["url", "allow_private", "events"]).where("id", "=", id).executeTakeFirst();
  if (!current) return false;
  if (!input.confirmed && (current.url !== url || current.allow_private !== (input.allowPrivate ? 1 : 0))) {
    const probe = await probeWebhookUrl(url, input.allowPrivate);
    if (!probe.ok) throw new WebhookProbeError(WEBHOOK_MESSAGES.probeFailed(probe.detail ?? "sem resposta"));
  }
  const events = input.events ? eventsJson(input.events) : current.events;
  const r = await db().updateTable("webhooks").set({ url, events, allow_private: input.allowPrivate ? 1 : 0, updated_at: nowIso() }).where("id", "=", id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function setWebhookActive(user: SessionUser, id: number, active: boolean): Promise<boolean> {
  assertCan(user, "update", "webhook");
  const r = await db().updateTable("webhooks").set({ is_active: active ? 1 : 0, updated_at: nowIso() }).where("id", "=", id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A new secret: receivers must be updated, so this is its own action. */
export async function rotateWebhookSecret(user: SessionUser, id: number): Promise<boolean> {
  assertCan(user, "update", "webhook");
  const r = await db().updateTable("webhooks").set({ secret: encryptSecret(newSecret(), SECRET_PURPOSE), updated_at: nowIso() }).where("id", "=", id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteWebhook(user: SessionUser, id: number): Promise<boolean> {
  assertCan(user, "delete", "webhook");
  const r = await db().deleteFrom("webhooks").where("id", "=", id).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

/**
 * Sends the test event now (spec 03 §7.3: event test_webhook, a sample
 * lead). Success resets error_count and last_error; failure counts and
 * stores the message (spec 03 §4).
 */
export async function testWebhook(user: SessionUser, id: number): Promise<{ ok: boolean; message: string }> {
  assertCan(user, "update", "webhook");
  const row = await db().selectFrom("webhooks").select(["url", "secret", "allow_private"]).where("id", "=", id).executeTakeFirst();
  if (!row) throw new WebhookError(WEBHOOK_MESSAGES.testUrlInvalid);
  if (webhookUrlProblem(row.url)) throw new WebhookError(WEBHOOK_MESSAGES.testUrlInvalid);
  const now = new Date();
  const body = JSON.stringify({
    event: TEST_EVENT,
    timestamp: now.toISOString(),
    data: { id: 0, created_at: now.toISOString(), name: "Lead de teste", email: "teste@exemplo.com.br", phone: "(11) 99999-0000", message: "Mensagem de teste do webhook.", property_id: null },
  });
  const result = await postSigned({ url: row.url, body, secret: decryptSecret(row.secret, SECRET_PURPOSE), event: TEST_EVENT, allowPrivate: row.allow_private === 1, extraHeaders: { "X-Webhook-Test": "true" } });
  const ts = nowIso();
  if (result.ok) {
    await db().updateTable("webhooks").set({ error_count: 0, last_error: null, last_triggered_at: ts }).where("id", "=", id).execute();
    return { ok: true, message: WEBHOOK_MESSAGES.testOk };
  }
  await db().updateTable("webhooks").set({ error_count: sql`error_count + 1`, last_error: result.error, last_triggered_at: ts }).where("id", "=", id).execute();
  return { ok: false, message: result.error ?? WEBHOOK_MESSAGES.updateFailed };
}

/** The JSON export of spec 03 §9: url, events, is_active, exportedAt, total (no secrets). */
export async function exportWebhooks(user: SessionUser, now: Date = new Date()) {
  const rows = await listWebhooks(user);
  return { webhooks: rows.map((r) => ({ url: r.url, events: r.events, is_active: r.is_active === 1 })), exportedAt: now.toISOString(), total: rows.length };
}
