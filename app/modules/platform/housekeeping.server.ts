import type { Job } from "./job";
import { purgeExpiredSessions } from "~/modules/auth/session.server";
import { purgeStaleDrafts } from "~/modules/properties/photos.server";

/** Abandoned editor drafts (photos uploaded to a create never saved) older than this are removed. */
export const DRAFT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Expired sessions and abandoned editor drafts; also run once at start-up. */
export const housekeeping: Job = {
  name: "housekeeping",
  cron: "17 * * * *",
  async run(now) {
    await purgeExpiredSessions(now);
    await purgeStaleDrafts(DRAFT_MAX_AGE_MS, now);
  },
};

export const housekeepingJobs: Job[] = [housekeeping];
