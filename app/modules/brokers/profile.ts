import { z } from "zod";
import { smtpSettingsShape } from "~/modules/messaging/smtp-settings";
import { requiredText } from "~/utils/form-fields";

/** Settings forms (02 §2.8, §5), shared by the server and the browser. */
export const MSG_PASSWORD_REQUIRED = "Campos obrigatórios";
export const MSG_PASSWORD_WEAK = "Senha fraca";
export const MSG_PASSWORD_CONFIRM = "Confirmação incorreta";
export const MSG_PASSWORD_CURRENT = "Senha atual incorreta.";
export const MSG_PHOTO_SENT = "Imagem enviada: Clique em Salvar para confirmar";
export const MSG_PHOTO_FAILED = "Não foi possível enviar a imagem...";
export const MSG_PHOTO_TOO_LARGE = "Não foi possível enviar a imagem: o arquivo passa de 8 MB.";
export const MSG_PHOTO_MISSING = "Escolha a imagem antes de enviar.";
export const MSG_NAME_REQUIRED = "Informe o nome";
export const MSG_PHONE_INVALID = "Telefone inválido";

export const PROFILE_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const PROFILE_PHOTO_TYPES = "image/jpeg,image/png,image/webp";

/**
 * A profile photo chosen in a form (settings, the admin's broker editor):
 * none is fine; over 8 MB is refused by its size here (in the browser
 * before it is sent, with JavaScript) and by its bytes on the server.
 */
export const profilePhotoField = z
  .instanceof(File, { message: MSG_PHOTO_FAILED })
  .optional()
  .refine((file) => !file || file.size <= PROFILE_PHOTO_MAX_BYTES, MSG_PHOTO_TOO_LARGE);

const phone = z
  .string()
  .trim()
  .max(30, MSG_PHONE_INVALID)
  .regex(/^[0-9()+\-\s.]*$/, MSG_PHONE_INVALID)
  .optional()
  .transform((v) => v ?? "");

/** Profile and SMTP: one form, two buttons ('Enviar imagem' stages the photo; 'Salvar alterações' saves everything). */
const profileShape = {
  name: requiredText(120, MSG_NAME_REQUIRED),
  phone,
  // a photo sent with 'Enviar imagem' and not yet saved (its storage key)
  photoKey: z.string().max(300).optional(),
  photo: profilePhotoField,
  ...smtpSettingsShape,
};

export const profileSchema = z.object({ name: profileShape.name, phone, photoKey: profileShape.photoKey });
export type ProfileInput = z.infer<typeof profileSchema>;

export const passwordFields = {
  currentPassword: z.string().max(200).optional(),
  newPassword: z.string().max(200, MSG_PASSWORD_WEAK).optional(),
  confirmPassword: z.string().max(200).optional(),
};

type PasswordValues = { currentPassword?: string; newPassword?: string; confirmPassword?: string };
function checkPassword(v: PasswordValues, ctx: z.RefinementCtx) {
  if (!v.currentPassword || !v.newPassword || !v.confirmPassword) {
    ctx.addIssue({ code: "custom", message: MSG_PASSWORD_REQUIRED, path: [] });
    return;
  }
  if (v.newPassword.length < 8) ctx.addIssue({ code: "custom", message: MSG_PASSWORD_WEAK, path: ["newPassword"] });
  else if (v.newPassword !== v.confirmPassword) ctx.addIssue({ code: "custom", message: MSG_PASSWORD_CONFIRM, path: ["confirmPassword"] });
}

export const passwordSchema = z.object(passwordFields).superRefine(checkPassword);

/** /broker/settings: the profile form's two buttons and the password form, one union on `intent`. */
export const settingsSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("profile"), ...profileShape }),
  z.object({ intent: z.literal("photo"), ...profileShape }),
  z.object({ intent: z.literal("password"), ...passwordFields }).superRefine(checkPassword),
]);
export type SettingsInput = z.infer<typeof settingsSchema>;
/** The fields the profile form's reply must never send back. */
export const SETTINGS_SECRET_FIELDS = ["smtp_password", "currentPassword", "newPassword", "confirmPassword"];
