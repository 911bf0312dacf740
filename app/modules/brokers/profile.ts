import { z } from "zod";

/** Settings forms (02 §2.8, §5), shared by the server and the browser. */
export const MSG_PASSWORD_REQUIRED = "Campos obrigatórios";
export const MSG_PASSWORD_WEAK = "Senha fraca";
export const MSG_PASSWORD_CONFIRM = "Confirmação incorreta";
export const MSG_PASSWORD_CURRENT = "Senha atual incorreta.";
export const MSG_PHOTO_SENT = "Imagem enviada: Clique em Salvar para confirmar";
export const MSG_PHOTO_FAILED = "Não foi possível enviar a imagem...";
export const MSG_PHOTO_TOO_LARGE = "Não foi possível enviar a imagem: o arquivo passa de 8 MB.";

export const PROFILE_PHOTO_MAX_BYTES = 8 * 1024 * 1024;

export const profileSchema = z.object({
  name: z.string({ error: "Informe o nome" }).trim().min(1, "Informe o nome").max(120, "Nome muito longo"),
  phone: z
    .string()
    .trim()
    .max(30, "Telefone inválido")
    .regex(/^[0-9()+\-\s.]*$/, "Telefone inválido")
    .optional()
    .transform((v) => v ?? ""),
  photoKey: z.string().max(300).optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;

export const passwordSchema = z
  .object({
    currentPassword: z.string().max(200).optional(),
    newPassword: z.string().max(200, MSG_PASSWORD_WEAK).optional(),
    confirmPassword: z.string().max(200).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.currentPassword || !v.newPassword || !v.confirmPassword) {
      ctx.addIssue({ code: "custom", message: MSG_PASSWORD_REQUIRED, path: [] });
      return;
    }
    if (v.newPassword.length < 8) ctx.addIssue({ code: "custom", message: MSG_PASSWORD_WEAK, path: ["newPassword"] });
    else if (v.newPassword !== v.confirmPassword) ctx.addIssue({ code: "custom", message: MSG_PASSWORD_CONFIRM, path: ["confirmPassword"] });
  });

