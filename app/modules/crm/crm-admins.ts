import { z } from "zod";
import { requiredText } from "~/utils/form-fields";

/** pt-BR texts of /admin/crm (spec 03 §5, §8); the two success toasts are ours (the spec shows none). */
export const CRM_ADMIN_MESSAGES = {
  noEmail: "Corretor sem e-mail válido",
  noPermission: "Sem permissão. Entre com um admin ou use o e-mail bootstrap.",
  cannotGrant: "Sem permissão para conceder admin.",
  cannotRevoke: "Sem permissão para remover este admin.",
  loadFailed: "Erro ao carregar lista",
  saveFailed: "Erro ao salvar",
  notFound: "Corretor não encontrado.",
  granted: (name: string) => `${name} agora é admin do CRM`,
  revoked: (name: string) => `${name} não é mais admin do CRM`,
} as const;

/** The permission summary of spec 03 §2.11. */
export type CrmAdminRight = "permitido" | "negado" | "somente a si mesmo";

/** /admin/crm's row buttons: grant or remove one broker's CRM admin permission. */
export const crmAdminActionSchema = z.object({
  intent: z.enum(["grant", "revoke"]),
  id: requiredText(40, CRM_ADMIN_MESSAGES.notFound),
  // the list's own query string to return to; anything else is dropped
  back: z
    .string()
    .max(400)
    .optional()
    .transform((v) => (v?.startsWith("?") ? v : "")),
});
