import type { CampaignJobStatus } from "#db/schema";
import { db, type DbOrTx } from "~/modules/platform/db.server";
import { agencyDayStart } from "~/utils/clock";
import { CAMPAIGN_MESSAGES } from "./campaign-rules";
import { scheduleSendTimes, type Timing } from "./timing";

/**
 * The pace of one WhatsApp number (issue 25): a daily cap with a warm-up
 * ramp counted from the number's first connection, and a least gap between
 * two sends kept in whatsapp_connections.next_send_at. Whenever messages
 * must move (a cap reached, an outage, a resume), the campaign's remaining
 * messages are spread again one interval apart, with jitter, inside the
 * window — never stacked on one instant.
 */
export const DAILY_CAP = 300;
/** Caps of the first days after the number first connected (day 1 = the first 24 h). */
export const WARM_UP_CAPS = [30, 60, 120, 200];

/** Whole days since the number first connected (0 on its first day), or null when it never did. */
export function daysConnected(firstConnectedAt: string | null, now: Date): number | null {
  if (!firstConnectedAt) return null;
  return Math.max(0, Math.floor((now.getTime() - Date.parse(firstConnectedAt)) / 86_400_000));
}

export function dailyCapFor(firstConnectedAt: string | null, now: Date): number {
  const days = daysConnected(firstConnectedAt, now);
  if (days === null) return WARM_UP_CAPS[0];
  return days < WARM_UP_CAPS.length ? WARM_UP_CAPS[days] : DAILY_CAP;
}

/** Messages this number sent today (the agency's day): campaigns and lead-page sends alike. */
export async function sentToday(instanceName: string, now: Date): Promise<number> {
  const row = await db()
    .selectFrom("whatsapp_messages")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("instance_name", "=", instanceName)
    .where("created_at", ">=", agencyDayStart(now).toISOString())
    .where("created_at", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The earliest instant a broker's number may send again (now when nothing holds it). */
export async function paceStart(brokerId: string, now: Date): Promise<Date> {
  const row = await db().selectFrom("whatsapp_connections").select("next_send_at").where("broker_id", "=", brokerId).executeTakeFirst();
  const next = row?.next_send_at ? Date.parse(row.next_send_at) : 0;
  return next > now.getTime() ? new Date(next) : now;
}

/**
 * Spreads a campaign's remaining messages (in `statuses`, in their order)
 * again from `from`: one interval apart with ±20 % jitter, inside the
 * window; those beyond the 14-day lookahead fail with the reason. The
 * messages end `scheduled`. Returns how many were moved.
 */
export async function respaceCampaign(
  executor: DbOrTx,
  campaignId: number,
  from: Date,
  timing: Timing,
  random: () => number = Math.random,
  statuses: CampaignJobStatus[] = ["scheduled"],
): Promise<number> {
  const jobs = await executor.selectFrom("campaign_jobs").select("id").where("campaign_id", "=", campaignId).where("status", "in", statuses).orderBy("fire_at").orderBy("id").execute();
  const times = scheduleSendTimes(from, jobs.length, timing, random);
  for (let i = 0; i < jobs.length; i++) {
    const at = times[i];
    await executor
      .updateTable("campaign_jobs")
      .set(at ? { status: "scheduled", fire_at: at.toISOString() } : { status: "failed", error: CAMPAIGN_MESSAGES.noSlot })
      .where("id", "=", jobs[i].id)
      .where("status", "in", statuses)
      .execute();
  }
  return jobs.length;
}
