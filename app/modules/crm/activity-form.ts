import { z } from "zod";
import { localDateTime, optionalText, recordId, recordIds } from "~/utils/form-fields";
import { ACTIVITY_TYPE_LABELS, ACTIVITY_TYPES, CRM_MESSAGES } from "./labels";

/**
 * The fields of every 'Nova atividade' form (lead page, board card,
 * activities screen; 02 §5): subject or description, type (follow-up by
 * default), an optional due date read in the agency's time that must exist
 * (30/02 is refused).
 */
export const ACTIVITY_MESSAGES = {
  dueAtInvalid: "Data de vencimento inválida. Use uma data que exista, como 28/02.",
  notFound: "Atividade não encontrada.",
  selectLead: "Informe o lead",
} as const;

export const activityFields = {
  subject: optionalText(200),
  type: z.enum(ACTIVITY_TYPES).default("followup"),
  due_at: localDateTime(ACTIVITY_MESSAGES.dueAtInvalid).optional(),
  content: optionalText(5000),
};

export function needsSubjectOrContent(value: { subject?: string; content?: string }, ctx: z.RefinementCtx) {
  if (!value.subject && !value.content) ctx.addIssue({ code: "custom", path: ["subject"], message: CRM_MESSAGES.activityNeedsText });
}

/** The service's input from a parsed form. */
export function newActivityOf(v: { subject?: string; content?: string; type: (typeof ACTIVITY_TYPES)[number]; due_at?: Date }) {
  return { subject: v.subject, content: v.content, type: v.type, dueAt: v.due_at?.toISOString() ?? null };
}

export const ACTIVITY_TYPE_OPTIONS = ACTIVITY_TYPES.map((t) => ({ value: t, label: ACTIVITY_TYPE_LABELS[t] }));

/** /broker/crm/activities (02 §2.7): Concluir/Reabrir a row, delete rows (Selecionar) and 'Nova atividade' with a lead picked by search. */
export const activityCreateSchema = z
  .object({ intent: z.literal("create"), leadId: recordId(ACTIVITY_MESSAGES.selectLead), ...activityFields })
  .superRefine(needsSubjectOrContent);

export const activitiesActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("complete"), activityId: recordId(ACTIVITY_MESSAGES.notFound) }),
  z.object({ intent: z.literal("reopen"), activityId: recordId(ACTIVITY_MESSAGES.notFound) }),
  z.object({ intent: z.literal("delete"), ids: recordIds(500), confirm: z.literal("yes").optional().catch(undefined) }),
  activityCreateSchema,
]);
export type ActivitiesActionInput = z.infer<typeof activitiesActionSchema>;

export const ACTIVITY_DELETE_CONFIRM = (n: number) => (n === 1 ? "Excluir a atividade selecionada? Esta ação não pode ser desfeita." : `Excluir as ${n} atividades selecionadas? Esta ação não pode ser desfeita.`);
