import type { Kysely } from "kysely";
import { isPostgres } from "./dialect";
import type { Database } from "./schema";

/**
 * Leases of the jobs that run in one process at a time (job_leases, 0020).
 * Taking one is a single conditional update: free (no holder) or expired.
 * On PostgreSQL the row is picked with FOR UPDATE SKIP LOCKED, so a process
 * never waits behind another one taking the same lease: it skips the run.
 * On SQLite the update is atomic by itself (one writer at a time).
 */
export async function takeLease(db: Kysely<Database>, name: string, holder: string, now: Date, leaseMs: number): Promise<boolean> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + leaseMs).toISOString();
  await db.insertInto("job_leases").values({ name }).onConflict((oc) => oc.column("name").doNothing()).execute();
  const taken = await db
    .updateTable("job_leases")
    .set({ holder, lease_until: until, last_started_at: at })
    .where("name", "=", (eb) => {
      const free = eb
        .selectFrom("job_leases as free")
        .select("free.name")
        .where("free.name", "=", name)
        .where((w) => w.or([w("free.holder", "is", null), w("free.lease_until", "<", at)]));
      return isPostgres(db) ? free.forUpdate().skipLocked() : free;
    })
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Keeps a running job's lease alive; false when another process took it meanwhile (it expired). */
export async function renewLease(db: Kysely<Database>, name: string, holder: string, now: Date, leaseMs: number): Promise<boolean> {
  const r = await db
    .updateTable("job_leases")
    .set({ lease_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where("name", "=", name)
    .where("holder", "=", holder)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function releaseLease(db: Kysely<Database>, name: string, holder: string, now: Date): Promise<void> {
  await db.updateTable("job_leases").set({ holder: null, lease_until: null, last_finished_at: now.toISOString() }).where("name", "=", name).where("holder", "=", holder).execute();
}
