import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from "./password-rules";

/**
 * The two forms of a forgotten password (spec 02 §1), browser-safe: the
 * browser (Conform) and the actions parse with the same schema. The token and
 * the rule on common passwords are the server's (password-reset.server.ts).
 */
export const forgotPasswordSchema = z.object({
  email: z.string({ error: "Informe seu email" }).trim().toLowerCase().min(1, "Informe seu email").pipe(z.email("Informe um e-mail válido")),
});

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1),
    password: z.string({ error: PASSWORD_MESSAGES.tooShort }).min(PASSWORD_MIN_LENGTH, `${PASSWORD_MESSAGES.tooShort}. ${PASSWORD_MESSAGES.tooShortHint}`).max(PASSWORD_MAX_LENGTH),
    // Checked against the password only once a password is given: an empty submit shows one message.
    confirm: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.password && v.password !== (v.confirm ?? "")) ctx.addIssue({ code: "custom", message: "Senhas não conferem", path: ["confirm"] });
  });
