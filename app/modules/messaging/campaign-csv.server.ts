import { CsvError, parse } from "csv-parse/sync";
import { MAX_CAMPAIGN_LEADS } from "./campaign-rules";
import type { CampaignLead } from "./campaign-types";
import { uniqueRecipients } from "./whatsapp-numbers";

/**
 * Recipients from a spreadsheet (spec 03 §5 'CSV of leads'): the first line
 * is a header and is skipped; columns name, phone; rows without a phone are
 * dropped; one recipient per number (issue 25); at most 500 rows. Accepts
 * what Excel pt-BR writes: UTF-8 with or without BOM or Windows-1252, comma
 * or semicolon, a stray quote inside a name. A quote that opens a field and
 * never closes is refused with its line number.
 */
export const CSV_LOAD_ERROR = "Erro ao processar CSV";
export const CSV_MAX_BYTES = 512 * 1024;
export const CSV_TEMPLATE = "nome,telefone\r\nMaria Silva,(11) 98765-4321\r\nJoão Souza,(21) 99876-5432\r\n";
export const CSV_MESSAGES = {
  empty: `${CSV_LOAD_ERROR}: o arquivo está vazio.`,
  tooBig: `${CSV_LOAD_ERROR}: o arquivo passa de 512 KB.`,
  notText: `${CSV_LOAD_ERROR}: o arquivo não é um texto CSV (salve a planilha como CSV e envie de novo).`,
  quoteAt: (line: number) => `${CSV_LOAD_ERROR}: aspas sem par na linha ${line}. Apague ou feche as aspas dessa linha e envie de novo.`,
} as const;

export class CampaignCsvError extends Error {}

export function decodeSpreadsheet(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

const options = (delimiter: string) => ({ delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true });

/** The line a quoting error is on: the first line that cannot be read alone, else what the parser said. */
function lineOf(text: string, delimiter: string, error: unknown): number | null {
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    try {
      parse(lines[i], options(delimiter));
    } catch {
      return i + 1;
    }
  }
  return error instanceof CsvError && typeof (error as CsvError & { lines?: number }).lines === "number" ? (error as CsvError & { lines: number }).lines : null;
}

export function parseCampaignCsv(bytes: Uint8Array): { leads: CampaignLead[]; duplicates: number } {
  if (bytes.byteLength === 0) throw new CampaignCsvError(CSV_MESSAGES.empty);
  if (bytes.byteLength > CSV_MAX_BYTES) throw new CampaignCsvError(CSV_MESSAGES.tooBig);
  const text = decodeSpreadsheet(bytes);
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  let rows: string[][];
  try {
    rows = parse(text, options(delimiter)) as string[][];
  } catch (error) {
    const line = lineOf(text, delimiter, error);
    throw new CampaignCsvError(line ? CSV_MESSAGES.quoteAt(line) : CSV_LOAD_ERROR);
  }
  const withPhone = rows
    .slice(1)
    .map((r) => ({ leadId: null, name: (r[0] ?? "").slice(0, 120), phone: (r[1] ?? "").slice(0, 30) }))
    .filter((r) => r.phone.replace(/\D/g, "").length > 0)
    .slice(0, MAX_CAMPAIGN_LEADS);
  const { unique, duplicates } = uniqueRecipients(withPhone);
  return { leads: unique, duplicates };
}
