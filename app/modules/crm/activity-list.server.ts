import { sql } from "kysely";
import { z } from "zod";
import type { SessionUser } from "~/modules/auth/session.server";
import { parseRef as parseBrokerId } from "~/modules/leads/referral";
import { db } from "~/modules/platform/db.server";
import { agencyDayBounds } from "~/utils/clock";
import { activityState } from "./labels";
import { canAdministerCrm } from "~/modules/auth/permissions.server";
import { pageParam, parseRecordId } from "~/utils/query-schema";

/**
 * The activities screen (02 §2.7): status (default pending) and deal_id
 * filters, due filter overdue/today/upcoming (7 days), 10 a page. Brokers see
 * the activities of their own leads and opportunities; admins everyone's or
 * one broker's.
 */
export const ACTIVITIES_PAGE_SIZE = 10;

export const activityFiltersSchema = z.object({
  status: z.enum(["pending", "completed", "all"]).catch("pending"),
  due: z.enum(["", "overdue", "today", "upcoming"]).catch(""),
  deal_id: z
    .unknown()
    .transform((v) => parseRecordId(v) ?? undefined)
    .optional(),
  broker: z.string().max(40).optional().catch(undefined),
  page: pageParam,
});
export type ActivityFilters = z.infer<typeof activityFiltersSchema>;

export async function listActivities(user: SessionUser, f: ActivityFilters, now = new Date()) {
  const scope = canAdministerCrm(user) ? parseBrokerId(f.broker) : (user.broker?.id ?? "__none__");
  const bounds = agencyDayBounds(now);
  const [start, end] = [bounds.start.toISOString(), bounds.end.toISOString()];
  let q = db()
    .selectFrom("crm_activities")
    .innerJoin("crm_deals", "crm_deals.id", "crm_activities.deal_id")
    .leftJoin("leads", "leads.id", "crm_deals.external_source_id");
  if (scope) {
    q = q.where((eb) =>
      eb.or([eb("leads.broker_id", "=", scope), eb.and([eb("crm_deals.external_source_id", "is", null), eb("crm_deals.owner_id", "=", scope)])]),
    );
  }
  if (f.status === "pending") q = q.where("crm_activities.completed_at", "is", null);
  if (f.status === "completed") q = q.where("crm_activities.completed_at", "is not", null);
  if (f.deal_id) q = q.where("crm_activities.deal_id", "=", f.deal_id);
  if (f.due === "overdue") q = q.where("crm_activities.due_at", "<", start).where("crm_activities.completed_at", "is", null);
  if (f.due === "today") q = q.where("crm_activities.due_at", ">=", start).where("crm_activities.due_at", "<", end);
  if (f.due === "upcoming") q = q.where("crm_activities.due_at", ">=", end).where("crm_activities.due_at", "<=", new Date(Date.parse(end) + 7 * 86_400_000).toISOString());
  const total = Number((await q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const pageCount = Math.max(1, Math.ceil(total / ACTIVITIES_PAGE_SIZE));
  const page = Math.min(f.page, pageCount);
  const rows = await q
    .select([
      "crm_activities.id",
      "crm_activities.subject",
      "crm_activities.type",
      "crm_activities.content",
      "crm_activities.due_at",
      "crm_activities.completed_at",
      "crm_activities.deal_id",
      "crm_deals.title as deal_title",
      "leads.id as lead_id",
      "leads.name as lead_name",
    ])
    // due date ascending (no date last), then newest first (02 §7)
    .orderBy(sql`case when crm_activities.due_at is null then 1 else 0 end`)
    .orderBy("crm_activities.due_at", "asc")
    .orderBy("crm_activities.created_at", "desc")
    .limit(ACTIVITIES_PAGE_SIZE)
    .offset((page - 1) * ACTIVITIES_PAGE_SIZE)
    .execute();
  return { rows: rows.map((r) => ({ ...r, state: activityState(r, now) })), total, page, pageCount };
}

/** Lead search of the 'Nova atividade' modal: at least 2 characters, at most 10 results, newest first. */
export async function searchLeadsForActivity(user: SessionUser, text: string) {
  const t = text.trim().slice(0, 100);
  if ([...t].length < 2) return [];
  const like = `%${t.replace(/[%_\\]/g, "")}%`;
  let q = db()
    .selectFrom("leads")
    .select(["id", "name", "email", "phone"])
    .where((eb) => eb.or([eb("name", "like", like), eb("email", "like", like), eb("phone", "like", like), eb("property_title", "like", like)]));
  if (!canAdministerCrm(user)) q = q.where("broker_id", "=", user.broker?.id ?? "__none__");
  return q.orderBy("created_at", "desc").orderBy("id", "desc").limit(10).execute();
}

/** One lead for the 'Nova atividade' modal (the one already chosen), if the user may see it. */
export async function leadForActivity(user: SessionUser, leadId: number | null) {
  if (!leadId) return null;
  let q = db().selectFrom("leads").select(["id", "name", "email", "phone"]).where("id", "=", leadId);
  if (!canAdministerCrm(user)) q = q.where("broker_id", "=", user.broker?.id ?? "__none__");
  return (await q.executeTakeFirst()) ?? null;
}
