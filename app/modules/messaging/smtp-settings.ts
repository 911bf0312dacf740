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

export const smtpSettingsSchema = z.object({
  smtp_host: text(255).refine((v) => !v || /^[A-Za-z0-9.-]+$/.test(v), "Servidor SMTP inválido"),
  smtp_port: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return 587;
      const n = Number(v);
      if (!/^\d+$/.test(v) || n < 1 || n > 65535) {
        ctx.addIssue({ code: "custom", message: "Porta inválida (mínimo 1)" });
        return z.NEVER;
      }
      return n;
    }),
  smtp_username: text(255),
  smtp_password: z.string().max(500, "No máximo 500 caracteres").optional().transform((v) => v || undefined),
  smtp_secure: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true" || v === "1"),
  smtp_from_name: text(120),
  smtp_from_email: text(254).refine((v) => !v || z.email().safeParse(v).success, "Informe um e-mail válido"),
});
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
