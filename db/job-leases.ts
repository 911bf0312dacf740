import { sql, type Kysely } from "kysely";
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

/** The session-level advisory lock of the start-up (any constant of our own, not WRITE_LOCK_KEY). */
const START_UP_LOCK_KEY = 2_718_281_829;

/**
 * Runs `work` while no other process runs its start-up (PostgreSQL: a
 * session advisory lock on a connection held for the purpose, released when
 * `work` ends or the process dies). Processes started together on an empty
 * database thus create one default pipeline, one demo, one admin. SQLite
 * serves one process: `work` just runs.
 */
export async function withStartUpLock<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return work();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${sql.lit(START_UP_LOCK_KEY)})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(START_UP_LOCK_KEY)})`.execute(connection);
    }
  });
}
