import os from "node:os";
import { sql } from "kysely";
import { db } from "~/modules/platform/db.server";
import { PROCESS_ID } from "~/modules/platform/instance.server";
import { log } from "~/modules/platform/logger.server";
import { gatewayConfig } from "./gateway-settings.server";
import { GatewayError, sendImage, sendText } from "./whatsapp-client.server";
import { imageUrlIn } from "./whatsapp-numbers";
import { nextAllowedTime, parseTiming } from "./timing";

/**
 * Sends due campaign messages. Jobs are rows; a job is claimed by ONE
 * atomic update (status scheduled → sending, with this process's id and
 * the time) before anything is sent, so neither a restart nor a second
 * process can send it twice (on PostgreSQL the update re-checks the status
 * once a concurrent claim commits, so only one of them changes the row).
 * Every app process runs this job at once (claimsRows). A job left in
 * 'sending' belonged to a process that died mid-send — known at once when
 * that process was on this machine, else when the lease runs out: we cannot
 * know whether the gateway got it, so it is marked failed ('interrompido'),
 * never re-sent.
 *
 * Pace: the interval and jitter are in the jobs' fire_at (timing.ts); here
 * a daily cap per instance with a warm-up ramp for new numbers pushes the
 * excess to the next allowed window, and opted-out leads are skipped.
 */
export { PROCESS_ID };
/** Longer than a send can take (15 s gateway timeout, one retry). */
export const CLAIM_LEASE_MS = 60_000;
export const INTERRUPTED = "interrompido";
/** Full daily cap per instance, and the warm-up ramp from the day the number connected. */
export const DAILY_CAP = 300;
export const WARM_UP_CAPS = [30, 60, 120, 200];
const BATCH = 25;

export function dailyCapFor(connectedSince: string | null, now: Date): number {
  if (!connectedSince) return WARM_UP_CAPS[0];
  const days = Math.floor((now.getTime() - Date.parse(connectedSince)) / 86_400_000);
  return days >= 0 && days < WARM_UP_CAPS.length ? WARM_UP_CAPS[days] : days < 0 ? WARM_UP_CAPS[0] : DAILY_CAP;
}

export type DispatchResult = { sent: number; failed: number; deferred: number; interrupted: number; completed: number };

/** Jobs claimed by a process that stopped mid-send: failed, never repeated. */
export async function failAbandonedClaims(now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - CLAIM_LEASE_MS).toISOString();
  const res = await db()
    .updateTable("campaign_jobs")
    .set({ status: "failed", error: INTERRUPTED })
    .where("status", "=", "sending")
    .where((eb) => eb.or([eb("claimed_at", "is", null), eb("claimed_at", "<", cutoff)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows ?? 0);
}

/** At start-up: whatever this machine's previous process left in 'sending' is interrupted. */
export async function failClaimsOfDeadProcesses(now: Date): Promise<number> {
  const host = `${os.hostname()}:`;
  const rows = await db().selectFrom("campaign_jobs").select(["id", "claimed_by"]).where("status", "=", "sending").execute();
  const dead = rows.filter((r) => r.claimed_by?.startsWith(host) && r.claimed_by !== PROCESS_ID && !isAlive(Number(r.claimed_by.split(":")[1])));
  if (dead.length === 0) return failAbandonedClaims(now);
  await db()
    .updateTable("campaign_jobs")
    .set({ status: "failed", error: INTERRUPTED })
    .where("id", "in", dead.map((r) => r.id))
    .where("status", "=", "sending")
    .execute();
  return dead.length + (await failAbandonedClaims(now));
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

async function sentToday(instanceName: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - 86_400_000).toISOString();
  const row = await db()
    .selectFrom("whatsapp_messages")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("instance_name", "=", instanceName)
    .where("created_at", ">=", since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function dispatchDueJobs(now = new Date()): Promise<DispatchResult> {
  const result: DispatchResult = { sent: 0, failed: 0, deferred: 0, interrupted: 0, completed: 0 };
  result.interrupted = await failClaimsOfDeadProcesses(now);
  const due = await db()
    .selectFrom("campaign_jobs as j")
    .innerJoin("campaigns as c", "c.id", "j.campaign_id")
    .innerJoin("whatsapp_connections as w", "w.broker_id", "c.broker_id")
    .select(["j.id", "j.to", "j.message", "j.lead_id", "c.id as campaignId", "c.broker_id as brokerId", "c.timing", "w.instance_name as instanceName", "w.status as connection", "w.connected_since as connectedSince"])
    .where("j.status", "=", "scheduled")
    .where("j.fire_at", "<=", now.toISOString())
    .where("c.status", "=", "running")
    .orderBy("j.fire_at")
    .orderBy("j.id")
    .limit(BATCH)
    .execute();
  if (due.length > 0) {
    const gw = await gatewayConfig();
    const counts = new Map<string, number>();
    for (const job of due) {
      // A job whose instance is not connected waits (it stays scheduled) until it is.
      if (!gw || job.connection !== "connected") continue;
      // Pause takes effect before the next send: re-check the campaign right before claiming.
      const campaign = await db().selectFrom("campaigns").select("status").where("id", "=", job.campaignId).executeTakeFirst();
      if (campaign?.status !== "running") continue;
      if (!counts.has(job.instanceName)) counts.set(job.instanceName, await sentToday(job.instanceName, now));
      if ((counts.get(job.instanceName) ?? 0) >= dailyCapFor(job.connectedSince, now)) {
        const tomorrow = nextAllowedTime(new Date(now.getTime() + 86_400_000 / 2), parseTiming(job.timing)) ?? new Date(now.getTime() + 86_400_000);
        await db().updateTable("campaign_jobs").set({ fire_at: tomorrow.toISOString() }).where("id", "=", job.id).where("status", "=", "scheduled").execute();
        result.deferred++;
        continue;
      }
      if (job.lead_id != null) {
        const lead = await db().selectFrom("leads").select("whatsapp_opt_out_at").where("id", "=", job.lead_id).executeTakeFirst();
        if (lead?.whatsapp_opt_out_at) {
          await db().updateTable("campaign_jobs").set({ status: "cancelled", error: "Lead pediu para não receber mensagens (SAIR/PARAR)" }).where("id", "=", job.id).where("status", "=", "scheduled").execute();
          continue;
        }
      }
      if (!(await claim(job.id, now))) continue;
      try {
        const image = imageUrlIn(job.message);
        const answer = image
          ? await sendImage(gw, job.instanceName, job.to, image, job.message.replace(image, "").trim()).catch(() => sendText(gw, job.instanceName, job.to, job.message))
          : await sendText(gw, job.instanceName, job.to, job.message);
        const ts = new Date().toISOString();
        await db()
          .transaction()
          .execute(async (tx) => {
            await tx.updateTable("campaign_jobs").set({ status: "sent", sent_at: ts, message_key: answer.key, delivery: "sent", error: null }).where("id", "=", job.id).execute();
            await tx
              .insertInto("whatsapp_messages")
              .values({ broker_id: job.brokerId, lead_id: job.lead_id, campaign_job_id: job.id, instance_name: job.instanceName, to: job.to, body: job.message, kind: image ? "image" : "text", message_key: answer.key, created_at: ts, updated_at: ts })
              .execute();
          });
        counts.set(job.instanceName, (counts.get(job.instanceName) ?? 0) + 1);
        result.sent++;
      } catch (error) {
        const message = error instanceof GatewayError && error.kind === "not-on-whatsapp" ? "Número não cadastrado no WhatsApp" : (error as Error).message;
        await db().updateTable("campaign_jobs").set({ status: "failed", error: message.slice(0, 500) }).where("id", "=", job.id).execute();
        result.failed++;
        log.warn("campaign send failed", { jobId: job.id, error: message });
      }
    }
  }
  result.completed = await completeFinishedCampaigns();
  return result;
}

/** A running campaign with no job left to send becomes completed (spec 03 §4). */
export async function completeFinishedCampaigns(): Promise<number> {
  const res = await db()
    .updateTable("campaigns")
    .set({ status: "completed", updated_at: new Date().toISOString() })
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
