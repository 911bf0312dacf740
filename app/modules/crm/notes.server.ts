import { data } from "react-router";
import { db, nowIso } from "~/modules/platform/db.server";
import { can } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { CRM_MESSAGES } from "./labels";
import { requireLead } from "~/modules/leads/lead-access.server";
import { ensureLeadDeal, findLeadDeal } from "./deals.server";

/** Anotações of a lead (02 §2.5, §6): anyone allowed on the lead adds; only admins edit or delete. */
export type Note = { id: number; body: string; author: string | null; createdAt: string; updatedAt: string | null };

export const NOTE_MAX = 5000;

export async function listNotes(user: SessionUser, leadId: number): Promise<Note[]> {
  await requireLead(user, leadId, "read");
  const deal = await findLeadDeal(leadId);
  if (!deal) return [];
  const rows = await db()
    .selectFrom("crm_notes")
    .leftJoin("users", "users.id", "crm_notes.owner_id")
    .leftJoin("brokers", "brokers.user_id", "users.id")
    .select(["crm_notes.id", "crm_notes.body", "crm_notes.created_at", "crm_notes.updated_at", "users.name as user_name", "brokers.name as broker_name", "users.email"])
    .where("crm_notes.deal_id", "=", deal.id)
    .orderBy("crm_notes.created_at", "desc")
    .orderBy("crm_notes.id", "desc")
    .execute();
  return rows.map((r) => ({ id: r.id, body: r.body, author: r.broker_name ?? r.user_name ?? r.email, createdAt: r.created_at, updatedAt: r.updated_at }));
}

export async function addNote(user: SessionUser, leadId: number, body: string): Promise<number> {
  const text = body.trim();
  if (!text) throw data({ message: "Escreva a anotação." }, { status: 400 });
  return db()
    .transaction()
    .execute(async (tx) => {
      const lead = await requireLead(user, leadId, "update", tx);
      if (!can(user, "create", "note", { brokerId: lead.broker_id })) throw data({ message: CRM_MESSAGES.leadNotFound }, { status: 404 });
      const deal = await ensureLeadDeal(tx, lead, user.broker?.id ?? null);
      const row = await tx
        .insertInto("crm_notes")
        .values({ deal_id: deal.id, body: text.slice(0, NOTE_MAX), owner_id: user.id, created_at: nowIso(), updated_at: null })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    });
}

/** The note, checked to belong to the given lead (so ids of other leads cannot be reached through this one). */
async function noteOfLead(user: SessionUser, leadId: number, noteId: number) {
  await requireLead(user, leadId, "read");
  if (!can(user, "update", "note")) throw data({ message: CRM_MESSAGES.notesAdminOnly }, { status: 403 });
  const note = Number.isSafeInteger(noteId)
    ? await db()
        .selectFrom("crm_notes")
        .innerJoin("crm_deals", "crm_deals.id", "crm_notes.deal_id")
        .select(["crm_notes.id"])
        .where("crm_notes.id", "=", noteId)
        .where("crm_deals.external_source_id", "=", leadId)
        .executeTakeFirst()
    : undefined;
  if (!note) throw data({ message: "Anotação não encontrada." }, { status: 404 });
  return note;
}

export async function updateNote(user: SessionUser, leadId: number, noteId: number, body: string): Promise<void> {
  const text = body.trim();
  await noteOfLead(user, leadId, noteId);
  if (!text) throw data({ message: "Escreva a anotação." }, { status: 400 });
  await db().updateTable("crm_notes").set({ body: text.slice(0, NOTE_MAX), updated_at: nowIso() }).where("id", "=", noteId).execute();
}

export async function deleteNote(user: SessionUser, leadId: number, noteId: number): Promise<void> {
  await noteOfLead(user, leadId, noteId);
  await db().deleteFrom("crm_notes").where("id", "=", noteId).execute();
}
