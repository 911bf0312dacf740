import { z } from "zod";
import { vocabulary } from "~/utils/vocabulary";

/** CSV import vocabulary shared with the mapping screen (02 §2.4, §5). */
export const { codes: IMPORT_FIELDS, labels: IMPORT_FIELD_LABELS } = vocabulary({
  name: "Nome",
  email: "Email",
  phone: "Telefone",
  message: "Mensagem",
  tags: "Marcador/Tags (separe por vírgula ou ponto e vírgula)",
  property: "Imóvel",
  stage: "Estágio (aceita entrada, qualificação, negociação, fechamento)",
  source: "Origem (site, ZAP, VivaReal, OLX, roleta…; sem valor conhecido: Importação CSV)",
});
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** A row left out of an import: its line in the file (the header is line 1) and why, shown in the preview and the result. */
export type SkippedRow = { line: number; reason: string };

export const SKIP_REASONS = {
  empty: "sem nome, e-mail e telefone",
  noContact: "sem e-mail e sem telefone",
} as const;

/** "linha 4 (sem e-mail e sem telefone), linha 9 (…)", at most `max` named, then "e mais N". */
export function describeSkipped(rows: readonly SkippedRow[], max = 10): string {
  const named = rows.slice(0, max).map((r) => `linha ${r.line} (${r.reason})`);
  return rows.length > max ? `${named.join(", ")} e mais ${rows.length - max}` : named.join(", ");
}

export type ImportMapping = Partial<Record<ImportField, number>>;

export const CSV_MESSAGES = {
  empty: "CSV vazio",
  read: "Erro ao ler CSV",
  mapping: "Mapeamento inválido",
  failed: "Erro ao importar",
  failedHint: "Verifique o arquivo CSV.",
  noBroker: "Corretor não identificado.",
} as const;

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;

// ── the mapping screen's choices (GET for the preview, POST for the run) ──
// Lenient like a list's filters: a value that is not one of the choices
// (a tampered column or stage) counts as not chosen, never as an error.
const columnIndex = z.string().regex(/^\d{1,3}$/).transform(Number).optional().catch(undefined);
const stageId = z.string().regex(/^\d{1,12}$/).transform(Number);

export const importChoicesSchema = z.object({
  submitted: z.literal("1").optional().catch(undefined),
  ...(Object.fromEntries(IMPORT_FIELDS.map((f) => [`map_${f}`, columnIndex])) as Record<`map_${ImportField}`, typeof columnIndex>),
  force: stageId.optional().catch(undefined),
  dups: z.enum(["skip", "merge"]).catch("skip"),
  broker: z.string().max(20).optional().catch(undefined),
});

/** A stage value's choice: 'none' (leave it without a stage), a stage id, or undefined (the suggestion). */
export const stageChoiceSchema = z.union([z.literal("none"), stageId]).optional().catch(undefined);
