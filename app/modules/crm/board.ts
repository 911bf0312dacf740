import { z } from "zod";
import { amount, checkbox, optionalText, recordId, requiredText } from "~/utils/form-fields";
import { FIELD_MESSAGES } from "~/utils/zod-pt-br";
import { activityFields, needsSubjectOrContent } from "./activity-form";
import { foldText } from "~/utils/slug";

/** Board rules shared with the browser (02 §2.6, §9). */
export const BOARD_PAGE = 10;
export const BOARD_MAX_PER_COLUMN = 500;
export const MAX_BADGES = 3;
export type BoardView = "all" | "won" | "lost";
export type BoardOwner = "me" | "all";

export type BoardCard = {
  /** lead-{id} or deal-{id} */
  key: string;
  kind: "lead" | "deal";
  id: number;
  contactName: string;
  title: string;
  tags: string[];
  amount: number | null;
  rating: number;
  ownerName: string | null;
  ownerImage: string | null;
  orderIndex: number;
};

export type BoardColumn = { id: number; name: string; probability: number | null; kind: "won" | "lost" | "open"; celebrate: boolean; count: number; sum: number; cards: BoardCard[]; shown: number };

/** Badges of a card: 'Lead' first for leads, then tags; at most 3 plus the overflow count. */
export function cardBadges(card: Pick<BoardCard, "kind" | "tags">): { badges: string[]; overflow: number } {
  const all = [...(card.kind === "lead" ? ["Lead"] : []), ...card.tags];
  return { badges: all.slice(0, MAX_BADGES), overflow: Math.max(0, all.length - MAX_BADGES) };
}

/** A stage whose entry is celebrated: won, or a visit stage (visit scheduled / done). */
export function isCelebrated(stage: { name: string; kind: "won" | "lost" | "open" }): boolean {
  if (stage.kind === "won") return true;
  return foldText(stage.name).includes("visita");
}

export function parseCardKey(key: string): { kind: "lead" | "deal"; id: number } | null {
  const m = /^(lead|deal)-(\d{1,12})$/.exec(key);
  return m ? { kind: m[1] as "lead" | "deal", id: Number(m[2]) } : null;
}

export const MSG_STAGE_HAS_DEALS = "Não é possível excluir";
export const MSG_MOVE_FAILED = "Falha ao salvar mudança de etapa do lead/negócio";

// ── the board's forms (02 §5), shared by the browser and the actions ──────

/** 'Mover para' on a card, and a drop (with JavaScript, `js` asks for a JSON answer instead of a page). */
export const boardMoveSchema = z.object({
  intent: z.literal("move"),
  card: z
    .string()
    .max(40)
    .transform((v, ctx) => {
      const card = parseCardKey(v);
      if (!card) {
        ctx.addIssue({ code: "custom", message: MSG_MOVE_FAILED });
        return z.NEVER;
      }
      return card;
    }),
  stageId: recordId(MSG_MOVE_FAILED),
  js: checkbox,
  back: z.string().max(2000).optional(),
});

export const BOARD_LEAD_MESSAGES = {
  noDataTitle: "Informe algum dado",
  noData: "Preencha pelo menos nome, email ou telefone.",
  failed: "Erro ao criar lead",
  noBroker: "Corretor não identificado.",
  phone: "Telefone inválido",
} as const;

/** 'Criar Lead' (02 §3, §5): name, e-mail, phone (at least one), property and message optional. */
export const boardLeadSchema = z
  .object({
    name: optionalText(120),
    email: z.email(FIELD_MESSAGES.email).max(200).toLowerCase().optional(),
    phone: z.string().trim().max(30).regex(/^[0-9()+\-\s.]*$/, BOARD_LEAD_MESSAGES.phone).optional(),
    message: optionalText(5000),
    propertyId: recordId().optional(),
    brokerId: z.string().max(40).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.name && !v.email && !v.phone) ctx.addIssue({ code: "custom", path: [], message: `${BOARD_LEAD_MESSAGES.noDataTitle}: ${BOARD_LEAD_MESSAGES.noData}` });
  });
export type BoardLeadInput = z.infer<typeof boardLeadSchema>;

export const OPPORTUNITY_MESSAGES = { contact: "Informe o contato", title: "Informe o título", stage: "Selecione a etapa", amount: "Valor inválido", failed: "Falha ao criar oportunidade" } as const;

/** 'Criar oportunidade' (02 §3, §5): contact, title and stage required; an amount typed with digits, dots and commas only, in BRL. */
export const opportunitySchema = z.object({
  contactName: requiredText(120, OPPORTUNITY_MESSAGES.contact),
  title: requiredText(160, OPPORTUNITY_MESSAGES.title),
  stageId: recordId(OPPORTUNITY_MESSAGES.stage),
  amount: z
    .string()
    .regex(/^[0-9.,\s]*$/, OPPORTUNITY_MESSAGES.amount)
    .pipe(amount({ message: OPPORTUNITY_MESSAGES.amount }))
    .optional(),
});
export type OpportunityInput = z.infer<typeof opportunitySchema>;

/** 'Agendar atividade' on a card. */
export const scheduleActivitySchema = z.object({ ...activityFields }).superRefine(needsSubjectOrContent);
