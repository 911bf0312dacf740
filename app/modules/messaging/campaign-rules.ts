import type { CampaignJobStatus } from "#db/schema";

/** Campaign rules and texts shared by the sender, the monitor and the server (spec 03 §4, §5, §8). */
export const MAX_CAMPAIGN_LEADS = 500;
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
  optedOut: "Lead pediu para não receber mensagens (SAIR/PARAR)",
  invalidPhone: "Telefone inválido",
} as const;

/** {nome} → the lead's first name (or 'cliente' when unknown). */
export function personalise(message: string, name: string): string {
  const first = name.trim().split(/\s+/)[0] || "cliente";
  return message.replace(/\{nome\}/gi, first);
}

export const JOB_STATUS_ORDER: CampaignJobStatus[] = ["sent", "failed", "sending", "scheduled", "paused", "cancelled"];
