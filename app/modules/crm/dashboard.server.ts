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
