import type { CampaignJobStatus } from "#db/schema";

/** Campaign rules and texts shared by the sender, the monitor and the server (spec 03 §4, §5, §8). */
export const CAMPAIGN_MESSAGES = {
  name: "Digite um nome para a campanha",
  message: "Digite a mensagem da campanha",
  leads: "Adicione leads para a campanha",
  login: "Faça login para salvar a campanha.",
  incomplete: "Preencha campanha, mensagem e adicione ao menos 1 lead.",
  noInstance: 'Instância do WhatsApp não encontrada. Clique em "Conectar WhatsApp".',
  notConnected: "Conecte ao WhatsApp antes de lançar a campanha.",
  scheduleFailed: "Falha ao agendar mensagens.",
  partial: (ok: number, failed: number) => `Parcial: ${ok} agendado(s), ${failed} falhou(iram).`,
  launchFailed: "Falha ao lançar campanha.",
  notFound: "Campanha não encontrada",
  pauseFailed: "Falha ao pausar no servidor",
  resumeFailed: "Falha ao retomar no servidor",
  optedOut: "Número pediu para não receber mensagens (SAIR/PARAR)",
  invalidPhone: "Telefone inválido",
  noSlot: "Sem horário permitido nos próximos 14 dias",
  duplicate: "Número repetido nesta campanha",
  launched: "Esta campanha já foi lançada.",
} as const;
export const MAX_CAMPAIGN_LEADS = 500;

/** {nome} → the lead's first name (or 'cliente' when unknown). */
export function personalise(message: string, name: string): string {
  const first = name.trim().split(/\s+/)[0] || "cliente";
  return message.replace(/\{nome\}/gi, first);
}

/**
 * A send cut short by a crash (the process died between handing the message
 * to the gateway and hearing back): we cannot know whether it left, so it is
 * never sent again and is shown as such; a later delivery event for it marks
 * it sent (gateway-events.server.ts).
 */
export const INTERRUPTED = "interrompido — pode ter sido entregue";
export function isInterrupted(error: string | null | undefined): boolean {
  return !!error && error.startsWith("interrompido");
}

export const JOB_STATUS_ORDER: CampaignJobStatus[] = ["sent", "failed", "sending", "scheduled", "paused", "cancelled"];
