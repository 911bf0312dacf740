import { parse } from "csv-parse/sync";
import { MAX_CAMPAIGN_LEADS } from "./campaign-rules";
import type { CampaignLead } from "./campaign-types";

/**
 * Recipients from a spreadsheet (spec 03 §5 'CSV of leads'): the first line
 * is a header and is skipped; columns name, phone; rows without a phone are
 * dropped; at most 500 rows. Accepts what Excel pt-BR writes: UTF-8 with or
 * without BOM or Windows-1252, comma or semicolon.
 */
export const CSV_LOAD_ERROR = "Erro ao processar CSV";
export const CSV_MAX_BYTES = 512 * 1024;
export const CSV_TEMPLATE = "nome,telefone\r\nMaria Silva,(11) 98765-4321\r\nJoão Souza,(21) 99876-5432\r\n";

export class CampaignCsvError extends Error {}

export function decodeSpreadsheet(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

export function parseCampaignCsv(bytes: Uint8Array): CampaignLead[] {
  if (bytes.byteLength === 0 || bytes.byteLength > CSV_MAX_BYTES) throw new CampaignCsvError(CSV_LOAD_ERROR);
  const text = decodeSpreadsheet(bytes);
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  let rows: string[][];
  try {
    rows = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch {
    throw new CampaignCsvError(CSV_LOAD_ERROR);
  }
  return rows
    .slice(1)
    .map((r) => ({ leadId: null, name: (r[0] ?? "").slice(0, 120), phone: (r[1] ?? "").slice(0, 30) }))
    .filter((r) => r.phone.replace(/\D/g, "").length > 0)
    .slice(0, MAX_CAMPAIGN_LEADS);
}
