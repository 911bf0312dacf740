import { z } from "zod";
import { PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from "~/modules/auth/password-rules";

/** Broker management (spec 03 §2.11, §8): the admin's add/edit form, shared by the server and the screen. */
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
  pathInvalid: "Use no endereço apenas letras minúsculas, números e hífens.",
  pathTaken: "Este endereço já é de outro corretor.",
  passwordRequired: "Informe uma senha para o novo corretor.",
  notFound: "Corretor não encontrado.",
  confirmDelete: "Tem certeza que deseja excluir este corretor? Os leads e imóveis dele ficam sem corretor.",
} as const;

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

export const brokerFormSchema = z.object({
  name: z.preprocess(text, z.string().min(1, BROKER_ADMIN_MESSAGES.nameRequired).max(120, "No máximo 120 caracteres")),
  email: z.preprocess((v) => text(v).toLowerCase(), z.email(BROKER_ADMIN_MESSAGES.emailInvalid).max(200, BROKER_ADMIN_MESSAGES.emailInvalid)),
  phone: z.preprocess(text, z.string().max(30, "No máximo 30 caracteres")),
  // /corretor/{path}: empty = none
  customUrlPath: z.preprocess(
    (v) => text(v).toLowerCase() || null,
    z.string().max(60, "No máximo 60 caracteres").regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, BROKER_ADMIN_MESSAGES.pathInvalid).nullable(),
  ),
  password: z.preprocess(text, z.union([z.literal(""), z.string().min(PASSWORD_MIN_LENGTH, `${PASSWORD_MESSAGES.tooShort}. ${PASSWORD_MESSAGES.tooShortHint}`).max(200)])),
});
export type BrokerFormInput = z.infer<typeof brokerFormSchema>;
