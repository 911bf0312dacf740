import { assertCan } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { db, nowIso } from "~/modules/platform/db.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { deliverNow, enqueueSettingEvent, postSigned } from "~/modules/webhooks/delivery.server";
import { webhookUrlProblem } from "~/modules/webhooks/webhook-rules";
import { internalAddressOf } from "~/modules/webhooks/address.server";
import { ROULETTE_MESSAGES, ROULETTE_WEBHOOK_EVENTS, ROULETTE_WEBHOOK_KEY, type RouletteWebhookEvent } from "./roulette-rules";
import { RouletteError, type DrawResult, type WebhookNotice } from "./roulette-types";

export async function rouletteWebhook(): Promise<{ url: string; enabled: boolean }> {
  const row = await db().selectFrom("webhook_settings").select(["webhook_url", "enabled"]).where("setting_key", "=", ROULETTE_WEBHOOK_KEY).executeTakeFirst();
  return { url: row?.webhook_url ?? "", enabled: row?.enabled === 1 };
}

export async function saveRouletteWebhook(user: SessionUser, input: { url: string; enabled: boolean }): Promise<void> {
  assertCan(user, "update", "roulette");
  const url = input.url.trim();
  if (input.enabled && (!/^https?:\/\//i.test(url) || webhookUrlProblem(url))) throw new RouletteError(ROULETTE_MESSAGES.webhookUrlInvalid);
  if (url && webhookUrlProblem(url)) throw new RouletteError(ROULETTE_MESSAGES.webhookUrlInvalid);
  // The roulette webhook never goes to an internal address (address.server.ts): refused here, not only when sending.
  if (url && (await internalAddressOf(url, false))) throw new RouletteError(ROULETTE_MESSAGES.webhookInternal);
  await db()
    .insertInto("webhook_settings")
    .values({ setting_key: ROULETTE_WEBHOOK_KEY, webhook_url: url || null, enabled: input.enabled ? 1 : 0, updated_at: nowIso() })
    .onConflict((oc) => oc.column("setting_key").doUpdateSet({ webhook_url: url || null, enabled: input.enabled ? 1 : 0, updated_at: nowIso() }))
    .execute();
}

function noticeBody(event: RouletteWebhookEvent, results: DrawResult[], now: Date, executionType: "manual" | "automatic"): string {
  return JSON.stringify({
    timestamp: now.toISOString(),
    event,
    total_participants: results.length,
    message: results.length ? ROULETTE_MESSAGES.drawDone(results.length) : "Teste do webhook da roleta",
    execution_type: executionType,
    classification: results,
  });
}

/**
 * 'Testar' (spec 03 §5: a test needs a URL): posts a test notice, directly
 * and unqueued, to the URL typed in the form (not the saved one), through
 * the same address-checked sender as every webhook; only reports.
 */
export async function testRouletteWebhook(user: SessionUser, url: string, now: Date = new Date()): Promise<WebhookNotice> {
  assertCan(user, "update", "roulette");
  const target = url.trim();
  if (!/^https?:\/\//i.test(target) || webhookUrlProblem(target)) throw new RouletteError(ROULETTE_MESSAGES.webhookUrlInvalid);
  const event = ROULETTE_WEBHOOK_EVENTS.test;
  const r = await postSigned({ url: target, body: noticeBody(event, [], now, "manual"), secret: null, event, allowPrivate: false });
  if (!r.ok) log.warn("roulette webhook test failed", { event, status: r.status, error: r.error });
  return { ok: r.ok, message: r.ok ? ROULETTE_MESSAGES.webhookSent : ROULETTE_MESSAGES.webhookError(r.status ?? r.error ?? "") };
}

/**
 * The roulette webhook (spec 03 §7.3) after a draw, through the same
 * address-checked sender as the lead webhooks: the notice is queued
 * (webhook_deliveries naming the setting) and tried at once, so the admin
 * gets the answer now and a failure is retried by the delivery job like any
 * webhook. `force`: sent even while the webhook tab's switch is off (the
 * automatic tab's own switch said so).
 */
export async function notifyRouletteWebhook(event: Exclude<RouletteWebhookEvent, "roleta_webhook_test">, results: DrawResult[], now: Date, executionType: "manual" | "automatic", force = false): Promise<WebhookNotice | null> {
  const hook = await rouletteWebhook();
  if (!hook.url || (!hook.enabled && !force)) return null;
  let outcome: Awaited<ReturnType<typeof deliverNow>>;
  try {
    outcome = await deliverNow(await enqueueSettingEvent(ROULETTE_WEBHOOK_KEY, event, noticeBody(event, results, now, executionType), now), now);
  } catch (error) {
    // the draw is saved whatever happens here
    log.error("roulette webhook enqueue failed", { event, ...errorFields(error) });
    return { ok: false, message: ROULETTE_MESSAGES.webhookError("falha ao registrar o envio") };
  }
  if (!outcome) return { ok: true, message: ROULETTE_MESSAGES.webhookQueued };
  if (outcome.status === "delivered") return { ok: true, message: ROULETTE_MESSAGES.webhookSent };
  const detail = outcome.httpStatus ?? outcome.error ?? "";
  return { ok: false, message: outcome.status === "pending" ? ROULETTE_MESSAGES.webhookWillRetry(detail) : ROULETTE_MESSAGES.webhookError(detail) };
}

/** The roulette webhook's latest deliveries (date, event, status, attempts, last error), newest first. */
export async function rouletteWebhookDeliveries(limit = 10) {
  return db()
    .selectFrom("webhook_deliveries")
    .select(["id", "event", "status", "attempts", "last_status", "last_error", "created_at", "delivered_at", "next_attempt_at"])
    .where("setting_key", "=", ROULETTE_WEBHOOK_KEY)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
