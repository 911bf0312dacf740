import { Cron } from "croner";
import { releaseLease, renewLease, takeLease } from "#db/job-leases";
import { db } from "./db.server";
import { PROCESS_ID } from "./instance.server";
import { errorFields, log } from "./logger.server";
import { housekeepingJobs } from "./housekeeping.server";
import type { Job } from "./job";
import { campaignDispatcherJob } from "~/modules/messaging/campaign-dispatcher.server";
import { staleImportsJob } from "~/modules/leads/csv-import.server";
import { webhookDeliveryJob } from "~/modules/webhooks/delivery.server";
import { automaticRouletteJob } from "~/modules/roulette/automatic.server";
import { prepareFeedsJob } from "~/modules/feeds/prepared.server";
import { alertDigestJob } from "~/modules/alerts/alert-job.server";

/**
 * Background work, declared. Each concept exports its jobs
 * (`{ name, cron, run(now) }`) and this list is the one place they are
 * registered; bootstrap starts them with croner in every app process (no
 * external cron is needed). Tests call `job.run(fixedNow)` directly.
 *
 * Several processes may share one PostgreSQL database (docs/scaling.md), so
 * a run is once across them all: a job runs under a lease (job_leases,
 * db/job-leases.ts) that one process takes, keeps alive while it runs and
 * gives back; a process killed mid-run leaves a lease that expires, and the
 * next run anywhere takes over. A job whose work is rows it claims one by
 * one (campaign messages, webhook deliveries: each row's claim is its own
 * lease) says `claimsRows: true` and runs in every process at once.
 */

/** How long a job's lease lasts without being renewed; renewed every third of it while the job runs. */
export const JOB_LEASE_MS = 60_000;

/** Every job of the app. Add a concept's jobs here (one line per concept). */
export function registeredJobs(): Job[] {
  return [
    ...housekeepingJobs,
    campaignDispatcherJob,
    staleImportsJob,
    webhookDeliveryJob,
    automaticRouletteJob,
    prepareFeedsJob,
    alertDigestJob,
  ];
}

const running: Cron[] = [];

/** Starts every registered job; a second call is a no-op. Failures are logged, never thrown. */
export function startJobs(jobs: Job[] = registeredJobs()): void {
  if (running.length) return;
  const names = new Set<string>();
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`job registered twice: ${job.name}`);
    names.add(job.name);
    running.push(new Cron(job.cron, { protect: true, name: job.name }, async () => void (await runJob(job, new Date()))));
  }
}

/**
 * Runs one job now, logging (not throwing) its failure. A job without
 * claimsRows runs only when this process takes its lease (another process
 * running it makes this a skip, which counts as success).
 */
export async function runJob(job: Job, now: Date, holder: string = PROCESS_ID): Promise<boolean> {
  let leased = false;
  let renewal: NodeJS.Timeout | null = null;
  try {
    if (!job.claimsRows) {
      leased = await takeLease(db(), job.name, holder, new Date(), JOB_LEASE_MS);
      if (!leased) return true;
      renewal = setInterval(() => {
        renewLease(db(), job.name, holder, new Date(), JOB_LEASE_MS).catch((error: unknown) => log.warn("job lease not renewed", { job: job.name, ...errorFields(error) }));
      }, JOB_LEASE_MS / 3);
      renewal.unref();
    }
    await job.run(now);
    return true;
  } catch (error) {
    log.error("job failed", { job: job.name, ...errorFields(error) });
    return false;
  } finally {
    if (renewal) clearInterval(renewal);
    if (leased) await releaseLease(db(), job.name, holder, new Date()).catch((error: unknown) => log.warn("job lease not released", { job: job.name, ...errorFields(error) }));
  }
}

export function stopJobs(): void {
  for (const cron of running.splice(0)) cron.stop();
}

export function runningJobNames(): string[] {
  return running.map((c) => c.name ?? "");
}
