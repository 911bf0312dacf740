import { dailyWindow, formatHourMinute, parseHourMinute } from "~/utils/clock";
/** The lead roulette (spec 03 §2.7, §4, §5, §8, §9): texts, defaults and the agency's clock, shared by server and screens. */
export const ROULETTE_MESSAGES = {
  alreadyToday: "Você já marcou presença hoje!",
  already24h: "Você já marcou presença nas últimas 24 horas!",
  registerFailed: (message: string) => `Erro ao registrar presença: ${message}`,
  noBroker: "Erro: Nenhum corretor logado encontrado",
  windowClosed: (start: string, end: string) => `A presença só pode ser marcada entre ${start} e ${end}.`,
  confirmed: "Presença Confirmada!",
  noParticipants: "Nenhum corretor registrado para participar do sorteio!",
  noParticipantsWarning: "Nenhum participante registrado",
  saveResultsFailed: "Erro ao salvar resultados do sorteio",
  drawFailed: "Erro no sorteio",
  webhookError: (status: number | string) => `Erro no webhook: ${status}`,
  webhookWillRetry: (status: number | string) => `Erro no webhook: ${status}. O envio será repetido automaticamente.`,
  webhookSent: "Webhook enviado",
  webhookQueued: "Webhook na fila de envio",
  webhookSaveFailed: "Erro ao salvar configurações do webhook",
  webhookUrlInvalid: "Por favor, insira uma URL de webhook válida",
  webhookInternal: "Endereço de rede interna recusado: o webhook da roleta só envia para endereços públicos.",
  invalidTimes: "Erro: Configuração de horários inválida",
  settingsSaved: "✅ Configurações da roleta automática salvas com sucesso!",
  settingsFailed: (message: string) => `Erro ao salvar configurações: ${message}`,
  noRowUpdated: "Erro: nenhum registro foi atualizado",
  authFailed: "❌ Falha na autenticação",
  sessionFailed: "❌ Falha na sessão",
  authOk: "✅ Autenticação OK",
  participantRemoved: "Participante removido",
  resultDeleted: "Resultado excluído",
  webhookSaved: "Configurações do webhook salvas",
  webhookTestNeedsUrl: "Informe a URL do webhook para testar.",
  drawDone: (n: number) => `Sorteio realizado com ${n} ${n === 1 ? "participante" : "participantes"}.`,
} as const;

/** The roulette webhook's webhook_settings row (spec 03 §3) and its events (spec 03 §7.3). */
export const ROULETTE_WEBHOOK_KEY = "roleta_webhook";
export const ROULETTE_WEBHOOK_EVENTS = { draw: "roleta_draw_completed", automatic: "automatic_roulette_completed", test: "roleta_webhook_test" } as const;
export type RouletteWebhookEvent = (typeof ROULETTE_WEBHOOK_EVENTS)[keyof typeof ROULETTE_WEBHOOK_EVENTS];

/**
 * Two defaults, as spec 03 §9 has them: the broker page's window while no
 * settings were saved (08:00–09:30), and the automatic tab's form values
 * until the admin saves (time 09:30, window 05:00–09:30); once saved, the
 * saved window is the broker page's.
 */
export const DEFAULT_PRESENCE = { start: "08:00", end: "09:30" } as const;
export const AUTOMATIC_DEFAULTS = { time: "09:30", start: "05:00", end: "09:30" } as const;
/** The day's draw is the distribution order until 20:00 (spec 03 §9). */
export const ORDER_VALID_UNTIL = "20:00";
/** A manual draw's wheel turns for 3 s before the result shows (spec 03 §4, §9). */
export const SPIN_MS = 3000;
export const PRIZE_CYCLE = ["Lead Premium", "Comissão Extra 5%", "Desconto 10%", "Lead Qualificado", "Bônus Especial"] as const;
/** Why a lead went to a broker (lead_assignments.reason). */
export const ASSIGNMENT_REASON_LABELS = { roleta: "Vez na roleta", "corretor-do-imovel": "Corretor do imóvel" } as const;

/** The window brokers mark presence in: the saved one, else the broker page's default. */
export function presenceHours(settings: { id: number | null; presenceStart: string; presenceEnd: string }): { start: string; end: string } {
  return settings.id ? { start: settings.presenceStart, end: settings.presenceEnd } : { ...DEFAULT_PRESENCE };
}

/** When the broker page says the draw happens: the automatic time when it is on, else a minute after the window closes (09:31 by default). */
export function drawTimeShown(settings: { enabled: boolean; time: string }, hours: { end: string }): string {
  if (settings.enabled) return settings.time;
  const end = parseHourMinute(hours.end) ?? 0;
  return formatHourMinute(Math.min(end + 1, 23 * 60 + 59));
}

/**
 * The presence window at `now` (inclusive at both ends, to the minute):
 * open with the seconds left, or closed with the seconds until it opens
 * (tomorrow once past the end).
 */
export function presenceWindow(now: Date, start: string, end: string): { open: boolean; secondsLeft: number; secondsToOpen: number } {
  return dailyWindow(now, parseHourMinute(start) ?? 0, parseHourMinute(end) ?? 0);
}
