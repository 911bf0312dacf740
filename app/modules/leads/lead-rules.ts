import { nationalDigits } from "~/utils/phone";

/**
 * The lead form's rules and messages without zod, so the public pages'
 * small enhancement module (app/enhance/lead-form.ts) can check a field as
 * the visitor types. The zod schema (lead-form.ts) is built on the same
 * constants and lead-rules.test.ts proves the two agree. Messages are the
 * spec's (01 §5), verbatim; the length caps are ours (docs/decisions.md).
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

/** zod's own "practical" e-mail pattern (zod/v4/core/regexes.ts), so browser and server agree on every address. */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const LEAD_FIELDS = ["name", "email", "phone", "message"] as const;
export type LeadField = (typeof LEAD_FIELDS)[number];

/** The first message for one field's value, or null when it is fine. */
export function leadFieldError(field: LeadField, raw: string): string | null {
  const value = raw.trim();
  switch (field) {
    case "name":
      if (!value) return LEAD_MESSAGES.nameRequired;
      if (value.length < 3) return LEAD_MESSAGES.nameShort;
      return value.length > LEAD_LIMITS.name ? LEAD_MESSAGES.nameLong : null;
    case "email":
      if (!value) return LEAD_MESSAGES.emailRequired;
      return value.length > LEAD_LIMITS.email || !EMAIL_PATTERN.test(value.toLowerCase()) ? LEAD_MESSAGES.emailInvalid : null;
    case "phone": {
      if (!value) return LEAD_MESSAGES.phoneRequired;
      if (value.length > LEAD_LIMITS.phone) return LEAD_MESSAGES.phoneInvalid;
      const digits = nationalDigits(value).length;
      if (digits < 10) return LEAD_MESSAGES.phoneShort;
      return digits > 11 ? LEAD_MESSAGES.phoneInvalid : null;
    }
    case "message":
      if (!value) return LEAD_MESSAGES.messageRequired;
      return value.length > LEAD_LIMITS.message ? LEAD_MESSAGES.messageLong : null;
  }
}
