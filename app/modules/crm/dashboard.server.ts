import { addDays, agencyInstant, agencyTime, type LocalDate } from "~/utils/clock";
import { db } from "~/modules/platform/db.server";
import { brokerScope } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";

/** The four counts of the broker dashboard (02 §2.2); an admin sees everyone's. */
export async function brokerDashboardStats(user: SessionUser) {
  const scope = brokerScope(user);
  const since = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000).toISOString();
  const now = new Date().toISOString();
  const leadCount = (from?: string) => {
    let q = db().selectFrom("leads").select((eb) => eb.fn.countAll<number>().as("n"));
    if (scope) q = q.where("broker_id", "=", scope);
    if (from) q = q.where("created_at", ">=", from);
    return q.executeTakeFirstOrThrow().then((r) => Number(r.n));
  };
  let pending = db()
    .selectFrom("crm_activities")
    .innerJoin("crm_deals", "crm_deals.id", "crm_activities.deal_id")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("crm_activities.completed_at", "is", null)
    .where((eb) => eb.or([eb("crm_activities.due_at", "is", null), eb("crm_activities.due_at", "<=", now)]));
  if (scope) pending = pending.where("crm_deals.owner_id", "=", scope);
  const [totalLeads, recentLeads, available, pendingActivities] = await Promise.all([
    leadCount(),
    leadCount(since),
    db().selectFrom("properties").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "available").executeTakeFirstOrThrow(),
    pending.executeTakeFirstOrThrow(),
  ]);
  return { totalLeads, recentLeads, availableProperties: Number(available.n), pendingActivities: Number(pendingActivities.n) };
}

export const CHART_WEEKS = 8;

/** The agency's Monday 00:00 of the week holding `date` (a local calendar date). */
function weekStart(date: Date): LocalDate {
  const today = agencyTime(date);
  return addDays(today, -((today.weekday + 6) % 7));
}

/**
 * New leads per week over the last 8 weeks (oldest first) and the funnel:
 * leads per stage in pipeline order. One query each, counted by SQL.
 */
export async function brokerDashboardCharts(user: SessionUser, now = new Date()) {
  const scope = brokerScope(user);
  const first = addDays(weekStart(now), -7 * (CHART_WEEKS - 1));
  const bounds = Array.from({ length: CHART_WEEKS + 1 }, (_, i) => agencyInstant(addDays(first, 7 * i)).toISOString());
  let weekly = db()
    .selectFrom("leads")
    .select((eb) =>
      bounds.slice(0, -1).map((from, i) =>
        eb.fn
          .sum<number>(eb.case().when(eb.and([eb("created_at", ">=", from), eb("created_at", "<", bounds[i + 1])])).then(1).else(0).end())
          .as(`w${i}`),
      ),
    )
    .where("created_at", ">=", bounds[0]);
  if (scope) weekly = weekly.where("broker_id", "=", scope);
  const funnel = db()
    .selectFrom("crm_stages")
    .leftJoin("leads", (join) => {
      const j = join.onRef("leads.stage_id", "=", "crm_stages.id");
      return scope ? j.on("leads.broker_id", "=", scope) : j;
    })
    .select((eb) => ["crm_stages.id", "crm_stages.name", "crm_stages.position", eb.fn.count<number>("leads.id").as("n")])
    .groupBy(["crm_stages.id", "crm_stages.name", "crm_stages.position"])
    .orderBy("crm_stages.position")
    .orderBy("crm_stages.name");
  const [weekRow, stages] = await Promise.all([weekly.executeTakeFirst(), funnel.execute()]);
  const row = (weekRow ?? {}) as Record<string, number | null>;
  return {
    weeks: bounds.slice(0, -1).map((from, i) => ({ from, count: Number(row[`w${i}`] ?? 0) })),
    funnel: stages.map((s) => ({ id: s.id, name: s.name, count: Number(s.n) })),
  };
}
