import os from "node:os";
import { sql } from "kysely";
import { db } from "~/modules/platform/db.server";
import { PROCESS_ID } from "~/modules/platform/instance.server";
import { log } from "~/modules/platform/logger.server";
import { agencyDayBounds } from "~/utils/clock";
import { CAMPAIGN_MESSAGES, INTERRUPTED } from "./campaign-rules";
import { gatewayConfig } from "./gateway-settings.server";
import { isOptedOut } from "./opt-out.server";
import { dailyCapFor, paceStart, respaceCampaign, sentToday } from "./pace.server";
import { minimumGapMs, nextAllowedTime, parseTiming, type Timing } from "./timing";
import { GatewayError, sendImage, sendText } from "./whatsapp-client.server";
import { imageUrlIn } from "./whatsapp-numbers";

/**
 * Sends due campaign messages. Jobs are rows; a job is claimed by ONE
 * atomic update (status scheduled → sending, with this process's id and
 * the time) before anything is sent, so neither a restart nor a second
 * process can send it twice (on PostgreSQL the update re-checks the status
 * once a concurrent claim commits, so only one of them changes the row).
 * Every app process runs this job at once (claimsRows). A job left in
 * 'sending' belonged to a process that died mid-send — known at once when
 * that process was on this machine, else when the lease runs out: we cannot
 * know whether the gateway got it, so it is marked 'interrompido — pode ter
 * sido entregue' (failed, never re-sent); a later event from the gateway for
 * it marks it sent (gateway-events.server.ts).
 *
 * Pace (pace.server.ts), per number, one send per tick at most:
 * - the number must be connected; its messages wait otherwise;
 * - a number on the suppression list is cancelled right before its send;
 * - the daily cap (warm-up from the first connection) moves the campaign's
 *   remaining messages to the next allowed day, spread again;
 * - a message more than a moment late (an outage, a restart, another
 *   campaign of the same number) moves the campaign's remaining messages
 *   from the number's next free instant, spread again;
 * - two sends of a number are never closer than the interval minus its
 *   jitter (whatsapp_connections.next_send_at, claimed atomically).
 */
export { PROCESS_ID };
/** Longer than a send can take (15 s gateway timeout, one retry). */
export const CLAIM_LEASE_MS = 60_000;
export { INTERRUPTED };
export { DAILY_CAP, WARM_UP_CAPS, dailyCapFor } from "./pace.server";
const BATCH = 200;

/** How late a message may leave before the rest of its campaign is spread again. */
export function lateToleranceMs(timing: Timing): number {
  return Math.max(5_000, Math.round(timing.intervalSeconds * 1000 * 0.2));
}

export type DispatchResult = { sent: number; failed: number; deferred: number; respaced: number; cancelled: number; interrupted: number; completed: number };

/** Jobs claimed by a process that stopped mid-send, once the claim has run out: settled, never repeated. */
export async function failAbandonedClaims(now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - CLAIM_LEASE_MS).toISOString();
  const rows = await db()
    .selectFrom("campaign_jobs")
    .select("id")
    .where("status", "=", "sending")
    .where((eb) => eb.or([eb("claimed_at", "is", null), eb("claimed_at", "<", cutoff)]))
    .execute();
  return settleAbandoned(rows.map((r) => r.id), now);
}

/** At start-up and every run: whatever this machine's dead processes left in 'sending' is settled at once, the rest when its claim runs out. */
export async function failClaimsOfDeadProcesses(now: Date): Promise<number> {
  const host = `${os.hostname()}:`;
  const rows = await db().selectFrom("campaign_jobs").select(["id", "claimed_by"]).where("status", "=", "sending").execute();
  const dead = rows.filter((r) => r.claimed_by?.startsWith(host) && r.claimed_by !== PROCESS_ID && !isAlive(Number(r.claimed_by.split(":")[1])));
  return (await settleAbandoned(dead.map((r) => r.id), now)) + (await failAbandonedClaims(now));
}

/**
 * Abandoned claims end here. A claim whose message the gateway reported
 * sent (its id noted by the send.message event, gateway-events.server.ts)
 * becomes sent, as the dead sender would have recorded it; the others are
 * interrupted: failed, never re-sent, since the gateway may have got them
 * (a later event for one still marks it sent).
 */
async function settleAbandoned(ids: number[], now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const confirmed = await settleConfirmed(ids, now);
  const res = await db()
    .updateTable("campaign_jobs")
    .set({ status: "failed", error: INTERRUPTED })
    .where("id", "in", ids)
    .where("status", "=", "sending")
    .executeTakeFirst();
  return confirmed + Number(res.numUpdatedRows ?? 0);
}

/** Claims the gateway reported sent (their id noted by the send.message event) become sent, with their message row; returns how many. */
async function settleConfirmed(ids: number[], now: Date): Promise<number> {
  const confirmed = await db()
    .selectFrom("campaign_jobs as j")
    .innerJoin("campaigns as c", "c.id", "j.campaign_id")
    .leftJoin("whatsapp_connections as w", "w.broker_id", "c.broker_id")
    .select(["j.id", "j.to", "j.message", "j.lead_id", "j.claimed_at", "j.message_key", "c.broker_id", "w.instance_name"])
    .where("j.id", "in", ids)
    .where("j.status", "=", "sending")
    .where("j.message_key", "is not", null)
    .execute();
  for (const job of confirmed) {
    const sentAt = job.claimed_at ?? now.toISOString();
    await db()
      .transaction()
      .execute(async (tx) => {
        const r = await tx.updateTable("campaign_jobs").set({ status: "sent", sent_at: sentAt, delivery: "sent", error: null }).where("id", "=", job.id).where("status", "=", "sending").executeTakeFirst();
        if (Number(r.numUpdatedRows ?? 0) !== 1) return;
        await tx
          .insertInto("whatsapp_messages")
          .values({ broker_id: job.broker_id, lead_id: job.lead_id, campaign_job_id: job.id, instance_name: job.instance_name ?? "", to: job.to, body: job.message, kind: imageUrlIn(job.message) ? "image" : "text", message_key: job.message_key, created_at: sentAt, updated_at: now.toISOString() })
          .execute();
      });
  }
  return confirmed.length;
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return pid !== process.pid;
  } catch {
    return false;
  }
}

async function claim(jobId: number, now: Date): Promise<boolean> {
  const res = await db()
    .updateTable("campaign_jobs")
    .set({ status: "sending", claimed_by: PROCESS_ID, claimed_at: now.toISOString(), attempts: sql`attempts + 1` })
    .where("id", "=", jobId)
    .where("status", "=", "scheduled")
    .executeTakeFirst();
  return Number(res.numUpdatedRows ?? 0) === 1;
}

/** The number's send slot: taken only when its least gap has passed (one process wins). */
async function claimPace(connectionId: number, now: Date, timing: Timing): Promise<boolean> {
  const res = await db()
    .updateTable("whatsapp_connections")
    .set({ next_send_at: new Date(now.getTime() + minimumGapMs(timing)).toISOString() })
    .where("id", "=", connectionId)
    .where((eb) => eb.or([eb("next_send_at", "is", null), eb("next_send_at", "<=", now.toISOString())]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows ?? 0) === 1;
}

type DueJob = {
  id: number;
  to: string;
  message: string;
  lead_id: number | null;
  fire_at: string;
  campaignId: number;
  brokerId: string;
  timing: string;
  connectionId: number;
  instanceName: string;
  connection: string;
  firstConnectedAt: string | null;
  nextSendAt: string | null;
};

export async function dispatchDueJobs(now = new Date(), random: () => number = Math.random): Promise<DispatchResult> {
  const result: DispatchResult = { sent: 0, failed: 0, deferred: 0, respaced: 0, cancelled: 0, interrupted: 0, completed: 0 };
  result.interrupted = await failClaimsOfDeadProcesses(now);
  const due: DueJob[] = await db()
    .selectFrom("campaign_jobs as j")
    .innerJoin("campaigns as c", "c.id", "j.campaign_id")
    .innerJoin("whatsapp_connections as w", "w.broker_id", "c.broker_id")
    .select([
      "j.id", "j.to", "j.message", "j.lead_id", "j.fire_at",
      "c.id as campaignId", "c.broker_id as brokerId", "c.timing",
      "w.id as connectionId", "w.instance_name as instanceName", "w.status as connection",
      // a row from before 0035 that never reconnected: its session start is its first connection
      (eb) => eb.fn.coalesce("w.first_connected_at", "w.connected_since").as("firstConnectedAt"),
      "w.next_send_at as nextSendAt",
    ])
    .where("j.status", "=", "scheduled")
    .where("j.fire_at", "<=", now.toISOString())
    .where("c.status", "=", "running")
    .orderBy("j.fire_at")
    .orderBy("j.id")
    .limit(BATCH)
    .execute();
  const byInstance = new Map<string, DueJob[]>();
  for (const job of due) byInstance.set(job.instanceName, [...(byInstance.get(job.instanceName) ?? []), job]);
  const gw = due.length > 0 ? await gatewayConfig() : null;
  for (const jobs of byInstance.values()) {
    // A number that is not connected keeps its messages waiting (scheduled) until it is.
    if (!gw || jobs[0].connection !== "connected") continue;
    await dispatchForNumber(gw, jobs, now, random, result);
  }
  result.completed = await completeFinishedCampaigns(now);
  return result;
}

/** At most one send for one number: the first due message that may leave. */
async function dispatchForNumber(gw: NonNullable<Awaited<ReturnType<typeof gatewayConfig>>>, jobs: DueJob[], now: Date, random: () => number, result: DispatchResult): Promise<void> {
  for (const job of jobs) {
    // Pause takes effect before the next send: re-check the campaign right before claiming.
    const campaign = await db().selectFrom("campaigns").select("status").where("id", "=", job.campaignId).executeTakeFirst();
    if (campaign?.status !== "running") continue;
    const timing = parseTiming(job.timing);
    if (await isOptedOut(job.to)) {
      await db().updateTable("campaign_jobs").set({ status: "cancelled", error: CAMPAIGN_MESSAGES.optedOut }).where("id", "=", job.id).where("status", "=", "scheduled").execute();
      result.cancelled++;
      continue;
    }
    if ((await sentToday(job.instanceName, now)) >= dailyCapFor(job.firstConnectedAt, now)) {
      // the cap holds until tomorrow: the rest of the campaign starts at the next allowed window, spread again
      const from = nextAllowedTime(agencyDayBounds(now).end, timing) ?? new Date(now.getTime() + 15 * 86_400_000);
      result.deferred += await respaceCampaign(db(), job.campaignId, from, timing, random);
      return;
    }
    if (now.getTime() - Date.parse(job.fire_at) > lateToleranceMs(timing)) {
      // late (an outage, a restart, another campaign's send): never a burst, the rest is spread again from the next free instant
      result.respaced += await respaceCampaign(db(), job.campaignId, await paceStart(job.brokerId, now), timing, random);
      return;
    }
    if (job.nextSendAt && Date.parse(job.nextSendAt) > now.getTime()) return;
    if (!(await claimPace(job.connectionId, now, timing))) return;
    if (!(await claim(job.id, now))) return;
    await send(gw, job, now, result);
    return;
  }
}

async function send(gw: NonNullable<Awaited<ReturnType<typeof gatewayConfig>>>, job: DueJob, now: Date, result: DispatchResult): Promise<void> {
  try {
    const image = imageUrlIn(job.message);
    const answer = image
      ? await sendImage(gw, job.instanceName, job.to, image, job.message.replace(image, "").trim()).catch(() => sendText(gw, job.instanceName, job.to, job.message))
      : await sendText(gw, job.instanceName, job.to, job.message);
    const ts = now.toISOString();
    await db()
      .transaction()
      .execute(async (tx) => {
        await tx.updateTable("campaign_jobs").set({ status: "sent", sent_at: ts, message_key: answer.key, delivery: "sent", error: null }).where("id", "=", job.id).execute();
        await tx
          .insertInto("whatsapp_messages")
          .values({ broker_id: job.brokerId, lead_id: job.lead_id, campaign_job_id: job.id, instance_name: job.instanceName, to: job.to, body: job.message, kind: image ? "image" : "text", message_key: answer.key, created_at: ts, updated_at: ts })
          .execute();
      });
    result.sent++;
  } catch (error) {
    // The gateway may have sent it and lost the answer (a timeout, a proxy's 502): its send.message event, already
    // applied, says so, and the job is sent, not failed.
    if ((await settleConfirmed([job.id], now)) === 1) {
      result.sent++;
      return;
    }
    const detail = error instanceof GatewayError && error.kind === "not-on-whatsapp" ? "Número não cadastrado no WhatsApp" : (error as Error).message;
    // A timeout or a 5xx may come after the message left: it is 'interrompido — pode ter sido entregue', as after a
    // crash, so a later send.message or receipt for the number still records it sent (gateway-events.server.ts).
    const mayHaveLeft = error instanceof GatewayError && (error.kind === "timeout" || (error.kind === "http" && error.status >= 500));
    await db()
      .updateTable("campaign_jobs")
      .set({ status: "failed", error: mayHaveLeft ? INTERRUPTED : detail.slice(0, 500) })
      .where("id", "=", job.id)
      .where("status", "=", "sending")
      .execute();
    result.failed++;
    log.warn("campaign send failed", { jobId: job.id, error: detail });
  }
}

/** A running campaign with no job left to send becomes completed (spec 03 §4). */
export async function completeFinishedCampaigns(now = new Date()): Promise<number> {
  const res = await db()
    .updateTable("campaigns")
    .set({ status: "completed", updated_at: now.toISOString() })
    .where("status", "=", "running")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("campaign_jobs")
            .select("campaign_jobs.id")
            .whereRef("campaign_jobs.campaign_id", "=", "campaigns.id")
            .where("campaign_jobs.status", "in", ["scheduled", "sending", "paused"]),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(res.numUpdatedRows ?? 0);
}

let running = false;
/** The job of the jobs registry: every second; a run never overlaps the previous one. */
export const campaignDispatcherJob = {
  name: "campaign-dispatcher",
  cron: "* * * * * *",
  claimsRows: true,
  async run(now: Date) {
    if (running) return;
    running = true;
    try {
      await dispatchDueJobs(now);
    } finally {
      running = false;
    }
  },
};
