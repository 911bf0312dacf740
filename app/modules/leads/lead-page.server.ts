import { data } from "react-router";
import { z } from "zod";
import { db, nowIso, parseJsonList, toJsonList } from "~/modules/platform/db.server";
import { can } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { smtpOverrideFor } from "~/modules/messaging/smtp-settings.server";
import { sendBrokerMail } from "~/modules/messaging/mail.server";
import { whatsappHistoryOf } from "~/modules/messaging/lead-whatsapp.server";
import { optOutOf } from "~/modules/messaging/opt-out.server";
import { CRM_MESSAGES } from "~/modules/crm/labels";
import { requireLead } from "./lead-access.server";
import { LEAD_BROKER_COLUMNS, LEAD_CONTACT_COLUMNS } from "./lead-list.server";
import { listPipelineStages, findLostStage, findWonStage } from "~/modules/crm/stages.server";
import { listLeadActivities } from "~/modules/crm/activities.server";
import { listNotes } from "~/modules/crm/notes.server";
import { stageHistory } from "~/modules/crm/history.server";
import { findLeadDeal } from "~/modules/crm/deals.server";
import { offerSection } from "~/modules/offers/offers.server";

/** Everything the lead page shows (02 §2.5), for a user allowed to read the lead. */
export async function leadPage(user: SessionUser, leadId: number) {
  await requireLead(user, leadId, "read");
  const lead = await db()
    .selectFrom("leads")
    .leftJoin("brokers", "brokers.id", "leads.broker_id")
    .select([
      ...LEAD_CONTACT_COLUMNS,
      "leads.stage_id",
      "leads.status",
      "leads.rating",
      "leads.total_value",
      "leads.tags",
      "leads.priority",
      "leads.created_at",
      ...LEAD_BROKER_COLUMNS,
      "brokers.profile_image as broker_photo",
    ])
    .where("leads.id", "=", leadId)
    .executeTakeFirstOrThrow();
  const [stages, activities, notes, history, deal, smtp, whatsapp, whatsappSent, whatsappOptOut, offer] = await Promise.all([
    listPipelineStages(),
    listLeadActivities(user, leadId),
    listNotes(user, leadId),
    stageHistory(user, leadId),
    findLeadDeal(leadId),
    smtpOverrideFor(user.broker?.id ?? lead.broker_id),
    whatsappStatus(user.broker?.id ?? lead.broker_id),
    whatsappHistoryOf(lead.id),
    optOutOf(lead.phone),
    offerSection(user, leadId),
  ]);
  const won = findWonStage(stages);
  const lost = findLostStage(stages);
  return {
    lead: { ...lead, tags: parseJsonList(lead.tags) },
    stages,
    wonStageId: won?.id ?? null,
    lostStageId: lost?.id ?? null,
    activities,
    notes,
    history,
    dealId: deal?.id ?? null,
    smtpActive: !!smtp,
    whatsapp,
    canEditNotes: can(user, "update", "note"),
    whatsappSent,
    // on the WhatsApp suppression list (issue 25): no send form, a badge instead
    whatsappOptOut,
    // a 'captacao' lead's offered property (issue 28, offers/offers.server.ts)
    offer,
  };
}

async function whatsappStatus(brokerId: string | null): Promise<"connected" | "disconnected" | "not-configured"> {
  if (!brokerId) return "not-configured";
  const row = await db().selectFrom("whatsapp_connections").select("status").where("broker_id", "=", brokerId).orderBy("updated_at", "desc").limit(1).executeTakeFirst();
  if (!row) return "not-configured";
  return row.status === "connected" ? "connected" : "disconnected";
}

export async function updateBusiness(user: SessionUser, leadId: number, input: { rating?: number; totalValue?: number | null; tags?: string[] }) {
  const lead = await requireLead(user, leadId, "update");
  const now = nowIso();
  await db()
    .transaction()
    .execute(async (tx) => {
      await tx
        .updateTable("leads")
        .set({
          updated_at: now,
          ...(input.rating !== undefined ? { rating: input.rating } : {}),
          ...(input.totalValue !== undefined ? { total_value: input.totalValue } : {}),
          ...(input.tags !== undefined ? { tags: toJsonList(input.tags) } : {}),
        })
        .where("id", "=", lead.id)
        .execute();
      if (input.rating !== undefined) await tx.updateTable("crm_deals").set({ rating: input.rating, updated_at: now }).where("external_source_id", "=", lead.id).execute();
      if (input.totalValue !== undefined) await tx.updateTable("crm_deals").set({ amount: input.totalValue, updated_at: now }).where("external_source_id", "=", lead.id).execute();
    });
}

/** One e-mail to the lead through the user's SMTP (or the site's, or the outbox). */
export async function emailLead(user: SessionUser, leadId: number, input: { subject: string; message: string }) {
  const lead = await requireLead(user, leadId, "update");
  if (!z.email().safeParse(lead.email).success) throw data({ message: CRM_MESSAGES.noValidEmails }, { status: 400 });
  if (!input.subject && !input.message) throw data({ message: CRM_MESSAGES.fillMessage }, { status: 400 });
  const override = await smtpOverrideFor(user.broker?.id);
  return sendBrokerMail({ to: lead.email, subject: input.subject || "(sem assunto)", text: input.message }, override);
}
