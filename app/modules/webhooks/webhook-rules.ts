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
} as const;

export const DEFAULT_EVENT = "novo_lead";
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
