import { assertCan } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { db, nowIso } from "~/modules/platform/db.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { agencyTime, nextDailyAt, parseHourMinute } from "~/utils/clock";
import { ROULETTE_WEBHOOK_EVENTS } from "./roulette-rules";
import { RouletteError, type DrawOutcome, type DrawResult, type RouletteSettings } from "./roulette-types";
import { runDraw } from "./draw.server";
import { rouletteSettings } from "./settings.server";
import { notifyRouletteWebhook } from "./webhook.server";

/** The automatic roulette (spec 03 §2.7, §4): once a day at its time, from the jobs registry. */

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
