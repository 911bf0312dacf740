import type { SessionUser } from "~/modules/auth/session.server";
import { moveLeadToStage, StageNotFoundError } from "~/modules/crm/deals.server";
import { addNote, deleteNote, updateNote } from "~/modules/crm/notes.server";
import { completeActivity, createLeadActivity, deleteActivities, reopenActivity } from "~/modules/crm/activities.server";
import { newActivityOf } from "~/modules/crm/activity-form";
import { CRM_MESSAGES } from "~/modules/crm/labels";
import { refusalOf } from "~/modules/crm/refusal.server";
import { describeMailError } from "~/modules/messaging/mail.server";
import { LeadWhatsappError, sendWhatsappToLead } from "~/modules/messaging/lead-whatsapp.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { emailLead, updateBusiness } from "./lead-page.server";
import { OFFER_DRAFT_MESSAGES, OfferDraftError, createDraftFromOffer } from "~/modules/offers/offer-draft.server";
import type { LeadPageInput } from "./lead-page";

/** A lead-page action that could not be done: its pt-BR message (beside `field` when given) and the HTTP status. */
export class LeadPageError extends Error {
  constructor(
    message: string,
    readonly status = 400,
    readonly field?: string,
  ) {
    super(message);
  }
}

/**
 * Runs one intent of the lead page for a user (every service checks the
 * lead's access itself) and returns the toast. A refusal, a failed send or
 * a stale id comes back as a LeadPageError so the form shows it with what
 * was typed.
 */
export async function runLeadPageIntent(user: SessionUser, leadId: number, input: LeadPageInput): Promise<LeadPageOutcome> {
  try {
    const outcome = await run(user, leadId, input);
    return typeof outcome === "string" ? { message: outcome } : outcome;
  } catch (error) {
    if (error instanceof LeadPageError) throw error;
    if (error instanceof OfferDraftError) throw new LeadPageError(error.message, error.status);
    if (error instanceof StageNotFoundError) throw new LeadPageError(CRM_MESSAGES.stageNotSelected, 400);
    if (error instanceof LeadWhatsappError) throw new LeadPageError(error.message, 400);
    const refusal = refusalOf(error);
    if (refusal) throw new LeadPageError(refusal.message, refusal.status);
    log.error("lead page action failed", { intent: input.intent, leadId, ...errorFields(error) });
    throw new LeadPageError(input.intent === "stage" ? "Falha ao atualizar estágio" : input.intent === "offer-draft" ? "Falha ao criar o rascunho do imóvel" : "Falha ao salvar", 500);
  }
}

/** The toast, and where to go when it is not back to the lead page (the draft property's editor). */
export type LeadPageOutcome = { message: string; to?: string };

async function run(user: SessionUser, leadId: number, input: LeadPageInput): Promise<string | LeadPageOutcome> {
  switch (input.intent) {
    case "stage":
      await moveLeadToStage(user, leadId, input.stage);
      return "Etapa atualizada";
    case "business":
      await updateBusiness(user, leadId, { rating: input.rating, totalValue: input.total_value ?? null, tags: input.tags });
      return "Negócio atualizado";
    case "rating":
      await updateBusiness(user, leadId, { rating: input.rating });
      return "Avaliação salva";
    case "note-add":
      await addNote(user, leadId, input.body);
      return "Anotação adicionada";
    case "note-edit":
      await updateNote(user, leadId, input.note, input.body);
      return "Anotação atualizada";
    case "note-delete":
      await deleteNote(user, leadId, input.note);
      return "Anotação excluída";
    case "activity-add":
      await createLeadActivity(user, leadId, newActivityOf(input));
      return "Atividade criada";
    case "activity-complete":
      await completeActivity(user, input.activity, { leadId });
      return "Atividade concluída";
    case "activity-reopen":
      await reopenActivity(user, input.activity, { leadId });
      return "Atividade reaberta";
    case "activity-delete":
      await deleteActivities(user, [input.activity], { leadId });
      return "Atividade excluída";
    case "email":
      try {
        await emailLead(user, leadId, { subject: input.subject ?? "", message: input.message ?? "" });
      } catch (error) {
        if (refusalOf(error)) throw error;
        log.warn("e-mail to lead failed", { leadId, ...errorFields(error) });
        throw new LeadPageError(`Falha ao enviar email: ${describeMailError(error)}`, 502);
      }
      return "Email enviado";
    case "whatsapp": {
      const { to } = await sendWhatsappToLead(user, leadId, input.message);
      return `Mensagem enviada pelo WhatsApp para ${to}`;
    }
    case "offer-draft": {
      // 'Criar rascunho de imóvel' (issue 28): once; a second press opens the same draft
      const { propertyId, created } = await createDraftFromOffer(user, leadId);
      const to = user.role === "admin" ? `/admin/imoveis/${propertyId}/editar` : `/broker/properties/${propertyId}/editar`;
      return { message: created ? OFFER_DRAFT_MESSAGES.created : OFFER_DRAFT_MESSAGES.existing, to };
    }
  }
}
