import { data } from "react-router";
import { db, type DbOrTx } from "~/modules/platform/db.server";
import { assertCan, type Action, canAdministerCrm } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { CRM_MESSAGES } from "~/modules/crm/labels";

/**
 * The one gate to a single lead: loads id + broker and asks the permission
 * module. Someone else's lead answers exactly like a missing one
 * (404 'Lead não encontrado.'), so ids cannot be probed.
 */
export type LeadRef = { id: number; broker_id: string | null; stage_id: number | null; name: string; email: string; phone: string };

export async function requireLead(user: SessionUser, leadId: number, action: Action = "read", conn: DbOrTx = db()): Promise<LeadRef> {
  if (!Number.isSafeInteger(leadId) || leadId <= 0) throw leadNotFound();
  const lead = await conn
    .selectFrom("leads")
    .select(["id", "broker_id", "stage_id", "name", "email", "phone"])
    .where("id", "=", leadId)
    .executeTakeFirst();
  if (!lead) throw leadNotFound();
  // Reading is checked first so a refused change on someone else's lead is also a 404.
  assertCan(user, "read", "lead", { brokerId: lead.broker_id }, { hideAs404: true, message: CRM_MESSAGES.leadNotFound });
  if (action !== "read") assertCan(user, action, "lead", { brokerId: lead.broker_id }, { message: action === "delete" ? CRM_MESSAGES.deleteAdminOnly : undefined });
  return lead;
}

export function leadNotFound() {
  return data({ message: CRM_MESSAGES.leadNotFound }, { status: 404 });
}

/** Of these ids, the ones the user may act on (bulk actions); others are silently dropped. */
export async function permittedLeadIds(user: SessionUser, ids: readonly number[], conn: DbOrTx = db()): Promise<number[]> {
  const clean = [...new Set(ids.filter((n) => Number.isSafeInteger(n) && n > 0))];
  if (!clean.length) return [];
  const out: number[] = [];
  for (let i = 0; i < clean.length; i += 500) {
    let q = conn.selectFrom("leads").select("id").where("id", "in", clean.slice(i, i + 500));
    if (!canAdministerCrm(user)) q = q.where("broker_id", "=", user.broker?.id ?? "__none__");
    out.push(...(await q.execute()).map((r) => r.id));
  }
  return out;
}
