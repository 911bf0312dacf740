import { z } from "zod";
import { maskPhone, nationalDigits } from "~/utils/phone";

/**
 * The lead form's one schema, used by the browser (Conform) and by the
 * action (spec 01 §5). Messages are the spec's, verbatim; the length caps are
 * ours (docs/decisions.md) so a pasted novel or a script cannot fill the table.
 */
export const LEAD_LIMITS = { name: 120, email: 254, phone: 30, message: 5000 } as const;

export const LEAD_MESSAGES = {
  nameRequired: "Por favor, informe seu nome",
  nameShort: "O nome deve ter pelo menos 3 caracteres",
  nameLong: `O nome deve ter no máximo ${LEAD_LIMITS.name} caracteres`,
  emailRequired: "Por favor, informe seu e-mail",
  emailInvalid: "Informe um e-mail válido",
  phoneRequired: "Por favor, informe seu telefone",
  phoneShort: "Telefone incompleto",
  phoneInvalid: "Informe um telefone válido com DDD",
  messageRequired: "Por favor, escreva uma mensagem",
  messageLong: `A mensagem deve ter no máximo ${LEAD_LIMITS.message} caracteres`,
  success: "Mensagem enviada com sucesso! Entraremos em contato em breve.",
  failure: "Ocorreu um erro ao enviar sua mensagem. Por favor, tente novamente.",
} as const;

export { nationalDigits };

export const leadFormSchema = z.object({
  name: z
    .string({ error: LEAD_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: LEAD_MESSAGES.nameRequired, abort: true })
    .min(3, LEAD_MESSAGES.nameShort)
    .max(LEAD_LIMITS.name, LEAD_MESSAGES.nameLong),
  email: z
    .string({ error: LEAD_MESSAGES.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: LEAD_MESSAGES.emailRequired, abort: true })
    .max(LEAD_LIMITS.email, LEAD_MESSAGES.emailInvalid)
    .pipe(z.email(LEAD_MESSAGES.emailInvalid)),
  phone: z
    .string({ error: LEAD_MESSAGES.phoneRequired })
    .trim()
    .min(1, { error: LEAD_MESSAGES.phoneRequired, abort: true })
    .max(LEAD_LIMITS.phone, { error: LEAD_MESSAGES.phoneInvalid, abort: true })
    .refine((v) => nationalDigits(v).length >= 10, { error: LEAD_MESSAGES.phoneShort, abort: true })
    .refine((v) => nationalDigits(v).length <= 11, LEAD_MESSAGES.phoneInvalid)
    // stored in the one display format, whatever the visitor typed
    .transform((v) => maskPhone(nationalDigits(v))),
  message: z
    .string({ error: LEAD_MESSAGES.messageRequired })
    .trim()
    .min(1, { error: LEAD_MESSAGES.messageRequired, abort: true })
    .max(LEAD_LIMITS.message, LEAD_MESSAGES.messageLong),
  /** The broker referral code (a UUID); anything else is ignored by createLead. */
  ref: z.string().trim().max(64).optional(),
});

export type LeadFormValues = z.infer<typeof leadFormSchema>;

