import { z } from "zod";
import { checkbox, recordId, requiredText } from "~/utils/form-fields";

/** Webhooks (spec 03 §2.8, §5, §8): texts and the URL rule, shared by the server and the screen. */
export const WEBHOOK_MESSAGES = {
  urlRequired: "Por favor, insira uma URL válida",
  urlInvalid: "URL inválida",
  testUrlInvalid: "URL do webhook inválida",
  privateRefused: "Endereço de rede interna recusado: marque 'Permitir rede interna' se este destino for mesmo da imobiliária.",
  loadFailed: "Erro ao carregar webhooks",
  addFailed: "Erro ao adicionar webhook",
  removeFailed: "Erro ao remover webhook",
  updateFailed: "Erro ao atualizar webhook",
  added: "Webhook adicionado",
  updated: "Webhook atualizado",
  removed: "Webhook removido",
  testOk: "Webhook testado com sucesso",
  testHttpError: (status: number, text: string) => `Erro ${status}: ${text}`.trim(),
  testConnectError: (detail: string) => `Não foi possível conectar ao endpoint: ${detail}`,
  confirmDelete: "Tem certeza que deseja remover este webhook?",
  probeFailed: (detail: string) => `A URL não respondeu ao teste (${detail}). Deseja salvar mesmo assim?`,
  abandonedNoUrl: "Envio cancelado: o webhook não tem URL configurada.",
  abandonedDisabled: "Envio cancelado: o webhook está desativado.",
  abandonedRemoved: "Envio cancelado: o webhook foi removido.",
  eventsRequired: "Escolha pelo menos um evento.",
  notFound: "Webhook não encontrado.",
  rotated: "Nova chave gerada: atualize o sistema que recebe os webhooks.",
  portalRotated: "Novo endereço gerado: cadastre-o no portal.",
} as const;

export const DEFAULT_EVENT = "novo_lead";
/** The events a webhook may subscribe to (spec 03 §3: a list, default novo_lead), with their pt-BR names. */
export const WEBHOOK_EVENTS = { novo_lead: "Novo lead" } as const;
export type WebhookEvent = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_KEYS = Object.keys(WEBHOOK_EVENTS) as [WebhookEvent, ...WebhookEvent[]];
/** The delivery log's status labels and badge tones (pt-BR). */
export const DELIVERY_STATUS_LABELS = { delivered: "Entregue", failed: "Falhou", pending: "Aguardando nova tentativa", sending: "Enviando" } as const;
export const DELIVERY_STATUS_TONES = { delivered: "success", failed: "danger", pending: "warning", sending: "warning" } as const;
/** The receiver checks HMAC-SHA256(secret, `${timestamp}.${raw body}`) against the signature header. */
export const SIGNATURE_HEADER = "X-Webhook-Signature";
export const TIMESTAMP_HEADER = "X-Webhook-Timestamp";
export const TEST_EVENT = "test_webhook";
/** Retries: doubling from 30 s, at most 6 h apart, for one day after the event. */
export const RETRY_FIRST_DELAY_MS = 30_000;
export const RETRY_MAX_DELAY_MS = 6 * 3600_000;
export const RETRY_WINDOW_MS = 24 * 3600_000;
export const DELIVERY_TIMEOUT_MS = 10_000;
/** The test's progress display (spec 03 §9): the bar steps through these while the test runs. */
export const TEST_PROGRESS_STEPS = [10, 25, 40, 60, 80, 100] as const;

/** The URL rule of spec 03 §5: given, parses, http(s). Returns the message of the broken rule, or null. */
export function webhookUrlProblem(raw: string): string | null {
  const value = raw.trim();
  if (!value) return WEBHOOK_MESSAGES.urlRequired;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return WEBHOOK_MESSAGES.urlInvalid;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return WEBHOOK_MESSAGES.urlInvalid;
  if (url.username || url.password) return WEBHOOK_MESSAGES.urlInvalid;
  return null;
}

/** When the next try is due after `attempts` failed tries. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_MAX_DELAY_MS, RETRY_FIRST_DELAY_MS * 2 ** Math.max(0, attempts - 1));
}

const url = requiredText(2000, WEBHOOK_MESSAGES.urlRequired).superRefine((value, ctx) => {
  const problem = webhookUrlProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});
const events = z
  .array(z.enum(WEBHOOK_EVENT_KEYS, { error: WEBHOOK_MESSAGES.eventsRequired }), { error: WEBHOOK_MESSAGES.eventsRequired })
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .max(WEBHOOK_EVENT_KEYS.length);
const id = recordId(WEBHOOK_MESSAGES.notFound);

/**
 * /admin/webhook's forms (spec 03 §2.8, §5, §7.3): add (URL and events),
 * edit (the same, and a second yes when the new address did not answer the
 * probe), the row buttons and the portal address; one union on `intent`.
 */
export const webhookActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), url, events, allowPrivate: checkbox }),
  z.object({ intent: z.literal("update"), id, url, events, allowPrivate: checkbox, confirmedUrl: z.string().max(2000).optional() }),
  z.object({ intent: z.enum(["activate", "deactivate", "delete", "test", "rotate"]), id }),
  z.object({ intent: z.literal("portal-address") }),
]);
export type WebhookAction = z.infer<typeof webhookActionSchema>;
