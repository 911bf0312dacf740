import { compactCounterTables } from "#db/bulk";
import type { Job } from "./job";
import { db } from "./db.server";
import { purgeExpiredSessions } from "~/modules/auth/session.server";
import { purgeStaleDrafts } from "~/modules/properties/photos.server";

/** Abandoned editor drafts (photos uploaded to a create never saved) older than this are removed. */
export const DRAFT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Expired sessions, abandoned editor drafts and bloated counter tables (PostgreSQL); also run once at start-up. */
export const housekeeping: Job = {
  name: "housekeeping",
  cron: "17 * * * *",
  async run(now) {
    await purgeExpiredSessions(now);
    await purgeStaleDrafts(DRAFT_MAX_AGE_MS, now);
    await compactCounterTables(db());
  },
};

export const housekeepingJobs: Job[] = [housekeeping];
