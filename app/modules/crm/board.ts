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
