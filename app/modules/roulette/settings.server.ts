import { assertCan } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { db, nowIso } from "~/modules/platform/db.server";
import { agencyTime, formatHourMinute, nextDailyAt, parseHourMinute } from "~/utils/clock";
import { AUTOMATIC_DEFAULTS, ROULETTE_MESSAGES } from "./roulette-rules";
import { RouletteError, type RouletteSettings } from "./roulette-types";

/** The roulette's settings (spec 03 §3 automatic_roulette_settings): one row, the oldest. */

/** The single settings row (the oldest, spec 03 §3), or the automatic tab's defaults (id null). */
export async function rouletteSettings(): Promise<RouletteSettings> {
  const row = await db().selectFrom("automatic_roulette_settings").selectAll().orderBy("id").limit(1).executeTakeFirst();
  const hhmm = (value: string | null | undefined, fallback: string) => formatHourMinute(parseHourMinute(value) ?? parseHourMinute(fallback)!);
  if (!row) return { id: null, enabled: false, time: AUTOMATIC_DEFAULTS.time, webhookEnabled: false, presenceStart: AUTOMATIC_DEFAULTS.start, presenceEnd: AUTOMATIC_DEFAULTS.end, lastExecution: null, nextRunAt: null };
  return {
    id: row.id,
    enabled: row.enabled === 1,
    time: hhmm(row.scheduled_time, AUTOMATIC_DEFAULTS.time),
    webhookEnabled: row.webhook_enabled === 1,
    presenceStart: hhmm(row.presence_start_time, AUTOMATIC_DEFAULTS.start),
    presenceEnd: hhmm(row.presence_end_time, AUTOMATIC_DEFAULTS.end),
    lastExecution: row.last_execution,
    nextRunAt: row.enabled === 1 ? row.next_run_at : null,
  };
}

/**
 * The automatic draw's next run after `now`: today's time when still ahead,
 * else tomorrow's; tomorrow's too when it already ran today (a test run
 * counts as the day's execution).
 */
export function plannedRun(time: string, lastExecution: string | null, now: Date): Date {
  const at = parseHourMinute(time)!;
  const next = nextDailyAt(now, at);
  const today = agencyTime(now).date;
  const ranToday = lastExecution !== null && agencyTime(lastExecution).date === today;
  return ranToday && agencyTime(next).date === today ? nextDailyAt(next, at) : next;
}

export type RouletteSettingsInput = { enabled: boolean; time: string; webhookEnabled: boolean; presenceStart: string; presenceEnd: string };

/**
 * 'Salvar Configurações': updates the single row or inserts one (spec 03
 * §4). Saving never draws: the next run is planned here (never in the past)
 * and is the one the page shows.
 */
export async function saveRouletteSettings(user: SessionUser, input: RouletteSettingsInput, now: Date = new Date()): Promise<void> {
  assertCan(user, "update", "roulette");
  const time = parseHourMinute(input.time);
  const start = parseHourMinute(input.presenceStart);
  const end = parseHourMinute(input.presenceEnd);
  if (time === null || start === null || end === null || start > end) throw new RouletteError(ROULETTE_MESSAGES.invalidTimes);
  const current = await rouletteSettings();
  const scheduled = formatHourMinute(time);
  const values = {
    enabled: input.enabled ? 1 : 0,
    scheduled_time: `${scheduled}:00`,
    webhook_enabled: input.webhookEnabled ? 1 : 0,
    presence_start_time: `${formatHourMinute(start)}:00`,
    presence_end_time: `${formatHourMinute(end)}:00`,
    next_run_at: input.enabled ? plannedRun(scheduled, current.lastExecution, now).toISOString() : null,
    updated_at: nowIso(),
  };
  if (current.id) {
    const r = await db().updateTable("automatic_roulette_settings").set(values).where("id", "=", current.id).executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw new RouletteError(ROULETTE_MESSAGES.noRowUpdated);
  } else await db().insertInto("automatic_roulette_settings").values({ ...values, created_at: nowIso() }).execute();
}
