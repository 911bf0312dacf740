import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * The board's column totals from lead_counts (issue 27, measured by
 * `npm run bench:postgres`): each broker-and-stage row of 0061 also keeps the
 * sum of its leads' total_value, so a column's count and BRL sum without a
 * search are a few rows read, not a pass over every lead (an admin's board of
 * all brokers over 100,000 leads took 155 ms on SQLite, 64 ms on PostgreSQL).
 * The same triggers as 0061, now also following total_value.
 */
const key = (row: "new" | "old") => `coalesce(${row}.broker_id, ''), coalesce(${row}.stage_id, 0)`;
const where = (row: "new" | "old") => `broker_key = coalesce(${row}.broker_id, '') and stage_key = coalesce(${row}.stage_id, 0)`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("lead_counts").addColumn("total", "real", (c) => c.notNull().defaultTo(0)).execute();
  await sql`update lead_counts set total = coalesce((select sum(coalesce(l.total_value, 0)) from leads l
      where coalesce(l.broker_id, '') = lead_counts.broker_key and coalesce(l.stage_id, 0) = lead_counts.stage_key), 0)`.execute(db);
  if (isPostgres(db)) return upPostgres(db);
  for (const name of ["lead_counts_insert", "lead_counts_delete", "lead_counts_update"]) await sql`drop trigger ${sql.raw(name)}`.execute(db);
  await sql
    .raw(`create trigger lead_counts_insert after insert on leads begin
      insert into lead_counts (broker_key, stage_key, n, total) values (${key("new")}, 1, coalesce(new.total_value, 0))
        on conflict (broker_key, stage_key) do update set n = n + 1, total = total + excluded.total;
    end`)
    .execute(db);
  await sql
    .raw(`create trigger lead_counts_delete after delete on leads begin
      update lead_counts set n = n - 1, total = total - coalesce(old.total_value, 0) where ${where("old")};
    end`)
    .execute(db);
  await sql
    .raw(`create trigger lead_counts_update after update of broker_id, stage_id, total_value on leads
    when old.broker_id is not new.broker_id or old.stage_id is not new.stage_id or old.total_value is not new.total_value begin
      update lead_counts set n = n - 1, total = total - coalesce(old.total_value, 0) where ${where("old")};
      insert into lead_counts (broker_key, stage_key, n, total) values (${key("new")}, 1, coalesce(new.total_value, 0))
        on conflict (broker_key, stage_key) do update set n = n + 1, total = total + excluded.total;
    end`)
    .execute(db);
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  // The statement triggers of 0061 stay; their function now also carries the sums.
  await sql`create or replace function lead_counts_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into lead_counts (broker_key, stage_key, n, total)
        select coalesce(broker_id, ''), coalesce(stage_id, 0), count(*), coalesce(sum(total_value), 0) from added group by 1, 2
        on conflict (broker_key, stage_key) do update set n = lead_counts.n + excluded.n, total = lead_counts.total + excluded.total;
      elsif tg_op = 'DELETE' then
        update lead_counts c set n = c.n - d.n, total = c.total - d.t
        from (select coalesce(broker_id, '') as b, coalesce(stage_id, 0) as s, count(*) as n, coalesce(sum(total_value), 0) as t from removed group by 1, 2) d
        where c.broker_key = d.b and c.stage_key = d.s;
      else
        insert into lead_counts (broker_key, stage_key, n, total)
        select b, s, sum(n), sum(t) from (
          select coalesce(broker_id, '') as b, coalesce(stage_id, 0) as s, 1 as n, coalesce(total_value, 0) as t from added
          union all
          select coalesce(broker_id, ''), coalesce(stage_id, 0), -1, -coalesce(total_value, 0) from removed
        ) d group by b, s having sum(n) <> 0 or sum(t) <> 0
        on conflict (broker_key, stage_key) do update set n = lead_counts.n + excluded.n, total = lead_counts.total + excluded.total;
      end if;
      return null;
    end $$`.execute(db);
}
