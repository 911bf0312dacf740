import { redirect } from "react-router";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { canAdministerCrm } from "~/modules/auth/permissions.server";
import { reassignLeadBroker } from "~/modules/crm/deals.server";
import { CRM_MESSAGES } from "~/modules/crm/labels";
import { refusalOf } from "~/modules/crm/refusal.server";
import { listPipelineStages } from "~/modules/crm/stages.server";
import { parseSubmission, replyWithErrors } from "~/modules/platform/forms.server";
import { log, errorFields } from "~/modules/platform/logger.server";
import { BulkError, bulkDelete, bulkEmailRecipients, bulkMove, sendBulkEmail } from "./bulk.server";
import { permittedLeadIds } from "./lead-access.server";
import { brokerOptions, listLeads, parseLeadListParams } from "./lead-list.server";
import { idArray, leadListActionSchema, listHref, safeListUrl, selectedIds } from "./lead-list";

/**
 * Loader and action of the lead list, shared by /broker/leads and the list
 * view of /broker/crm (?view=list): both route files re-export them and
 * render <LeadListScreen>. Every bulk action is a plain form post; the two
 * steps that need the selection first (the e-mail form with its recipient
 * count, the delete confirmation) are GET states of the list's URL
 * (`?enviar=1&ids=…`, `?excluir=1&ids=…`), so they work without JavaScript.
 */
export async function leadListLoader({ request }: { request: Request }) {
  const user = await requireBrokerArea(request);
  const url = new URL(request.url);
  const params = parseLeadListParams(url);
  const isAdmin = canAdministerCrm(user);
  const view = url.searchParams.get("view") === "list" ? ("list" as const) : undefined;
  const base = { isAdmin, params: { ...params, view }, path: url.pathname, search: url.search, listHref: listHref(url.pathname, url.searchParams) };
  try {
    const [page, stages, brokers] = await Promise.all([listLeads(user, params), listPipelineStages(), isAdmin ? brokerOptions() : Promise.resolve([])]);
    return { ...base, page, stages, brokers, activeBrokers: brokers.filter((b) => b.isActive), step: await bulkStep(user, url.searchParams, isAdmin), error: null as string | null };
  } catch (error) {
    log.error("lead list failed", errorFields(error));
    return { ...base, page: { rows: [], total: 0, totalCapped: false, page: 1, pageCount: 1, pageSize: 10 }, stages: [], brokers: [], activeBrokers: [], step: null, error: "Erro ao carregar leads" };
  }
}

export type BulkStep = { kind: "email"; ids: number[]; recipients: number } | { kind: "delete"; ids: number[] };

/** The selection a bulk step was opened with (a GET of the bulk form), reduced to the leads the user may act on. */
async function bulkStep(user: Awaited<ReturnType<typeof requireBrokerArea>>, query: URLSearchParams, isAdmin: boolean): Promise<BulkStep | null> {
  const kind = query.get("enviar") ? "email" : query.get("excluir") && isAdmin ? "delete" : null;
  if (!kind) return null;
  const ids = await permittedLeadIds(user, selectedIds({ ids: idArray.parse(query.getAll("ids")), pageIds: idArray.parse(query.getAll("pageIds")), allPage: query.get("allPage") === "1" }));
  if (kind === "delete") return { kind, ids };
  return { kind, ids, recipients: (await bulkEmailRecipients(user, ids)).length };
}

const BUTTON_INTENTS: readonly string[] = ["move", "delete", "reassign"];

export async function leadListAction({ request }: { request: Request }) {
  const user = await requireBrokerArea(request);
  const url = new URL(request.url);
  const submission = await parseSubmission(request, leadListActionSchema);
  const back = safeListUrl(submission.payload.returnTo, listHref(url.pathname, url.searchParams));
  if (submission.status !== "success") {
    const intent = String(submission.payload.intent ?? "");
    const first = Object.values(submission.error ?? {}).flat().find(Boolean);
    return replyWithErrors(submission, BUTTON_INTENTS.includes(intent) || !first ? { formErrors: [first ?? CRM_MESSAGES.invalidValue] } : {});
  }
  const input = submission.value;
  try {
    switch (input.intent) {
      case "move": {
        const n = await bulkMove(user, selectedIds(input), input.to_stage);
        return redirectWithToast(back, { type: "success", message: `${n} lead(s) movido(s) de etapa.` });
      }
      case "delete": {
        if (!canAdministerCrm(user)) return replyWithErrors(submission, { formErrors: [CRM_MESSAGES.deleteAdminOnly] }, 403);
        const ids = selectedIds(input);
        if (!ids.length) return replyWithErrors(submission, { formErrors: [CRM_MESSAGES.emptySelection] });
        if (input.confirm !== "yes") {
          // Without JavaScript the confirmation is a page state: the list with the question and the selection.
          const ask = new URL(back, url);
          ask.searchParams.set("excluir", "1");
          for (const id of ids) ask.searchParams.append("ids", String(id));
          throw redirect(`${ask.pathname}${ask.search}`, 303);
        }
        const n = await bulkDelete(user, ids);
        return redirectWithToast(back, { type: "success", message: n === 1 ? CRM_MESSAGES.leadDeleted : `${n} lead(s) excluído(s).` });
      }
      case "reassign":
        await reassignLeadBroker(user, input.lead, input.broker);
        return redirectWithToast(back, { type: "success", message: CRM_MESSAGES.brokerUpdated });
      case "email": {
        const ids = selectedIds(input);
        if (!ids.length) return replyWithErrors(submission, { formErrors: [CRM_MESSAGES.emptySelection] });
        const recipients = await bulkEmailRecipients(user, ids);
        const result = await sendBulkEmail(user, recipients, { subject: input.subject ?? "", message: input.message ?? "" });
        return redirectWithToast(back, { type: result.failed ? "error" : "success", message: bulkEmailSummary(result) });
      }
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof BulkError) return replyWithErrors(submission, { formErrors: [error.message] });
    const refusal = refusalOf(error);
    if (refusal) return replyWithErrors(submission, { formErrors: [refusal.message] }, refusal.status);
    log.error("lead list action failed", { intent: input.intent, ...errorFields(error) });
    const message = input.intent === "delete" ? "Não foi possível concluir a exclusão em lote." : input.intent === "reassign" ? "Falha ao atualizar corretor" : input.intent === "move" ? "Erro ao aplicar etapa" : "Erro ao enviar";
    return replyWithErrors(submission, { formErrors: [message] }, 500);
  }
}

export function bulkEmailSummary(result: { sent: number; failed: number }): string {
  return `Emails enviados: ${result.sent}. Falhas: ${result.failed}.`;
}
