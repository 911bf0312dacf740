import { z } from "zod";
import { PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from "~/modules/auth/password-rules";
import { parseRef } from "~/modules/leads/referral";
import { checkbox, requiredText } from "~/utils/form-fields";
import { maskPhone, nationalDigits } from "~/utils/phone";
import { profilePhotoField } from "./profile";

/** Broker management (spec 03 §2.11, §5, §8): the admin's add/edit form and the list's buttons, shared by the server and the screen. */
export const BROKER_ADMIN_MESSAGES = {
  saveFailed: (message: string) => `Erro ao salvar corretor: ${message}`,
  deleteFailed: "Erro ao excluir corretor",
  loadFailed: "Erro ao carregar corretores",
  saved: "Corretor salvo",
  deleted: "Corretor excluído",
  activated: "Corretor ativado",
  deactivated: "Corretor desativado",
  nameRequired: "Informe o nome.",
  emailInvalid: "Informe um e-mail válido.",
  emailTaken: "Já existe uma conta com este e-mail.",
  phoneRequired: "Informe o telefone.",
  phoneInvalid: "Telefone inválido: informe DDD e número, como (11) 98765-4321.",
  pathRequired: "Informe o endereço personalizado.",
  pathInvalid: "Use no endereço apenas letras minúsculas, números e hífens.",
  pathTaken: "Este endereço já é de outro corretor.",
  passwordRequired: "Informe uma senha para o novo corretor.",
  notFound: "Corretor não encontrado.",
  confirmDelete: "Tem certeza que deseja excluir este corretor? Os leads e imóveis dele ficam sem corretor.",
} as const;

const PATH = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The admin's add/edit form (spec 03 §5: name, e-mail, phone and custom URL
 * path required; password required on create, optional on edit — the
 * service checks that, it knows which). The phone is kept in the mask
 * (DD) NNNNN-NNNN; the address lower-cased. The photo is optional; it is
 * checked again by its bytes on the server.
 */
export const brokerFormSchema = z.object({
  name: requiredText(120, BROKER_ADMIN_MESSAGES.nameRequired),
  email: requiredText(200, BROKER_ADMIN_MESSAGES.emailInvalid)
    .transform((v) => v.toLowerCase())
    .pipe(z.email(BROKER_ADMIN_MESSAGES.emailInvalid)),
  phone: requiredText(30, BROKER_ADMIN_MESSAGES.phoneRequired).transform((v, ctx) => {
    const digits = nationalDigits(v);
    if (!/^[0-9()+\-\s.]*$/.test(v) || digits.length < 10 || digits.length > 11) {
      ctx.addIssue({ code: "custom", message: BROKER_ADMIN_MESSAGES.phoneInvalid });
      return z.NEVER;
    }
    return maskPhone(digits);
  }),
  // /corretor/{path}
  customUrlPath: requiredText(60, BROKER_ADMIN_MESSAGES.pathRequired)
    .transform((v) => v.toLowerCase())
    .pipe(z.string().regex(PATH, BROKER_ADMIN_MESSAGES.pathInvalid)),
  // empty: none (required on create, "keep the current one" on edit; the service knows which)
  password: z
    .string()
    .max(200)
    .optional()
    .refine((v) => !v?.trim() || v.trim().length >= PASSWORD_MIN_LENGTH, `${PASSWORD_MESSAGES.tooShort}. ${PASSWORD_MESSAGES.tooShortHint}`)
    .transform((v) => v?.trim() ?? ""),
  photo: profilePhotoField,
  removePhoto: checkbox,
});
export type BrokerFormInput = z.infer<typeof brokerFormSchema>;
/** What the service stores (the photo is handled apart, as bytes). */
export type BrokerAccountInput = Omit<BrokerFormInput, "photo" | "removePhoto">;

/** /admin/corretores's row buttons: switch on/off and delete (after the confirmation). */
export const brokerListActionSchema = z.object({
  intent: z.enum(["activate", "deactivate", "delete"]),
  id: brokerId(),
  // the list's own query string to return to; anything else is dropped
  back: z
    .string()
    .max(400)
    .optional()
    .transform((v) => (v?.startsWith("?") ? v : "")),
});

/** A broker's id (a UUID, the one check of leads/referral.ts) from a hidden field, else "not found". */
function brokerId() {
  return z.unknown().transform((v, ctx) => {
    const id = typeof v === "string" ? parseRef(v) : null;
    if (!id) {
      ctx.addIssue({ code: "custom", message: BROKER_ADMIN_MESSAGES.notFound });
      return z.NEVER;
    }
    return id;
  });
}
