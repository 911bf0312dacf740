import { data } from "react-router";
import { db, nowIso } from "~/modules/platform/db.server";
import type { SessionUser } from "~/modules/auth/session.server";
import type { ActivityType } from "#db/schema";
import { activityState, CRM_MESSAGES, type ActivityState } from "./labels";
import { ACTIVITY_MESSAGES } from "./activity-form";
import { requireLead } from "~/modules/leads/lead-access.server";
import { ensureLeadDeal, findLeadDeal, requireDeal } from "./deals.server";

/**
 * Activities (02 §4): create on a lead (its deal is created when first
 * needed) or on a deal; Concluir sets completed_at, Reabrir clears it.
 * The activities SCREEN (/broker/crm/activities) lives with the board.
 */
export type Activity = {
  id: number;
  dealId: number;
  subject: string;
  type: ActivityType;
  content: string | null;
  dueAt: string | null;
  completedAt: string | null;
  createdAt: string;
  state: ActivityState;
};

export type NewActivity = { subject?: string; content?: string; type?: ActivityType; dueAt?: string | null };

export async function listLeadActivities(user: SessionUser, leadId: number, now: Date = new Date()): Promise<Activity[]> {
  await requireLead(user, leadId, "read");
  const deal = await findLeadDeal(leadId);
  if (!deal) return [];
  const rows = await db()
    .selectFrom("crm_activities")
    .select(["id", "deal_id", "subject", "type", "content", "due_at", "completed_at", "created_at"])
    .where("deal_id", "=", deal.id)
    .orderBy("due_at", "asc")
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    dealId: r.deal_id,
    subject: r.subject,
    type: r.type,
    content: r.content,
    dueAt: r.due_at,
    completedAt: r.completed_at,
    createdAt: r.created_at,
    state: activityState(r, now),
  }));
}

function checkText(input: NewActivity) {
  const subject = (input.subject ?? "").trim();
  const content = (input.content ?? "").trim();
  if (!subject && !content) throw data({ message: CRM_MESSAGES.activityNeedsText }, { status: 400 });
  return { subject: subject.slice(0, 200), content: content ? content.slice(0, 5000) : null };
}

export async function createLeadActivity(user: SessionUser, leadId: number, input: NewActivity): Promise<number> {
  const text = checkText(input);
  return db()
    .transaction()
    .execute(async (tx) => {
      const lead = await requireLead(user, leadId, "update", tx);
      const deal = await ensureLeadDeal(tx, lead, user.broker?.id ?? null);
      const row = await tx
        .insertInto("crm_activities")
        .values({ deal_id: deal.id, ...text, type: input.type ?? "followup", due_at: input.dueAt ?? null, template_id: null, created_by: user.id, created_at: nowIso() })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    });
}

export async function createDealActivity(user: SessionUser, dealId: number, input: NewActivity): Promise<number> {
  const text = checkText(input);
  const deal = await requireDeal(user, dealId);
  const row = await db()
    .insertInto("crm_activities")
    .values({ deal_id: deal.id, ...text, type: input.type ?? "followup", due_at: input.dueAt ?? null, template_id: null, created_by: user.id, created_at: nowIso() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An activity the user may change (its deal's access rule); with `leadId`, it must also belong to that lead (the lead page). */
async function requireActivity(user: SessionUser, activityId: number, scope: { leadId?: number } = {}) {
  let q = db().selectFrom("crm_activities").innerJoin("crm_deals", "crm_deals.id", "crm_activities.deal_id").select(["crm_activities.id", "crm_activities.deal_id"]);
  if (scope.leadId !== undefined) q = q.where("crm_deals.external_source_id", "=", scope.leadId);
  const act = Number.isSafeInteger(activityId) ? await q.where("crm_activities.id", "=", activityId).executeTakeFirst() : undefined;
  if (!act) throw data({ message: ACTIVITY_MESSAGES.notFound }, { status: 404 });
  await requireDeal(user, act.deal_id);
  return act;
}

export async function completeActivity(user: SessionUser, activityId: number, scope: { leadId?: number } = {}): Promise<void> {
  await requireActivity(user, activityId, scope);
  await db().updateTable("crm_activities").set({ completed_at: nowIso() }).where("id", "=", activityId).execute();
}

export async function reopenActivity(user: SessionUser, activityId: number, scope: { leadId?: number } = {}): Promise<void> {
  await requireActivity(user, activityId, scope);
  await db().updateTable("crm_activities").set({ completed_at: null }).where("id", "=", activityId).execute();
}

/**
 * Deletes activities (02 §7 'delete by ids'), all or none: every id must be
 * one the user may change (and of `leadId` when given), else nothing is
 * deleted and the first refusal is thrown. Returns how many went.
 */
export async function deleteActivities(user: SessionUser, activityIds: readonly number[], scope: { leadId?: number } = {}): Promise<number> {
  const ids = [...new Set(activityIds)];
  if (!ids.length) throw data({ message: CRM_MESSAGES.emptySelection }, { status: 400 });
  for (const id of ids) await requireActivity(user, id, scope);
  await db()
    .transaction()
    .execute(async (tx) => {
      for (let i = 0; i < ids.length; i += 500) await tx.deleteFrom("crm_activities").where("id", "in", ids.slice(i, i + 500)).execute();
    });
  return ids.length;
}
