import { Badge, type BadgeTone } from "~/components/ui";

const LABELS: Record<string, { label: string; tone: BadgeTone }> = {
  connected: { label: "Conectado", tone: "success" },
  disconnected: { label: "Desconectado", tone: "neutral" },
  connecting: { label: "Conectando", tone: "warning" },
  creating: { label: "Criando", tone: "info" },
  error: { label: "Erro", tone: "danger" },
  unknown: { label: "Desconhecido", tone: "neutral" },
  // campaigns and jobs
  draft: { label: "Rascunho", tone: "neutral" },
  scheduled: { label: "Agendado", tone: "info" },
  running: { label: "Em andamento", tone: "info" },
  paused: { label: "Pausado", tone: "warning" },
  completed: { label: "Concluído", tone: "success" },
  cancelled: { label: "Cancelado", tone: "neutral" },
  sending: { label: "Enviando", tone: "accent" },
  sent: { label: "Enviado", tone: "success" },
  failed: { label: "Falhou", tone: "danger" },
  // a send cut short by a crash: it may have left (campaign-rules.ts INTERRUPTED)
  interrupted: { label: "Interrompido", tone: "warning" },
};

/** One badge for WhatsApp connection, campaign and message states. */
export function StatusBadge({ status }: { status: string }) {
  const s = LABELS[status] ?? { label: status, tone: "neutral" as const };
  return <Badge tone={s.tone}>{s.label}</Badge>;
}
