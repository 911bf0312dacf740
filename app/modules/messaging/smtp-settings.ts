import { z } from "zod";

/**
 * The SMTP section of /broker/settings (02 §2.8, §5): port numeric ≥ 1,
 * default 587; secure defaults on; saved only when any SMTP field is filled.
 * Shared with the browser (the form component uses the field names).
 */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `No máximo ${max} caracteres`)
    .optional()
    .transform((v) => v || undefined);

export const SMTP_MESSAGES = {
  portNotNumber: "Informe a porta com números (de 1 a 65535).",
  portTooSmall: "Porta inválida (mínimo 1)",
  portTooBig: "Porta inválida (máximo 65535)",
  hostInvalid: "Servidor SMTP inválido",
  emailInvalid: "Informe um e-mail válido",
} as const;

/** The section's fields, to compose into a bigger form (the settings page's). */
export const smtpSettingsShape = {
  smtp_host: text(255).refine((v) => !v || /^[A-Za-z0-9.-]+$/.test(v), SMTP_MESSAGES.hostInvalid),
  smtp_port: z
    .string()
    .trim()
    .max(20, SMTP_MESSAGES.portNotNumber)
    .optional()
    .transform((v, ctx) => {
      if (!v) return 587;
      if (!/^\d+$/.test(v)) {
        ctx.addIssue({ code: "custom", message: SMTP_MESSAGES.portNotNumber });
        return z.NEVER;
      }
      const n = Number(v);
      if (n < 1) {
        ctx.addIssue({ code: "custom", message: SMTP_MESSAGES.portTooSmall });
        return z.NEVER;
      }
      if (n > 65535) {
        ctx.addIssue({ code: "custom", message: SMTP_MESSAGES.portTooBig });
        return z.NEVER;
      }
      return n;
    }),
  smtp_username: text(255),
  smtp_password: z.string().max(500, "No máximo 500 caracteres").optional().transform((v) => v || undefined),
  smtp_secure: z
    .unknown()
    .optional()
    .transform((v) => v === "on" || v === "true" || v === "1"),
  smtp_from_name: text(120),
  smtp_from_email: text(254).refine((v) => !v || z.email().safeParse(v).success, SMTP_MESSAGES.emailInvalid),
};

export const smtpSettingsSchema = z.object(smtpSettingsShape);
export type SmtpSettingsInput = z.infer<typeof smtpSettingsSchema>;

export const smtpTestSchema = z.object({
  to: z
    .string({ error: "Informe o destinatário (to)." })
    .trim()
    .min(1, "Informe o destinatário (to).")
    .max(254)
    .pipe(z.email("Informe um e-mail válido")),
  subject: z.string().trim().max(200, "No máximo 200 caracteres").optional().transform((v) => v || "Teste SMTP"),
  text: z.string().trim().max(10_000, "No máximo 10000 caracteres").optional().transform((v) => v || "Email de teste enviado pelo painel do corretor."),
});

export const EMAIL_TEST_MESSAGES = {
  noSmtp: "SMTP faltando configuração: configure o SMTP em Configurações.",
  verifyFailed: (detail: string) => `Falha no teste SMTP: ${detail}`,
  sendFailed: (detail: string) => `Falha ao enviar email: ${detail}`,
  outbox: "Email enviado. Sem SMTP configurado: a mensagem foi gravada na caixa de saída do servidor.",
} as const;

/** /broker/email's two forms (02 §2.11): 'Testar conexão' (a button) and the test message. */
export const smtpTestActionSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("verify") }), smtpTestSchema.extend({ intent: z.literal("send") })]);

export type SmtpSettingsView = {
  host: string;
  port: number;
  username: string;
  hasPassword: boolean;
  secure: boolean;
  fromName: string;
  fromEmail: string;
  active: boolean;
};

export const EMPTY_SMTP: SmtpSettingsView = { host: "", port: 587, username: "", hasPassword: false, secure: true, fromName: "", fromEmail: "", active: false };
