import { assertCan } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { db, nowIso, type DbOrTx } from "~/modules/platform/db.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { agencyInstant, agencyTime, parseHourMinute } from "~/utils/clock";
import { ROULETTE_WEBHOOK_EVENTS } from "./roulette-rules";
import { RouletteError, type DrawOutcome, type DrawResult, type RouletteSettings } from "./roulette-types";
import { drawAndSave, runDraw } from "./draw.server";
import { plannedRun, rouletteSettings } from "./settings.server";
import { notifyRouletteWebhook } from "./webhook.server";

/**
 * The automatic roulette (spec 03 §2.7, §4): once a day at its time, from
 * the jobs registry. The run is the instant in next_run_at, planned when the
 * settings are saved and moved on by each run: a save never draws, and the
 * draw happens when the page says. A run missed while the server was down
 * is made up the same day, never on a later one.
 */

/**
 * Runs the automatic draw when its planned instant has come, once even
 * across restarts and processes: the run is claimed by a conditional update
 * of next_run_at (and last_execution) before drawing.
 */
export async function runAutomaticIfDue(now: Date = new Date()): Promise<DrawResult[] | null> {
  const settings = await rouletteSettings();
  if (!settings.id || !settings.enabled) return null;
  if (!settings.nextRunAt) {
    // a row saved before runs were planned: plan it now, never draw on the spot
    await db().updateTable("automatic_roulette_settings").set({ next_run_at: plannedRun(settings.time, settings.lastExecution, now).toISOString() }).where("id", "=", settings.id).where("next_run_at", "is", null).execute();
    return null;
  }
  if (now.getTime() < Date.parse(settings.nextRunAt)) return null;
  // the planned run has come (or was missed while the server was down): draw when today's time has come, else wait for it
  const todays = agencyInstant(agencyTime(now), parseHourMinute(settings.time)!);
  const draw = todays.getTime() <= now.getTime();
  const next = draw ? plannedRun(settings.time, now.toISOString(), now) : todays;
  // the run is claimed by a conditional update of next_run_at: inside the draw's own transaction when it draws
  // (claim and draw saved together, once across processes and restarts), alone when it only waits for today's time
  const claimRun = async (conn: DbOrTx) => {
    const claim = await conn
      .updateTable("automatic_roulette_settings")
      .set(draw ? { next_run_at: next.toISOString(), last_execution: now.toISOString(), updated_at: nowIso() } : { next_run_at: next.toISOString(), updated_at: nowIso() })
      .where("id", "=", settings.id!)
      .where("next_run_at", "=", settings.nextRunAt!)
      .executeTakeFirst();
    return Number(claim.numUpdatedRows) === 1;
  };
  if (!draw) {
    await claimRun(db());
    return null;
  }
  try {
    const results = await drawAndSave("automatic", now, claimRun);
    if (!results) return null;
    if (settings.webhookEnabled) await notifyRouletteWebhook(ROULETTE_WEBHOOK_EVENTS.automatic, results, now, "automatic", true);
    return results;
  } catch (error) {
    if (error instanceof RouletteError) {
      // nobody present: the run is claimed alone (nothing to draw until the next one)
      if (!(await claimRun(db()))) return null;
      log.info("automatic roulette: nobody present", { date: agencyTime(now).date });
      return [];
    }
    log.error("automatic roulette failed", errorFields(error));
    throw error;
  }
}

/** 'Executar Agora (Teste)': a draw now, recorded as the day's execution (spec 03 §4: update only where enabled). */
export async function runAutomaticNow(user: SessionUser, now: Date = new Date()): Promise<DrawOutcome> {
  assertCan(user, "create", "roulette");
  const settings = await rouletteSettings();
  const results = await runDraw("automatic", now);
  if (settings.id) {
    await db()
      .updateTable("automatic_roulette_settings")
      .set({ last_execution: now.toISOString(), next_run_at: plannedRun(settings.time, now.toISOString(), now).toISOString(), updated_at: nowIso() })
      .where("id", "=", settings.id)
      .where("enabled", "=", 1)
      .execute();
  }
  const webhook = settings.webhookEnabled ? await notifyRouletteWebhook(ROULETTE_WEBHOOK_EVENTS.automatic, results, now, "automatic", true) : null;
  return { results, webhook };
}

/** When the automatic draw runs next (an instant), or null when disabled: the planned run, the one the job draws at. */
export function nextAutomaticRun(settings: RouletteSettings, now: Date = new Date()): string | null {
  if (!settings.enabled) return null;
  return settings.nextRunAt ?? plannedRun(settings.time, settings.lastExecution, now).toISOString();
}

export const automaticRouletteJob = {
  name: "automatic-roulette",
  cron: "0 * * * * *",
  run: async (now: Date) => {
    await runAutomaticIfDue(now);
  },
};
