import { assertCan } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { db, nowIso } from "~/modules/platform/db.server";
import { formatHourMinute, parseHourMinute } from "~/utils/clock";
import { AUTOMATIC_DEFAULTS, DEFAULT_PRESENCE, ROULETTE_MESSAGES } from "./roulette-rules";
import { RouletteError, type RouletteSettings } from "./roulette-types";

/** The roulette's settings (spec 03 §3 automatic_roulette_settings): one row, the oldest. */

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
