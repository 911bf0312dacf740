import { foldText } from "~/utils/slug";
import { vocabulary } from "~/utils/vocabulary";
import type { LeadSource, LeadStatus } from "#db/schema";

/**
 * Shared CRM labels and pure rules (02 §2.4, §4): status labels, the age
 * badge, won/lost stage detection by name, and the status a stage name
 * implies (edit-distance tolerant). Safe for the browser.
 */
export type { LeadSource, LeadStatus };

export const { codes: LEAD_STATUSES, labels: LEAD_STATUS_LABELS } = vocabulary({
  entrada: "Entrada",
  qualificacao: "Qualificação",
  negociacao: "Negociação",
  fechamento: "Fechamento",
} satisfies Record<LeadStatus, string>);

/** Where a lead came from (leads.source), in the order a filter lists them. */
export const {
  codes: LEAD_SOURCES,
  labels: LEAD_SOURCE_LABELS,
  is: isLeadSource,
} = vocabulary({
  site: "Site",
  zap: "ZAP Imóveis",
  vivareal: "VivaReal",
  olx: "OLX",
  portal: "Portal imobiliário",
  simulador: "Simulador de financiamento",
  captacao: "Captação (Anuncie seu imóvel)",
  alerta: "Alerta de busca",
  board: "Quadro do CRM",
  csv: "Importação CSV",
  roleta: "Roleta",
} satisfies Record<LeadSource, string>);

/** A source typed in a file ('Origem': "Site", "zap", "ZAP Imóveis", "Viva Real", "Roleta"…), or null when it names none. */
export function leadSourceFromText(value: string): LeadSource | null {
  const f = foldText(value).replace(/[^a-z0-9]+/g, "");
  if (!f) return null;
  for (const source of LEAD_SOURCES) if (f === source || f === foldText(LEAD_SOURCE_LABELS[source]).replace(/[^a-z0-9]+/g, "")) return source;
  const words: [LeadSource, string[]][] = [
    ["zap", ["zap"]],
    ["vivareal", ["vivareal"]],
    ["olx", ["olx"]],
    ["roleta", ["roleta"]],
    ["board", ["quadro", "kanban"]],
    ["csv", ["csv", "importacao", "planilha"]],
    ["portal", ["portal"]],
    ["site", ["site", "formulario"]],
  ];
  return words.find(([, ws]) => ws.some((w) => f.includes(w)))?.[0] ?? null;
}

export const { codes: ACTIVITY_TYPES, labels: ACTIVITY_TYPE_LABELS } = vocabulary({
  call: "Ligação",
  whatsapp: "WhatsApp",
  email: "Email",
  meeting: "Reunião",
  followup: "Follow-up",
});
export type ActivityTypeCode = (typeof ACTIVITY_TYPES)[number];

export type ActivityState = "completed" | "scheduled" | "pending";
export const ACTIVITY_STATE_LABELS: Record<ActivityState, string> = {
  completed: "Concluída",
  scheduled: "Agendada",
  pending: "Pendente",
};

/** Completed if completed_at; scheduled if due in the future; else pending (02 §4). */
export function activityState(a: { completed_at: string | null; due_at: string | null }, now: Date = new Date()): ActivityState {
  if (a.completed_at) return "completed";
  if (a.due_at && new Date(a.due_at).getTime() > now.getTime()) return "scheduled";
  return "pending";
}

export type AgeBadge = { label: "Novo" | "Recente" | "Antigo"; tone: "green" | "yellow" | "red" };
const DAY_MS = 24 * 60 * 60 * 1000;

/** 1 day old or less 'Novo' (green); up to 7 days 'Recente' (yellow); older 'Antigo' (red). */
export function ageBadge(createdAt: string | Date, now: Date = new Date()): AgeBadge {
  const age = now.getTime() - new Date(createdAt).getTime();
  if (age <= DAY_MS) return { label: "Novo", tone: "green" };
  if (age <= 7 * DAY_MS) return { label: "Recente", tone: "yellow" };
  return { label: "Antigo", tone: "red" };
}

export const HIGH_PRIORITY_LABEL = "Alta Prioridade";
export const isHighPriority = (priority: string | null | undefined) => (priority ?? "").trim().toLowerCase() === "high";

export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}

/** Smallest edit distance between `needle` and any substring of `hay` (Sellers). */
export function substringDistance(hay: string, needle: string): number {
  if (!needle.length) return 0;
  let prev = new Array(hay.length + 1).fill(0) as number[];
  for (let i = 1; i <= needle.length; i++) {
    const cur = [i];
    for (let j = 1; j <= hay.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (needle[i - 1] === hay[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return Math.min(...prev);
}

/** The tolerance of 02 §4: the larger of 2 and a quarter of the name length. */
export const tolerance = (name: string) => Math.max(2, Math.floor(name.length / 4));

/**
 * Does the (folded) name contain the keyword, allowing typos? Exact
 * containment always counts; keywords of 5 letters or more also match with
 * the §4 tolerance (shorter ones like 'lead' would match almost anything).
 */
export function fuzzyContains(name: string, keyword: string): boolean {
  const hay = foldText(name);
  const kw = foldText(keyword);
  if (hay.includes(kw)) return true;
  if (kw.length < 5) return false;
  return substringDistance(hay, kw) <= Math.min(tolerance(kw), Math.floor(kw.length / 3));
}

const STATUS_KEYWORDS: [LeadStatus, string[]][] = [
  ["entrada", ["entrada", "lead"]],
  ["qualificacao", ["qualific", "visita", "contato"]],
  ["negociacao", ["proposta", "contrato", "negoci"]],
  ["fechamento", ["venda realizada", "ganho", "fechado", "fechamento", "perdido"]],
];

/** The lead status a stage name implies (bulk move, 02 §4); null when none does. Exact matches win over fuzzy ones. */
export function statusForStageName(stageName: string): LeadStatus | null {
  const folded = foldText(stageName);
  for (const [status, words] of STATUS_KEYWORDS) if (words.some((w) => folded.includes(w))) return status;
  for (const [status, words] of STATUS_KEYWORDS) if (words.some((w) => fuzzyContains(folded, w))) return status;
  return null;
}

/** 'Ganho': name contains venda realizada, ganho, ganhou or won (02 §4, lead page). */
export function isWonStageName(name: string): boolean {
  const f = foldText(name);
  return ["venda realizada", "ganho", "ganhou", "won"].some((w) => f.includes(w));
}

/** 'Perdido': name contains perdido, perda, lost, cancelado or cancelada. */
export function isLostStageName(name: string): boolean {
  const f = foldText(name);
  return ["perdido", "perda", "lost", "cancelado", "cancelada"].some((w) => f.includes(w));
}

/** Board classification (02 §4): won if the name contains 'ganh' or probability ≥ 90; lost if 'perd'. */
export function boardStageKind(stage: { name: string; probability: number | null }): "won" | "lost" | "open" {
  const f = foldText(stage.name);
  if (f.includes("perd")) return "lost";
  if (f.includes("ganh") || (stage.probability ?? 0) >= 90) return "won";
  return "open";
}

/**
 * Matches a free-text stage value (CSV 'Estágio' column) to a stage: exact
 * folded name, then the default words (entrada, qualificação, negociação,
 * fechamento) through the status rule, then the nearest name within the
 * §4 tolerance. Null when nothing is close.
 */
export function matchStageByName<S extends { id: number; name: string }>(value: string, stages: readonly S[]): S | null {
  const v = foldText(value);
  if (!v) return null;
  const exact = stages.find((s) => foldText(s.name) === v);
  if (exact) return exact;
  let best: S | null = null;
  let bestDistance = Infinity;
  for (const s of stages) {
    const d = editDistance(v, foldText(s.name));
    if (d < bestDistance) {
      best = s;
      bestDistance = d;
    }
  }
  if (best && bestDistance <= tolerance(foldText(best.name))) return best;
  const status = statusForStageName(v);
  if (status) return stages.find((s) => statusForStageName(s.name) === status) ?? null;
  return null;
}

export const LEADS_PAGE_SIZE = 10;
export const HISTORY_PREVIEW = 3;
export const MAX_BROKER_SUGGESTIONS = 8;

/** Messages used by more than one screen (02 §5, §6, §8), verbatim. */
export const CRM_MESSAGES = {
  leadNotFound: "Lead não encontrado.",
  stagesMissing: "Etapas do CRM não configuradas.",
  emptySelection: "Seleção vazia",
  stageNotSelected: "Etapa não selecionada",
  noValidEmails: "Sem emails válidos",
  fillMessage: "Preencha a mensagem",
  deleteConfirm: "Tem certeza que deseja excluir este lead? Esta ação não pode ser desfeita.",
  deleteAdminOnly: "Apenas administradores: Somente administradores podem excluir leads.",
  notesAdminOnly: "Permissão negada: Apenas administradores podem editar/excluir anotações.",
  leadDeleted: "Lead excluído com sucesso!",
  brokerUpdated: "Corretor atualizado",
  selectBroker: "Selecione um corretor",
  invalidValue: "Valor inválido",
  activityNeedsText: "Preencha assunto ou descrição",
  emptyState: "Nenhum lead encontrado",
  duplicateTitle: "Lead já existe",
  duplicateText: "Detectado possível duplicidade por email/telefone.",
} as const;
