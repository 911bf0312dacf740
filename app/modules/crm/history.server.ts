import { db } from "~/modules/platform/db.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { requireLead } from "~/modules/leads/lead-access.server";

/**
 * The lead's history, derived from what was recorded: stage changes
 * (crm_stage_changes, with who and when), notes and activities of its deal,
 * and its creation. Newest first.
 */
export type StageChangeEntry = {
  id: number;
  fromStage: string | null;
  toStage: string | null;
  changedBy: string | null;
  changedAt: string;
};

export async function stageHistory(user: SessionUser, leadId: number): Promise<StageChangeEntry[]> {
  await requireLead(user, leadId, "read");
  const rows = await db()
    .selectFrom("crm_stage_changes as c")
    .leftJoin("crm_stages as f", "f.id", "c.from_stage_id")
    .leftJoin("crm_stages as t", "t.id", "c.to_stage_id")
    .select(["c.id", "f.name as from_name", "t.name as to_name", "c.changed_by_email", "c.changed_at"])
    .where("c.lead_id", "=", leadId)
    .orderBy("c.changed_at", "desc")
    .orderBy("c.id", "desc")
    .limit(200)
    .execute();
  return rows.map((r) => ({ id: r.id, fromStage: r.from_name, toStage: r.to_name, changedBy: r.changed_by_email, changedAt: r.changed_at }));
}

export type TimelineEntry =
  | { kind: "created"; at: string }
  | { kind: "stage"; at: string; from: string | null; to: string | null; by: string | null }
  | { kind: "note"; at: string; body: string; by: string | null }
  | { kind: "activity"; at: string; subject: string; completedAt: string | null };

export async function leadTimeline(user: SessionUser, leadId: number): Promise<TimelineEntry[]> {
  const stages = await stageHistory(user, leadId);
  const lead = await db().selectFrom("leads").select("created_at").where("id", "=", leadId).executeTakeFirstOrThrow();
  const deal = await db().selectFrom("crm_deals").select("id").where("external_source_id", "=", leadId).executeTakeFirst();
  const entries: TimelineEntry[] = [{ kind: "created", at: lead.created_at }];
  for (const s of stages) entries.push({ kind: "stage", at: s.changedAt, from: s.fromStage, to: s.toStage, by: s.changedBy });
  if (deal) {
    const notes = await db()
      .selectFrom("crm_notes")
      .leftJoin("users", "users.id", "crm_notes.owner_id")
      .select(["crm_notes.body", "crm_notes.created_at", "users.email"])
      .where("deal_id", "=", deal.id)
      .execute();
    for (const n of notes) entries.push({ kind: "note", at: n.created_at, body: n.body, by: n.email });
    const acts = await db().selectFrom("crm_activities").select(["subject", "created_at", "completed_at"]).where("deal_id", "=", deal.id).execute();
    for (const a of acts) entries.push({ kind: "activity", at: a.created_at, subject: a.subject, completedAt: a.completed_at });
  }
  return entries.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}
