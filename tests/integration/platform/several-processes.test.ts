import { afterEach, describe, expect, it, vi } from "vitest";
import { releaseLease, renewLease, takeLease } from "#db/job-leases";
import type { SessionUser } from "~/modules/auth/session.server";
import { forgetFeedState, feedState } from "~/modules/feeds/feeds.server";
import { db } from "~/modules/platform/db.server";
import type { Job } from "~/modules/platform/job";
import { JOB_LEASE_MS, registeredJobs, runJob } from "~/modules/platform/jobs.server";
import { runAutomaticIfDue } from "~/modules/roulette/automatic.server";
import { registerPresence } from "~/modules/roulette/presence.server";
import { saveRouletteSettings } from "~/modules/roulette/settings.server";
import { makeAdmin, makeBroker, makeProperty } from "../../helpers/factories";
import { refuseInserts } from "../../helpers/database";

/**
 * Several app processes on one database (issue 27), played here by several
 * holders in one process (the multi-process e2e, tests/e2e/multi-process.spec.ts,
 * runs real processes on PostgreSQL). Runs on both databases.
 */
const T0 = new Date("2026-11-23T12:00:00Z");
const later = (ms: number) => new Date(T0.getTime() + ms);

describe("job leases (one process at a time, taken over when a holder dies)", () => {
  it("one holder at a time; given back, the next takes it; expired, anyone takes it", async () => {
    expect(await takeLease(db(), "lease-test", "proc-a", T0, JOB_LEASE_MS)).toBe(true);
    expect(await takeLease(db(), "lease-test", "proc-b", later(1000), JOB_LEASE_MS)).toBe(false);
    expect(await takeLease(db(), "lease-test", "proc-a", later(1000), JOB_LEASE_MS)).toBe(false); // not re-entrant
    await releaseLease(db(), "lease-test", "proc-b", later(2000)); // not b's to give back
    expect(await takeLease(db(), "lease-test", "proc-b", later(2000), JOB_LEASE_MS)).toBe(false);
    await releaseLease(db(), "lease-test", "proc-a", later(3000));
    expect(await takeLease(db(), "lease-test", "proc-b", later(3000), JOB_LEASE_MS)).toBe(true);
    // b dies without giving it back: the lease stands until it runs out, then c takes over
    expect(await takeLease(db(), "lease-test", "proc-c", later(3000 + JOB_LEASE_MS - 1), JOB_LEASE_MS)).toBe(false);
    expect(await takeLease(db(), "lease-test", "proc-c", later(3000 + JOB_LEASE_MS + 1), JOB_LEASE_MS)).toBe(true);
    expect(await renewLease(db(), "lease-test", "proc-b", later(4000 + JOB_LEASE_MS), JOB_LEASE_MS)).toBe(false);
    expect(await renewLease(db(), "lease-test", "proc-c", later(4000 + JOB_LEASE_MS), JOB_LEASE_MS)).toBe(true);
  });

  it("many holders asking at once: exactly one gets it", async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => takeLease(db(), "lease-race", `proc-${i}`, T0, JOB_LEASE_MS)));
    expect(answers.filter(Boolean)).toHaveLength(1);
  });

  it("runJob runs a leased job once while another process holds it, and gives the lease back after", async () => {
    const run = vi.fn(async () => {});
    const job: Job = { name: "lease-job", cron: "* * * * *", run };
    expect(await takeLease(db(), "lease-job", "other-process", new Date(), JOB_LEASE_MS)).toBe(true);
    expect(await runJob(job, new Date(), "this-process")).toBe(true); // skipped: someone else runs it
    expect(run).not.toHaveBeenCalled();
    await releaseLease(db(), "lease-job", "other-process", new Date());
    expect(await runJob(job, new Date(), "this-process")).toBe(true);
    expect(run).toHaveBeenCalledTimes(1);
    const row = await db().selectFrom("job_leases").selectAll().where("name", "=", "lease-job").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ holder: null, lease_until: null });
    expect(row.last_finished_at).not.toBeNull();
  });

  it("three processes starting a job at the same moment: one run", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const run = vi.fn(() => gate);
    const job: Job = { name: "lease-slow", cron: "* * * * *", run };
    const runs = [runJob(job, new Date(), "p1"), runJob(job, new Date(), "p2"), runJob(job, new Date(), "p3")];
    await vi.waitFor(() => expect(run).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 100));
    release();
    expect(await Promise.all(runs)).toEqual([true, true, true]);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("a failing leased job still gives its lease back", async () => {
    process.env.LOG_LEVEL = "silent";
    const job: Job = { name: "lease-failing", cron: "* * * * *", run: () => Promise.reject(new Error("boom")) };
    expect(await runJob(job, new Date(), "p1")).toBe(false);
    expect(await takeLease(db(), "lease-failing", "p2", new Date(), JOB_LEASE_MS)).toBe(true);
  });

  it("the row-claiming jobs run in every process; every other job under a lease", () => {
    const byName = new Map(registeredJobs().map((j) => [j.name, j.claimsRows === true]));
    expect(byName.get("campaign-dispatcher")).toBe(true);
    expect(byName.get("webhook-delivery")).toBe(true);
    for (const name of ["housekeeping", "automatic-roulette", "portal-feeds", "crm-stale-csv-imports"]) expect(byName.get(name), name).toBe(false);
  });
});

describe("the automatic roulette draws once across processes", () => {
  let admin: SessionUser;
  afterEach(async () => {
    await db().deleteFrom("roleta_registrations").execute();
    await db().deleteFrom("roleta_results").execute();
    await db().deleteFrom("automatic_roulette_settings").execute();
  });

  async function presentBroker(now: Date): Promise<void> {
    const b = await makeBroker();
    await registerPresence({ id: b.userId, email: b.email, name: "Corretor", role: "broker", broker: { id: b.brokerId, name: "Corretor", isActive: true, profileImage: null, phone: "" } }, now);
  }

  it("a process that dies mid-draw claims nothing: the next run (anywhere) draws, and only once", async () => {
    const a = await makeAdmin();
    admin = { id: a.id, email: a.email, name: "Admin", role: "admin", broker: null };
    // saved at 08:00 São Paulo: the next run is that day at 09:30 (a save never draws)
    await saveRouletteSettings(admin, { enabled: true, time: "09:30", webhookEnabled: false, presenceStart: "05:00", presenceEnd: "09:30" }, new Date("2026-11-23T11:00:00Z"));
    await presentBroker(new Date("2026-11-23T12:00:00Z"));
    await presentBroker(new Date("2026-11-23T12:01:00Z"));
    // the draw fails half-way (a broken disk, a killed connection): nothing of it is kept, the day is not taken
    const allow = await refuseInserts("roleta_results", "prize", "Lead Premium");
    await expect(runAutomaticIfDue(new Date("2026-11-23T12:30:00Z"))).rejects.toThrow();
    await allow();
    expect(await db().selectFrom("roleta_results").select("id").execute()).toHaveLength(0);
    const settings = await db().selectFrom("automatic_roulette_settings").select("last_execution").executeTakeFirstOrThrow();
    expect(settings.last_execution).toBeNull();
    // three processes' next runs, at once: one draw
    const runs = await Promise.all([0, 1, 2].map(() => runAutomaticIfDue(new Date("2026-11-23T12:31:00Z"))));
    expect(runs.filter((r) => r !== null)).toHaveLength(1);
    expect(await db().selectFrom("roleta_results").select("id").execute()).toHaveLength(2);
    expect(await runAutomaticIfDue(new Date("2026-11-23T13:00:00Z"))).toBeNull();
  });
});

describe("portal feeds agree on their date across processes and restarts", () => {
  /** The feed module as another process (or a restart) loads it: its own memory and start time. */
  async function anotherProcess() {
    vi.resetModules();
    const feeds = await import("~/modules/feeds/feeds.server");
    const database = await import("~/modules/platform/db.server");
    return { feedState: feeds.feedState, close: database.closeDb };
  }

  it("the first process to see a version dates it; another process (or a restart) reads the same date", async () => {
    await makeProperty({ title: "Apartamento do teste de datas", updated_at: "2020-01-01T00:00:00.000Z" });
    const first = await feedState();
    await new Promise((r) => setTimeout(r, 1100)); // the other process started later
    const other = await anotherProcess();
    try {
      expect(await other.feedState()).toEqual(first);
      // a change is dated once for everyone too
      await makeProperty({ title: "Casa do teste de datas" });
      const changed = await other.feedState();
      expect(changed.version).toBeGreaterThan(first.version);
      forgetFeedState();
      expect(await feedState()).toEqual(changed);
    } finally {
      await other.close();
    }
  });
});
