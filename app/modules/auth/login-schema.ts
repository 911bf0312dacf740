import { z } from "zod";

/**
 * The one sign-in schema, for /login and /broker/login, used by the browser
 * (Conform) and by the actions. Messages from the spec, verbatim.
 */
export const LOGIN_MESSAGES = {
  fillAll: "Por favor, preencha todos os campos",
  invalidCredentials: "Credenciais inválidas. Por favor, verifique e tente novamente.",
} as const;

export const loginSchema = z.object({
  // trimmed and lower-cased like every stored e-mail (users.server normaliseEmail)
  email: z.string({ error: LOGIN_MESSAGES.fillAll }).trim().toLowerCase().min(1, LOGIN_MESSAGES.fillAll),
  password: z.string({ error: LOGIN_MESSAGES.fillAll }).min(1, LOGIN_MESSAGES.fillAll),
  redirectTo: z.string().optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;
