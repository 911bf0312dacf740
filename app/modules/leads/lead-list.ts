import { z } from "zod";
import { CRM_MESSAGES } from "~/modules/crm/labels";
import { checkbox, optionalText, recordId, recordIds, requiredText } from "~/utils/form-fields";
import { EMAIL_MESSAGE_MAX, EMAIL_SUBJECT_MAX } from "./lead-page";

/**
 * The lead list's forms (02 §2.4, §5), shared by the browser and the action:
 * the bulk bar (move, delete, e-mail), the admin's reassign, one
 * discriminated union on `intent`. A selection travels as `ids` (ticked
 * rows) plus, without JavaScript, `allPage` + `pageIds` (the header box).
 */
export const MAX_SELECTION = 10_000;

/** Checkbox values → unique positive ids; anything else is dropped (a tampered box is no selection). */
export const idArray = recordIds(MAX_SELECTION);

const selection = {
  ids: idArray,
  pageIds: idArray,
  allPage: checkbox,
  returnTo: z.string().max(2000).optional(),
};

/** The ids a bulk form means: the ticked rows, plus the page's rows when 'Selecionar todos' was ticked. */
export function selectedIds(value: { ids: number[]; pageIds: number[]; allPage: boolean }): number[] {
  return [...new Set([...value.ids, ...(value.allPage ? value.pageIds : [])])];
}

export const bulkMoveSchema = z.object({ intent: z.literal("move"), ...selection, to_stage: recordId(CRM_MESSAGES.stageNotSelected).optional() });
export const bulkDeleteSchema = z.object({ intent: z.literal("delete"), ...selection, confirm: z.literal("yes").optional().catch(undefined) });
export const reassignSchema = z.object({
  intent: z.literal("reassign"),
  lead: recordId(CRM_MESSAGES.leadNotFound),
  broker: requiredText(64, CRM_MESSAGES.selectBroker),
  returnTo: z.string().max(2000).optional(),
});
/** Bulk e-mail (02 §5): a subject or a message ('Preencha a mensagem'); `{nome}` becomes each lead's name. */
export const bulkEmailSchema = z
  .object({ intent: z.literal("email"), ...selection, subject: optionalText(EMAIL_SUBJECT_MAX), message: optionalText(EMAIL_MESSAGE_MAX) })
  .superRefine((v, ctx) => {
    if (!v.subject && !v.message) ctx.addIssue({ code: "custom", path: ["message"], message: CRM_MESSAGES.fillMessage });
  });

export const leadListActionSchema = z.discriminatedUnion("intent", [bulkMoveSchema, bulkDeleteSchema, reassignSchema, bulkEmailSchema]);
export type LeadListInput = z.infer<typeof leadListActionSchema>;

/** The list's own query (what the bulk forms keep when they open a step): filters, page and view. */
export const LIST_QUERY_KEYS = ["q", "stage", "broker", "page", "view"] as const;

/** The list URL without a bulk step's fields (the modal's Cancelar, the form's return). */
export function listHref(path: string, search: string | URLSearchParams): string {
  const from = new URLSearchParams(search);
  const keep = new URLSearchParams();
  for (const k of LIST_QUERY_KEYS) {
    const v = from.get(k);
    if (v) keep.set(k, v);
  }
  return keep.size ? `${path}?${keep}` : path;
}

/** Back to the list with its filters: only our own list paths. */
export function safeListUrl(value: unknown, fallback: string): string {
  if (typeof value !== "string" || !/^\/broker\/(leads|crm)(\?[^#\s]*)?$/.test(value)) return fallback;
  return value;
}
