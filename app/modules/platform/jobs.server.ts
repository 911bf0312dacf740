import { Cron } from "croner";
import { errorFields, log } from "./logger.server";
import { housekeepingJobs } from "./housekeeping.server";
import type { Job } from "./job";
import { campaignDispatcherJob } from "~/modules/messaging/campaign-dispatcher.server";
import { staleImportsJob } from "~/modules/crm/csv-import.server";
import { webhookDeliveryJob } from "~/modules/webhooks/delivery.server";
import { automaticRouletteJob } from "~/modules/roulette/automatic.server";
import { prepareFeedsJob } from "~/modules/feeds/prepared.server";

/**
 * Background work, declared. Each concept exports its jobs
 * (`{ name, cron, run(now) }`) and this list is the one place they are
 * registered; bootstrap starts them with croner (one box, one process, so no
 * external cron is needed). Tests call `job.run(fixedNow)` directly.
 */

/** Every job of the app. Add a concept's jobs here (one line per concept). */
export function registeredJobs(): Job[] {
  return [
    ...housekeepingJobs,
    campaignDispatcherJob,
    staleImportsJob,
    webhookDeliveryJob,
    automaticRouletteJob,
    prepareFeedsJob,
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

/** Runs one job now, logging (not throwing) its failure. */
export async function runJob(job: Job, now: Date): Promise<boolean> {
  try {
    await job.run(now);
    return true;
  } catch (error) {
    log.error("job failed", { job: job.name, ...errorFields(error) });
    return false;
  }
}

export function stopJobs(): void {
  for (const cron of running.splice(0)) cron.stop();
}

export function runningJobNames(): string[] {
  return running.map((c) => c.name ?? "");
}
