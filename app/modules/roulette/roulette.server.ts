import crypto from "node:crypto";
import { assertCan } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { db, nowIso } from "~/modules/platform/db.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { deliverNow, enqueueSettingEvent, postSigned } from "~/modules/webhooks/delivery.server";
import { webhookUrlProblem } from "~/modules/webhooks/webhook-rules";
import { internalAddressOf } from "~/modules/webhooks/address.server";
import { AUTOMATIC_DEFAULTS, DEFAULT_PRESENCE, PRIZE_CYCLE, ROULETTE_MESSAGES, ROULETTE_WEBHOOK_EVENTS, ROULETTE_WEBHOOK_KEY, presenceWindow, type RouletteWebhookEvent } from "./roulette-rules";
import { agencyTime, formatHourMinute, nextDailyAt, parseHourMinute } from "~/utils/clock";

/**
 * The lead roulette (spec 03 §2.7, §4): brokers mark presence once per
 * 24 h inside the window; a draw (manual, or automatic once a day from the
 * jobs registry) orders them, saves the results and clears the presences;
 * the roulette webhook is told. Everything on the server's clock, in the
 * agency's time zone.
 */
export class RouletteError extends Error {}

const DAY_MS = 24 * 3600_000;

export type RouletteSettings = { id: number | null; enabled: boolean; time: string; webhookEnabled: boolean; presenceStart: string; presenceEnd: string; lastExecution: string | null };

/** The single settings row (the oldest, spec 03 §3), or the defaults. */
export async function rouletteSettings(): Promise<RouletteSettings> {
  const row = await db().selectFrom("automatic_roulette_settings").selectAll().orderBy("id").limit(1).executeTakeFirst();
  if (!row) return { id: null, enabled: false, time: AUTOMATIC_DEFAULTS.time, webhookEnabled: false, presenceStart: DEFAULT_PRESENCE.start, presenceEnd: DEFAULT_PRESENCE.end, lastExecution: null };
  return {
    id: row.id,
    enabled: row.enabled === 1,
    time: formatHourMinute(parseHourMinute(row.scheduled_time) ?? parseHourMinute(AUTOMATIC_DEFAULTS.time)!),
    webhookEnabled: row.webhook_enabled === 1,
    presenceStart: formatHourMinute(parseHourMinute(row.presence_start_time) ?? parseHourMinute(DEFAULT_PRESENCE.start)!),
    presenceEnd: formatHourMinute(parseHourMinute(row.presence_end_time) ?? parseHourMinute(DEFAULT_PRESENCE.end)!),
    lastExecution: row.last_execution,
  };
}

export async function saveRouletteSettings(user: SessionUser, input: { enabled: boolean; time: string; webhookEnabled: boolean; presenceStart: string; presenceEnd: string }): Promise<void> {
  assertCan(user, "update", "roulette");
  const time = parseHourMinute(input.time);
  const start = parseHourMinute(input.presenceStart);
  const end = parseHourMinute(input.presenceEnd);
  if (time === null || start === null || end === null || start > end) throw new RouletteError(ROULETTE_MESSAGES.invalidTimes);
  const current = await rouletteSettings();
  const values = { enabled: input.enabled ? 1 : 0, scheduled_time: `${formatHourMinute(time)}:00`, webhook_enabled: input.webhookEnabled ? 1 : 0, presence_start_time: `${formatHourMinute(start)}:00`, presence_end_time: `${formatHourMinute(end)}:00`, updated_at: nowIso() };
  if (current.id) await db().updateTable("automatic_roulette_settings").set(values).where("id", "=", current.id).execute();
  else await db().insertInto("automatic_roulette_settings").values({ ...values, created_at: nowIso() }).execute();
}

/** Presences of the last 24 hours, oldest first. */
export async function currentParticipants(now: Date = new Date()) {
  return db()
    .selectFrom("roleta_registrations")
    .innerJoin("brokers", "brokers.id", "roleta_registrations.broker_id")
    .select(["roleta_registrations.id", "roleta_registrations.broker_id", "brokers.name as broker_name", "roleta_registrations.registered_at", "brokers.is_active"])
    .where("roleta_registrations.registered_at", ">", new Date(now.getTime() - DAY_MS).toISOString())
    .orderBy("roleta_registrations.registered_at")
    .execute();
}

/** 'Marcar Presença': inside the window, once per 24 h. */
export async function registerPresence(user: SessionUser, now: Date = new Date()): Promise<void> {
  assertCan(user, "create", "roulette");
  if (!user.broker) throw new RouletteError(ROULETTE_MESSAGES.noBroker);
  const settings = await rouletteSettings();
  if (!presenceWindow(now, settings.presenceStart, settings.presenceEnd).open) throw new RouletteError(ROULETTE_MESSAGES.windowClosed(settings.presenceStart, settings.presenceEnd));
  const brokerId = user.broker.id;
  await db()
    .transaction()
    .execute(async (trx) => {
      const last = await trx
        .selectFrom("roleta_registrations")
        .select("registered_at")
        .where("broker_id", "=", brokerId)
        .where("registered_at", ">", new Date(now.getTime() - DAY_MS).toISOString())
        .orderBy("registered_at", "desc")
        .executeTakeFirst();
      if (last) throw new RouletteError(agencyTime(new Date(last.registered_at)).date === agencyTime(now).date ? ROULETTE_MESSAGES.alreadyToday : ROULETTE_MESSAGES.already24h);
      await trx.insertInto("roleta_registrations").values({ broker_id: brokerId, broker_name: user.broker!.name, broker_email: user.email, registered_at: now.toISOString() }).execute();
    });
}

export async function hasPresence(brokerId: string, now: Date = new Date()): Promise<boolean> {
  return (await db().selectFrom("roleta_registrations").select("id").where("broker_id", "=", brokerId).where("registered_at", ">", new Date(now.getTime() - DAY_MS).toISOString()).executeTakeFirst()) !== undefined;
}

export async function removeParticipant(user: SessionUser, registrationId: number): Promise<boolean> {
  assertCan(user, "delete", "roulette");
  const r = await db().deleteFrom("roleta_registrations").where("id", "=", registrationId).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

export async function listResults(limit = 100) {
  return db().selectFrom("roleta_results").selectAll().orderBy("draw_date", "desc").orderBy("position").limit(limit).execute();
}

export async function deleteResult(user: SessionUser, id: number): Promise<boolean> {
  assertCan(user, "delete", "roulette");
  const r = await db().deleteFrom("roleta_results").where("id", "=", id).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

/** Fisher–Yates with crypto randomness: every order equally likely. */
function shuffle<T>(items: T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i -= 1) {
    const j = crypto.randomInt(i + 1);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

export type DrawResult = { position: number; broker_id: string; broker_name: string; prize: string; draw_date: string };

/**
 * Draws the present, active brokers in a random order; the results are
 * saved and the presences cleared in one transaction (so a failure loses
 * nothing). Manual draws name the position; automatic ones cycle the prizes.
 */
export async function runDraw(type: "manual" | "automatic", now: Date = new Date()): Promise<DrawResult[]> {
  const registered = await currentParticipants(now);
  const present = registered.filter((p) => p.is_active === 1);
  const unique = [...new Map(present.map((p) => [p.broker_id, p])).values()];
  if (!unique.length) throw new RouletteError(ROULETTE_MESSAGES.noParticipants);
  const drawDate = now.toISOString();
  const results: DrawResult[] = shuffle(unique).map((p, i) => ({ position: i + 1, broker_id: p.broker_id, broker_name: p.broker_name, prize: type === "manual" ? `${i + 1}º lugar` : PRIZE_CYCLE[i % PRIZE_CYCLE.length], draw_date: drawDate }));
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto("roleta_results").values(results.map((r) => ({ ...r, execution_type: type }))).execute();
      // every presence is cleared (spec 03 §4), an inactive broker's too
      await trx.deleteFrom("roleta_registrations").where("id", "in", registered.map((p) => p.id)).execute();
    });
  return results;
}

/** A draw the admin asked for, with what the roulette webhook answered (null when it is off). */
export type DrawOutcome = { results: DrawResult[]; webhook: WebhookNotice | null };

export async function manualDraw(user: SessionUser, now: Date = new Date()): Promise<DrawOutcome> {
  assertCan(user, "create", "roulette");
  const results = await runDraw("manual", now);
  const webhook = await notifyRouletteWebhook(ROULETTE_WEBHOOK_EVENTS.draw, results, now, "manual");
  return { results, webhook };
}

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

export type WebhookNotice = { ok: boolean; message: string };

/**
 * The roulette webhook (spec 03 §7.3), through the same address-checked
 * sender as the lead webhooks. A draw's notice is queued (webhook_deliveries
 * naming the setting) and tried at once: the admin gets the answer now, and
 * a failure is retried by the delivery job like any webhook. The 'Testar'
 * button posts directly, unqueued, and only reports.
 */
export async function notifyRouletteWebhook(event: RouletteWebhookEvent, results: DrawResult[], now: Date, executionType: "manual" | "automatic", force = false): Promise<WebhookNotice | null> {
  const hook = await rouletteWebhook();
  if (!hook.url || (!hook.enabled && !force)) return null;
  const body = JSON.stringify({
    timestamp: now.toISOString(),
    event,
    total_participants: results.length,
    message: results.length ? ROULETTE_MESSAGES.drawDone(results.length) : "Teste do webhook da roleta",
    execution_type: executionType,
    classification: results,
  });
  if (event === ROULETTE_WEBHOOK_EVENTS.test) {
    const r = await postSigned({ url: hook.url, body, secret: null, event, allowPrivate: false });
    if (!r.ok) log.warn("roulette webhook test failed", { event, status: r.status, error: r.error });
    return { ok: r.ok, message: r.ok ? ROULETTE_MESSAGES.webhookSent : ROULETTE_MESSAGES.webhookError(r.status ?? r.error ?? "") };
  }
  let outcome: Awaited<ReturnType<typeof deliverNow>>;
  try {
    outcome = await deliverNow(await enqueueSettingEvent(ROULETTE_WEBHOOK_KEY, event, body, now), now);
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

/** Today's scheduled instant has passed and the draw has not run since it. */
function automaticDue(settings: RouletteSettings, now: Date): boolean {
  if (!settings.enabled) return false;
  const clock = agencyTime(now);
  const at = parseHourMinute(settings.time)!;
  if (clock.minutes < at) return false;
  return !settings.lastExecution || agencyTime(new Date(settings.lastExecution)).date !== clock.date;
}

/**
 * The automatic draw, once a day at its time, even across restarts: the
 * run is claimed by a conditional update of last_execution, so two
 * processes (or a restart after the time) cannot both draw.
 */
export async function runAutomaticIfDue(now: Date = new Date()): Promise<DrawResult[] | null> {
  const settings = await rouletteSettings();
  if (!settings.id || !automaticDue(settings, now)) return null;
  const claim = await db()
    .updateTable("automatic_roulette_settings")
    .set({ last_execution: now.toISOString(), updated_at: nowIso() })
    .where("id", "=", settings.id)
    .where((eb) => (settings.lastExecution ? eb("last_execution", "=", settings.lastExecution) : eb("last_execution", "is", null)))
    .executeTakeFirst();
  if (Number(claim.numUpdatedRows) !== 1) return null;
  try {
    const results = await runDraw("automatic", now);
    if (settings.webhookEnabled) await notifyRouletteWebhook(ROULETTE_WEBHOOK_EVENTS.automatic, results, now, "automatic", true);
    return results;
  } catch (error) {
    if (error instanceof RouletteError) {
      log.info("automatic roulette: nobody present", { date: agencyTime(now).date });
      return [];
    }
    log.error("automatic roulette failed", errorFields(error));
    throw error;
  }
}

/** 'Executar Agora (Teste)': a draw now, recorded as the day's execution. */
export async function runAutomaticNow(user: SessionUser, now: Date = new Date()): Promise<DrawOutcome> {
  assertCan(user, "create", "roulette");
  const settings = await rouletteSettings();
  const results = await runDraw("automatic", now);
  if (settings.id) await db().updateTable("automatic_roulette_settings").set({ last_execution: now.toISOString(), updated_at: nowIso() }).where("id", "=", settings.id).where("enabled", "=", 1).execute();
  const webhook = settings.webhookEnabled ? await notifyRouletteWebhook(ROULETTE_WEBHOOK_EVENTS.automatic, results, now, "automatic", true) : null;
  return { results, webhook };
}

/** When the automatic draw runs next (an instant), or null when disabled. */
export function nextAutomaticRun(settings: RouletteSettings, now: Date = new Date()): string | null {
  if (!settings.enabled) return null;
  const clock = agencyTime(now);
  const at = parseHourMinute(settings.time)!;
  const ranToday = settings.lastExecution !== null && agencyTime(new Date(settings.lastExecution)).date === clock.date;
  const next = nextDailyAt(now, at);
  // already drawn today: the next run is tomorrow's, even while today's time is still ahead
  return (ranToday && agencyTime(next).date === clock.date ? nextDailyAt(next, at) : next).toISOString();
}

export const automaticRouletteJob = {
  name: "automatic-roulette",
  cron: "0 * * * * *",
  run: async (now: Date) => {
    await runAutomaticIfDue(now);
  },
};
