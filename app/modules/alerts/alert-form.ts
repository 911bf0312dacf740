import { z } from "zod";
import { optionalText } from "~/utils/form-fields";
import { visitorEmail } from "~/modules/leads/lead-form";

/**
 * The 'Receber novidades desta busca' form (issue 28), shared by the
 * browser and the action: an e-mail, a frequency and the search it saves
 * (the catalogue page's path and canonical query, as hidden fields; the
 * server re-reads them through the catalogue's own parser).
 */
export const ALERT_FREQUENCIES = ["daily", "weekly"] as const;
export type AlertFrequencyCode = (typeof ALERT_FREQUENCIES)[number];
export const FREQUENCY_LABELS: Record<AlertFrequencyCode, string> = { daily: "Diária", weekly: "Semanal" };

export const ALERT_MESSAGES = {
  frequency: "Escolha a frequência dos e-mails",
  search: "Não foi possível ler a busca. Volte à lista de imóveis e tente novamente.",
  sendFailed: "Não foi possível enviar o e-mail de confirmação agora. Tente novamente em alguns minutos.",
} as const;

export const alertFormSchema = z.object({
  email: visitorEmail,
  name: optionalText(100),
  frequency: z.enum(ALERT_FREQUENCIES, { error: ALERT_MESSAGES.frequency }),
  /** The catalogue page the search was made on. */
  path: z.string({ error: ALERT_MESSAGES.search }).max(100, ALERT_MESSAGES.search),
  /** Its query string ("?city=…"); re-parsed by the server. */
  query: z.string().max(2000, ALERT_MESSAGES.search).optional(),
  ref: z.string().trim().max(64).optional(),
});

export type AlertFormValues = z.infer<typeof alertFormSchema>;
