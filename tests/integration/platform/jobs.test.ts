import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "~/modules/platform/db.server";
import { config } from "~/modules/platform/config.server";
import { registeredJobs, runJob } from "~/modules/platform/jobs.server";
import type { Job } from "~/modules/platform/job";
import { housekeeping } from "~/modules/platform/housekeeping.server";
import { createSession } from "~/modules/auth/session.server";
import { resolveKey } from "~/modules/files/storage.server";
import { PHOTO_DRAFT_PREFIX } from "~/modules/properties/photos.server";
import { makeBroker } from "../../helpers/factories";

const HOUR = 60 * 60 * 1000;

async function sessionExists(userId: string): Promise<boolean> {
  return (await db().selectFrom("sessions").select("id").where("user_id", "=", userId).executeTakeFirst()) !== undefined;
}

describe("jobs registry", () => {
  it("declares each job once, with a valid cron pattern", async () => {
    const jobs = registeredJobs();
    expect(jobs.map((j) => j.name)).toContain("housekeeping");
    expect(new Set(jobs.map((j) => j.name)).size).toBe(jobs.length);
    const { Cron } = await import("croner");
    for (const job of jobs) {
      const cron = new Cron(job.cron, { paused: true });
      expect(cron.nextRun(), job.name).toBeInstanceOf(Date);
      cron.stop();
    }
  });

  afterEach(() => {
    process.env.LOG_LEVEL = "silent";
    vi.restoreAllMocks();
  });

  it("runJob logs a failing job and does not throw", async () => {
    process.env.LOG_LEVEL = "error";
    const lines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    const failing: Job = { name: "always-fails", cron: "* * * * *", run: () => Promise.reject(new Error("boom")) };
    expect(await runJob(failing, new Date())).toBe(false);
    const entry = JSON.parse(lines.find((l) => l.includes("job failed")) ?? "{}");
    expect(entry).toMatchObject({ level: "error", job: "always-fails", error: "boom" });
  });
});

/** A fixed clock: the jobs get it as `now`, and every file's date is set from it (never the real day). */
const NOW = new Date("2026-11-23T12:00:00.000Z");
const before = (ms: number) => new Date(NOW.getTime() - ms);
function touch(file: string, at: Date) {
  fs.utimesSync(file, at, at);
}

describe("housekeeping job (run with a fixed clock)", () => {
  it("removes sessions expired at `now` and keeps the others", async () => {
    const broker = await makeBroker();
    await createSession(broker.userId);
    const row = await db().selectFrom("sessions").select("expires_at").where("user_id", "=", broker.userId).executeTakeFirstOrThrow();
    await housekeeping.run(new Date(Date.parse(row.expires_at) - 1000));
    expect(await sessionExists(broker.userId)).toBe(true);
    await housekeeping.run(new Date(Date.parse(row.expires_at) + 1000));
    expect(await sessionExists(broker.userId)).toBe(false);
  });

  it("removes editor drafts untouched for a day before `now`, keeps younger ones", async () => {
    const folder = resolveKey(`imoveis/${PHOTO_DRAFT_PREFIX}job-test`);
    fs.mkdirSync(folder, { recursive: true });
    const file = path.join(folder, "foto.webp");
    fs.writeFileSync(file, "x");
    for (const p of [file, folder]) touch(p, before(23 * HOUR));
    await housekeeping.run(NOW);
    expect(fs.existsSync(folder)).toBe(true);
    for (const p of [file, folder]) touch(p, before(25 * HOUR));
    await housekeeping.run(NOW);
    expect(fs.existsSync(folder)).toBe(false);
  });
});

describe("CSV import uploads job (run with a fixed clock)", () => {
  it("is registered and removes uploads nobody imported within a day, keeping fresh ones", async () => {
    const job = registeredJobs().find((j) => j.name === "crm-stale-csv-imports");
    expect(job).toMatchObject({ name: "crm-stale-csv-imports" });
    const dir = path.join(config().dataDir, "imports");
    fs.mkdirSync(dir, { recursive: true });
    const stale = path.join(dir, "antigo-teste.csv");
    const fresh = path.join(dir, "novo-teste.csv");
    fs.writeFileSync(stale, "nome\nAna");
    fs.writeFileSync(fresh, "nome\nBia");
    touch(stale, before(25 * HOUR));
    touch(fresh, before(23 * HOUR));
    await job!.run(NOW);
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
  });
});
