import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * Fast exact totals and deep pages on PostgreSQL (issue 27, measured by
 * `npm run bench:postgres`):
 *
 * - lead_counts: how many leads each broker has in each stage (broker_key ''
 *   for leads without a broker, stage_key 0 for leads without a stage), kept
 *   by triggers on leads. The lead list's total without a search is a sum of
 *   a few of these rows instead of a count(*) over the leads: SQLite counts
 *   a whole table from its b-tree's pages, PostgreSQL must read an index
 *   entry per lead (an admin's list of 100,000 leads was 8–22× SQLite's).
 *   SQLite: row triggers. PostgreSQL: statement triggers with transition
 *   tables (one upsert per changed key per statement; they also see the
 *   updates made by the foreign keys' ON DELETE SET NULL).
 * - PostgreSQL only: the public catalogue's recent order and the lead list's
 *   date order get indexes that end with the id, so a deep page's ids are
 *   read from the index alone (index-only scan) instead of fetching every
 *   skipped row. SQLite's indexes already end with the rowid (the id).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("lead_counts")
    .addColumn("broker_key", "text", (c) => c.notNull())
    .addColumn("stage_key", "integer", (c) => c.notNull())
    .addColumn("n", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("lead_counts_pk", ["broker_key", "stage_key"])
    .execute();
  await sql`insert into lead_counts (broker_key, stage_key, n)
    select coalesce(broker_id, ''), coalesce(stage_id, 0), count(*) from leads group by coalesce(broker_id, ''), coalesce(stage_id, 0)`.execute(db);
  if (isPostgres(db)) return upPostgres(db);
  await sql`create trigger lead_counts_insert after insert on leads begin
      insert into lead_counts (broker_key, stage_key, n) values (coalesce(new.broker_id, ''), coalesce(new.stage_id, 0), 1)
        on conflict (broker_key, stage_key) do update set n = n + 1;
    end`.execute(db);
  await sql`create trigger lead_counts_delete after delete on leads begin
      update lead_counts set n = n - 1 where broker_key = coalesce(old.broker_id, '') and stage_key = coalesce(old.stage_id, 0);
    end`.execute(db);
  await sql`create trigger lead_counts_update after update of broker_id, stage_id on leads
    when old.broker_id is not new.broker_id or old.stage_id is not new.stage_id begin
      update lead_counts set n = n - 1 where broker_key = coalesce(old.broker_id, '') and stage_key = coalesce(old.stage_id, 0);
      insert into lead_counts (broker_key, stage_key, n) values (coalesce(new.broker_id, ''), coalesce(new.stage_id, 0), 1)
        on conflict (broker_key, stage_key) do update set n = n + 1;
    end`.execute(db);
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  // Net change per key of one statement; keys whose count did not change (an update of other columns) are left alone.
  await sql`create function lead_counts_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into lead_counts (broker_key, stage_key, n)
        select coalesce(broker_id, ''), coalesce(stage_id, 0), count(*) from added group by 1, 2
        on conflict (broker_key, stage_key) do update set n = lead_counts.n + excluded.n;
      elsif tg_op = 'DELETE' then
        update lead_counts c set n = c.n - d.n
        from (select coalesce(broker_id, '') as b, coalesce(stage_id, 0) as s, count(*) as n from removed group by 1, 2) d
        where c.broker_key = d.b and c.stage_key = d.s;
      else
        insert into lead_counts (broker_key, stage_key, n)
        select b, s, sum(n) from (
          select coalesce(broker_id, '') as b, coalesce(stage_id, 0) as s, 1 as n from added
          union all
          select coalesce(broker_id, ''), coalesce(stage_id, 0), -1 from removed
        ) d group by b, s having sum(n) <> 0
        on conflict (broker_key, stage_key) do update set n = lead_counts.n + excluded.n;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger lead_counts_insert after insert on leads referencing new table as added
    for each statement execute function lead_counts_sync()`.execute(db);
  await sql`create trigger lead_counts_update after update on leads referencing old table as removed new table as added
    for each statement execute function lead_counts_sync()`.execute(db);
  await sql`create trigger lead_counts_delete after delete on leads referencing old table as removed
    for each statement execute function lead_counts_sync()`.execute(db);

  await sql`create index properties_status_created_id_idx on properties (status, created_at, id)`.execute(db);
  await sql`drop index if exists properties_status_created_idx`.execute(db);
  await sql`create index leads_created_id_idx on leads (created_at, id)`.execute(db);
  await sql`drop index if exists leads_created_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create index if not exists leads_created_idx on leads (created_at)`.execute(db);
    await sql`drop index if exists leads_created_id_idx`.execute(db);
    await sql`create index if not exists properties_status_created_idx on properties (status, created_at)`.execute(db);
    await sql`drop index if exists properties_status_created_id_idx`.execute(db);
    await sql`drop function if exists lead_counts_sync() cascade`.execute(db);
  } else {
    for (const t of ["lead_counts_insert", "lead_counts_delete", "lead_counts_update"]) await sql`drop trigger if exists ${sql.id(t)}`.execute(db);
  }
  await db.schema.dropTable("lead_counts").ifExists().execute();
}
