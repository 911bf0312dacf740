import { z } from "zod";
import { optionalText, requiredText } from "~/utils/form-fields";
import { digitsOnly } from "~/utils/phone";
import { WA_MESSAGES } from "./whatsapp-labels";

/** /broker/whatsapp's forms (spec 03 §2.3, §5), shared by the server and the browser: one union on `intent`. */
const pairingNumber = optionalText(30).refine((v) => !v || (digitsOnly(v).length >= 10 && digitsOnly(v).length <= 15), "Telefone inválido");

export const whatsappActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), name: requiredText(60, WA_MESSAGES.nameRequired).refine((v) => /[a-z0-9]/i.test(v), WA_MESSAGES.nameRequired), number: pairingNumber }),
  z.object({ intent: z.literal("connect"), number: pairingNumber }),
  z.object({ intent: z.literal("check") }),
  z.object({ intent: z.literal("disconnect") }),
  z.object({ intent: z.literal("restart") }),
  z.object({ intent: z.literal("delete") }),
]);
export type WhatsappIntent = z.infer<typeof whatsappActionSchema>["intent"];

/** The toasts of the page's buttons (ours: the spec names none but the pairing's success toast). */
export const WA_TOASTS = {
  created: "Instância criada. Leia o QR Code no WhatsApp do celular.",
  codeReady: "Código gerado. Conecte pelo WhatsApp do celular.",
  connected: "WhatsApp conectado!",
  checked: "Status atualizado.",
  disconnected: "Instância desconectada.",
  restarted: "Instância reiniciada.",
  deleted: "Instância removida.",
} as const;
