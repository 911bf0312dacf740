import { data } from "react-router";
import { z } from "zod";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/session.server";
import { log, errorFields } from "~/modules/platform/logger.server";
import { brokerOptions, listLeads, parseLeadListParams } from "./lead-list.server";
import { listPipelineStages } from "~/modules/crm/stages.server";
import { BulkError, bulkDelete, bulkEmailRecipients, bulkMove, deleteLead, idList, sendBulkEmail } from "./bulk.server";
import { reassignLeadBroker } from "~/modules/crm/deals.server";
import { CRM_MESSAGES } from "~/modules/crm/labels";
import { canAdministerCrm } from "~/modules/auth/permissions.server";

/**
 * Loader and action of the lead list, shared by /broker/leads and the list
 * view of /broker/crm (?view=list): both route files re-export them and
 * render <LeadListScreen>. Every bulk action is a plain form post.
 */
export async function leadListLoader({ request }: { request: Request }) {
  const user = await requireBrokerArea(request);
  const url = new URL(request.url);
  const params = parseLeadListParams(url);
  const isAdmin = canAdministerCrm(user);
  try {
    const [page, stages, brokers] = await Promise.all([listLeads(user, params), listPipelineStages(), isAdmin ? brokerOptions() : Promise.resolve([])]);
    return { page, stages, brokers, isAdmin, params, path: url.pathname, search: url.search, error: null as string | null };
  } catch (error) {
    log.error("lead list failed", errorFields(error));
    return {
      page: { rows: [], total: 0, page: 1, pageCount: 1, pageSize: 10 },
      stages: [],
      brokers: [],
      isAdmin,
      params,
      path: url.pathname,
      search: url.search,
      error: "Erro ao carregar leads",
    };
  }
}

const actionSchema = z.object({
  intent: z.enum(["move", "delete", "delete-one", "reassign", "email"]),
  stage: z.coerce.number().int().positive().optional().catch(undefined),
  confirm: z.string().optional(),
  lead: z.coerce.number().int().positive().optional().catch(undefined),
  broker: z.string().trim().max(64).optional(),
  subject: z.string().max(200, "No máximo 200 caracteres").optional().default(""),
  message: z.string().max(20_000, "No máximo 20000 caracteres").optional().default(""),
  returnTo: z.string().optional(),
});

export type LeadListActionData = { error: string; intent?: string; confirmDelete?: number[] } | { emailResult: { sent: number; failed: number; total: number } };

export async function leadListAction({ request }: { request: Request }) {
  const user = await requireBrokerArea(request);
  const form = await request.formData();
  const parsed = actionSchema.safeParse(Object.fromEntries([...form.entries()].filter(([k]) => k !== "ids" && k !== "pageIds")));
  const url = new URL(request.url);
  const back = safeListUrl(form.get("returnTo"), url.pathname);
  if (!parsed.success) return data<LeadListActionData>({ error: parsed.error.issues[0]?.message ?? "Dados inválidos" }, { status: 400 });
  const input = parsed.data;
  // 'select all' without JavaScript: the page's ids travel as pageIds.
  const ids = [...new Set(idList.parse([...form.getAll("ids"), ...(form.get("allPage") ? form.getAll("pageIds") : [])]))];
  try {
    switch (input.intent) {
      case "move": {
        const n = await bulkMove(user, ids, input.stage);
        return redirectWithToast(back, { type: "success", message: `${n} lead(s) movido(s) de etapa.` });
      }
      case "delete": {
        if (!canAdministerCrm(user)) return data<LeadListActionData>({ error: CRM_MESSAGES.deleteAdminOnly }, { status: 403 });
        if (!ids.length) return data<LeadListActionData>({ error: CRM_MESSAGES.emptySelection, intent: "delete" }, { status: 400 });
        if (input.confirm !== "yes") return data<LeadListActionData>({ error: "", intent: "delete", confirmDelete: ids });
        const n = await bulkDelete(user, ids);
        return redirectWithToast(back, { type: "success", message: n === 1 ? CRM_MESSAGES.leadDeleted : `${n} lead(s) excluído(s).` });
      }
      case "delete-one": {
        if (!input.lead) return data<LeadListActionData>({ error: CRM_MESSAGES.leadNotFound }, { status: 404 });
        if (!canAdministerCrm(user)) return data<LeadListActionData>({ error: CRM_MESSAGES.deleteAdminOnly }, { status: 403 });
        if (input.confirm !== "yes") return data<LeadListActionData>({ error: "", intent: "delete", confirmDelete: [input.lead] });
        await deleteLead(user, input.lead);
        return redirectWithToast(back, { type: "success", message: CRM_MESSAGES.leadDeleted });
      }
      case "reassign": {
        if (!input.lead) return data<LeadListActionData>({ error: CRM_MESSAGES.leadNotFound }, { status: 404 });
        if (!input.broker) return data<LeadListActionData>({ error: CRM_MESSAGES.selectBroker, intent: "reassign" }, { status: 400 });
        await reassignLeadBroker(user, input.lead, input.broker);
        return redirectWithToast(back, { type: "success", message: CRM_MESSAGES.brokerUpdated });
      }
      case "email": {
        const recipients = await bulkEmailRecipients(user, ids);
        if (!ids.length) return data<LeadListActionData>({ error: CRM_MESSAGES.emptySelection, intent: "email" }, { status: 400 });
        const result = await sendBulkEmail(user, recipients, { subject: input.subject, message: input.message });
        return redirectWithToast(back, {
          type: result.failed ? "error" : "success",
          message: `Emails enviados: ${result.sent}. Falhas: ${result.failed}.`,
        });
      }
    }
  } catch (error) {
    if (error instanceof BulkError) return data<LeadListActionData>({ error: error.message, intent: input.intent }, { status: 400 });
    const maybe = error as { data?: { message?: string }; init?: { status?: number } };
    if (maybe?.data?.message) return data<LeadListActionData>({ error: maybe.data.message, intent: input.intent }, { status: maybe.init?.status ?? 400 });
    log.error("lead list action failed", { intent: input.intent, ...errorFields(error) });
    const message = input.intent === "delete" ? "Não foi possível concluir a exclusão em lote." : input.intent === "reassign" ? "Falha ao atualizar corretor" : input.intent === "move" ? "Erro ao aplicar etapa" : "Erro ao enviar";
    return data<LeadListActionData>({ error: message, intent: input.intent }, { status: 500 });
  }
}

/** Back to the list with its filters: only our own list paths. */
function safeListUrl(value: FormDataEntryValue | null, fallback: string): string {
  if (typeof value !== "string" || !/^\/broker\/(leads|crm)(\?|$)/.test(value)) return fallback;
  return value;
}
