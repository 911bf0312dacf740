import { data } from "react-router";
import { db, nowIso } from "~/modules/platform/db.server";
import type { SessionUser } from "~/modules/auth/session.server";
import type { ActivityType } from "#db/schema";
import { activityState, CRM_MESSAGES, type ActivityState } from "./labels";
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

async function requireActivity(user: SessionUser, activityId: number) {
  const act = Number.isSafeInteger(activityId)
    ? await db().selectFrom("crm_activities").select(["id", "deal_id"]).where("id", "=", activityId).executeTakeFirst()
    : undefined;
  if (!act) throw data({ message: "Atividade não encontrada." }, { status: 404 });
  await requireDeal(user, act.deal_id);
  return act;
}

export async function completeActivity(user: SessionUser, activityId: number): Promise<void> {
  await requireActivity(user, activityId);
  await db().updateTable("crm_activities").set({ completed_at: nowIso() }).where("id", "=", activityId).execute();
}

export async function reopenActivity(user: SessionUser, activityId: number): Promise<void> {
  await requireActivity(user, activityId);
  await db().updateTable("crm_activities").set({ completed_at: null }).where("id", "=", activityId).execute();
}
