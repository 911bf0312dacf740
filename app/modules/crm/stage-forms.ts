import { z } from "zod";
import { checkbox, optionalText, recordId, requiredText } from "~/utils/form-fields";
import { ACTIVITY_TYPES } from "./labels";

/**
 * The forms of 'Gerenciar Etapas' (02 §2.6, §5), shared by the browser and
 * the action: a stage (name required, probability 0–100), its automatic
 * activities (offset ≥ 0 hours, active by default), and the list's buttons;
 * one discriminated union on `intent`.
 */
export const STAGE_MESSAGES = {
  nameRequired: "Nome da etapa é obrigatório",
  nameTaken: "Já existe uma etapa com esse nome",
  probability: "Probabilidade entre 0 e 100",
  notFound: "Etapa não encontrada.",
  templateNotFound: "Atividade automática não encontrada.",
  subject: "Informe o assunto",
  offset: "Horas devem ser 0 ou mais",
  offsetMax: "No máximo 8760 horas",
  deleteConfirm: (name: string) => `Excluir a etapa "${name}"? Esta ação não pode ser desfeita.`,
  adminOnly: "Apenas administradores podem gerenciar etapas",
} as const;

const probability = z.coerce
  .number(STAGE_MESSAGES.probability)
  .int(STAGE_MESSAGES.probability)
  .min(0, STAGE_MESSAGES.probability)
  .max(100, STAGE_MESSAGES.probability)
  .optional();

export const stageSchema = z.object({ name: requiredText(80, STAGE_MESSAGES.nameRequired), probability });
export type StageInput = z.infer<typeof stageSchema>;

export const templateSchema = z.object({
  subject: requiredText(160, STAGE_MESSAGES.subject),
  type: z.enum(ACTIVITY_TYPES).default("followup"),
  content: optionalText(2000),
  offsetHours: z.coerce.number(STAGE_MESSAGES.offset).int(STAGE_MESSAGES.offset).min(0, STAGE_MESSAGES.offset).max(24 * 365, STAGE_MESSAGES.offsetMax).default(0),
  // a checkbox, ticked by default on the form: absent means unticked
  active: checkbox,
});
export type TemplateInput = z.infer<typeof templateSchema>;

const stageRef = { stageId: recordId(STAGE_MESSAGES.notFound) };
const templateRef = { ...stageRef, templateId: recordId(STAGE_MESSAGES.templateNotFound) };

export const stageCreateSchema = z.object({ intent: z.literal("create"), ...stageSchema.shape });
export const stageUpdateSchema = z.object({ intent: z.literal("update"), ...stageRef, ...stageSchema.shape });
export const templateCreateSchema = z.object({ intent: z.literal("template-create"), ...stageRef, ...templateSchema.shape });

export const stagesActionSchema = z.discriminatedUnion("intent", [
  stageCreateSchema,
  stageUpdateSchema,
  z.object({ intent: z.literal("delete"), ...stageRef, confirm: z.literal("yes").optional().catch(undefined) }),
  z.object({ intent: z.literal("up"), ...stageRef }),
  z.object({ intent: z.literal("down"), ...stageRef }),
  z.object({ intent: z.literal("entry"), ...stageRef }),
  templateCreateSchema,
  z.object({ intent: z.literal("template-toggle"), ...templateRef, active: checkbox }),
  z.object({ intent: z.literal("template-delete"), ...templateRef }),
]);
export type StagesActionInput = z.infer<typeof stagesActionSchema>;
