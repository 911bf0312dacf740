import { z } from "zod";
import { activityFields, ACTIVITY_MESSAGES, needsSubjectOrContent } from "~/modules/crm/activity-form";
import { CRM_MESSAGES } from "~/modules/crm/labels";
import { amount, optionalText, recordId, requiredText } from "~/utils/form-fields";

/**
 * The lead page's forms (02 §2.5, §5), shared by the browser (Conform's
 * checks) and the action: one schema per form, and the action's one
 * discriminated union on `intent`. Each form returns to its card (`#anchor`)
 * after a post, JavaScript on or off.
 */
export const NOTE_MAX = 5000;
export const TAG_MAX = 40;
export const TAGS_MAX = 30;
export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_MESSAGE_MAX = 20_000;
export const WHATSAPP_MAX = 4096;

export const LEAD_PAGE_MESSAGES = {
  noteRequired: "Escreva a anotação.",
  noteNotFound: "Anotação não encontrada.",
  activityNotFound: ACTIVITY_MESSAGES.notFound,
  rating: "Escolha de 1 a 5 estrelas",
  tagTooLong: (tag: string) => `Cada tag pode ter no máximo ${TAG_MAX} caracteres: "${tag.length > 50 ? `${tag.slice(0, 50)}…` : tag}" tem ${tag.length}.`,
  tooManyTags: `No máximo ${TAGS_MAX} tags`,
  whatsappRequired: "Informe a mensagem",
} as const;

/** Tags typed as one line: split on commas, trimmed, empties and repeats removed; a tag over 40 characters is refused, never cut. */
export const tagsField = z
  .string()
  .max(2000)
  .optional()
  .transform((v, ctx) => {
    const tags = [...new Set((v ?? "").split(",").map((t) => t.trim()).filter(Boolean))];
    const long = tags.find((t) => t.length > TAG_MAX);
    if (long) {
      ctx.addIssue({ code: "custom", message: LEAD_PAGE_MESSAGES.tagTooLong(long) });
      return z.NEVER;
    }
    if (tags.length > TAGS_MAX) {
      ctx.addIssue({ code: "custom", message: LEAD_PAGE_MESSAGES.tooManyTags });
      return z.NEVER;
    }
    return tags;
  });

export const stageSchema = z.object({ intent: z.literal("stage"), stage: recordId(CRM_MESSAGES.stageNotSelected) });

/** Negócio card: rating 0–5 (0 = none), total value typed the Brazilian way (empty = none), tags. */
export const businessSchema = z.object({
  intent: z.literal("business"),
  rating: z.coerce.number().int(LEAD_PAGE_MESSAGES.rating).min(0, LEAD_PAGE_MESSAGES.rating).max(5, LEAD_PAGE_MESSAGES.rating).default(0),
  total_value: amount({ message: CRM_MESSAGES.invalidValue }).optional(),
  tags: tagsField,
});

export const ratingSchema = z.object({ intent: z.literal("rating"), rating: z.coerce.number(LEAD_PAGE_MESSAGES.rating).int(LEAD_PAGE_MESSAGES.rating).min(1, LEAD_PAGE_MESSAGES.rating).max(5, LEAD_PAGE_MESSAGES.rating) });

export const noteAddSchema = z.object({ intent: z.literal("note-add"), body: requiredText(NOTE_MAX, LEAD_PAGE_MESSAGES.noteRequired) });
export const noteEditSchema = z.object({ intent: z.literal("note-edit"), note: recordId(LEAD_PAGE_MESSAGES.noteNotFound), body: requiredText(NOTE_MAX, LEAD_PAGE_MESSAGES.noteRequired) });
export const noteDeleteSchema = z.object({ intent: z.literal("note-delete"), note: recordId(LEAD_PAGE_MESSAGES.noteNotFound) });
/** The form under each note: Salvar (edit) or Excluir (delete). */
export const noteFormSchema = z.discriminatedUnion("intent", [noteEditSchema, noteDeleteSchema]);

export const activityAddSchema = z.object({ intent: z.literal("activity-add"), ...activityFields }).superRefine(needsSubjectOrContent);

const activityRef = { activity: recordId(LEAD_PAGE_MESSAGES.activityNotFound) };
export const activityCompleteSchema = z.object({ intent: z.literal("activity-complete"), ...activityRef });
export const activityReopenSchema = z.object({ intent: z.literal("activity-reopen"), ...activityRef });
export const activityDeleteSchema = z.object({ intent: z.literal("activity-delete"), ...activityRef });

/** One e-mail to the lead: a subject or a message ('Preencha a mensagem'). */
export const emailSchema = z
  .object({ intent: z.literal("email"), subject: optionalText(EMAIL_SUBJECT_MAX), message: optionalText(EMAIL_MESSAGE_MAX) })
  .superRefine((v, ctx) => {
    if (!v.subject && !v.message) ctx.addIssue({ code: "custom", path: ["message"], message: CRM_MESSAGES.fillMessage });
  });

export const whatsappSchema = z.object({ intent: z.literal("whatsapp"), message: requiredText(WHATSAPP_MAX, LEAD_PAGE_MESSAGES.whatsappRequired) });

/** 'Criar rascunho de imóvel' on a 'captacao' lead (issue 28): a button, no field. */
export const offerDraftSchema = z.object({ intent: z.literal("offer-draft") });

/** Everything the lead page's action accepts. */
export const leadPageSchema = z.discriminatedUnion("intent", [
  stageSchema,
  businessSchema,
  ratingSchema,
  noteAddSchema,
  noteEditSchema,
  noteDeleteSchema,
  activityAddSchema,
  activityCompleteSchema,
  activityReopenSchema,
  activityDeleteSchema,
  emailSchema,
  whatsappSchema,
  offerDraftSchema,
]);
export type LeadPageInput = z.infer<typeof leadPageSchema>;
export type LeadPageIntent = LeadPageInput["intent"];

/** The card each form sits in: the page comes back scrolled to it. */
export const LEAD_PAGE_ANCHORS = {
  stages: "etapas",
  business: "negocio",
  activities: "atividades",
  notes: "anotacoes",
  actions: "acoes",
  history: "historico",
  offer: "imovel-oferecido",
} as const;

export function anchorOf(intent: LeadPageIntent): string {
  if (intent === "stage") return LEAD_PAGE_ANCHORS.stages;
  if (intent === "business" || intent === "rating") return LEAD_PAGE_ANCHORS.business;
  if (intent.startsWith("note-")) return LEAD_PAGE_ANCHORS.notes;
  if (intent.startsWith("activity-")) return LEAD_PAGE_ANCHORS.activities;
  if (intent === "offer-draft") return LEAD_PAGE_ANCHORS.offer;
  return LEAD_PAGE_ANCHORS.actions;
}
