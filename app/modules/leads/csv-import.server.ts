import { sql } from "kysely";
import crypto from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { config } from "~/modules/platform/config.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { db, nowIso, parseJsonList, toJsonList, type Tx } from "~/modules/platform/db.server";
import { insertLeadsInBulk } from "~/modules/leads/leads.server";
import { normalisePhone } from "~/utils/phone.server";
import { leadSourceFromText, matchStageByName, statusForStageName } from "~/modules/crm/labels";
import type { LeadSource, LeadStatus } from "#db/schema";
import { foldText } from "~/utils/slug";
import { listPipelineStages, entryStageId, type Stage } from "~/modules/crm/stages.server";
import { duplicateIndex } from "./duplicates.server";
import { CSV_MESSAGES, IMPORT_FIELDS, importChoicesSchema, stageChoiceSchema, MAX_IMPORT_ROWS, SKIP_REASONS, type ImportField, type ImportMapping, type SkippedRow } from "./csv-import";
import { canAdministerCrm } from "~/modules/auth/permissions.server";

/**
 * CSV import (02 §2.4, §5): real spreadsheet files (UTF-8 with or without
 * BOM, Windows-1252 from Excel pt-BR, ',' or ';' or tab, CRLF, quoted fields
 * with line breaks) → mapping → preview (duplicates reported) → import in ONE
 * transaction (a bad row or file changes nothing).
 */
export class CsvError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(message);
  }
}

/** `lines[i]` is the line of the file where `rows[i]` starts (the header is line 1; quoted line breaks and blank lines counted). */
export type CsvFile = { headers: string[]; rows: string[][]; lines: number[]; delimiter: string; encoding: "utf-8" | "windows-1252" | "utf-16le" };

export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvFile["encoding"] } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { text: new TextDecoder("utf-8").decode(bytes.subarray(3)), encoding: "utf-8" };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), encoding: "utf-16le" };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: "windows-1252" };
  }
}

/**
 * Windows-1252's bytes 0x80–0x9F (€, curly quotes, dashes, …; 0x81, 0x8D, 0x8F, 0x90 and 0x9D stay as they are), as the
 * WHATWG encoding standard maps them. Node 20's TextDecoder("windows-1252") decodes them as Latin-1 control characters
 * (nodejs/node#56542), so an Excel pt-BR file's “aspas”, € and – would arrive broken.
 */
const WINDOWS_1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";

function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString("latin1")
    .replace(/[\x80-\x9f]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80]);
}

/** The delimiter that appears most on the header line (outside quotes). */
export function detectDelimiter(text: string): string {
  const counts: Record<string, number> = { ";": 0, ",": 0, "\t": 0 };
  let quoted = false;
  for (const ch of text.slice(0, 10_000)) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && ch in counts) counts[ch] += 1;
  }
  return Object.entries(counts).sort((a, b) => b[1] - a[1])[0][1] > 0 ? Object.entries(counts).sort((a, b) => b[1] - a[1])[0][0] : ",";
}

export function parseCsv(bytes: Uint8Array): CsvFile {
  const { text, encoding } = decodeCsv(bytes);
  if (!text.trim()) throw new CsvError(CSV_MESSAGES.empty);
  const delimiter = detectDelimiter(text);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: true, trim: true, max_record_size: 100_000, info: true }) as unknown as typeof records;
  } catch (error) {
    const e = error as { lines?: number; code?: string };
    const line = e.code === "CSV_QUOTE_NOT_CLOSED" ? (openQuoteLine(text) ?? e.lines) : e.lines;
    throw new CsvError(`${CSV_MESSAGES.read}: linha ${line ?? "?"} — ${explainParseError(error)}`, line);
  }
  // The parser counts the line where a record ends, and counts a CRLF inside quotes as two lines (every
  // later record's count too); a record starts at that count less those extra lines so far, less its own line breaks.
  let extra = 0;
  const [headers, ...rows] = records.map(({ record, info }) => {
    const breaks = (pattern: RegExp) => record.reduce((n, c) => n + (c.match(pattern)?.length ?? 0), 0);
    extra += breaks(/\r\n/g);
    return { record, line: info.lines - extra - breaks(/\r\n|\n|\r/g) };
  });
  const data = rows.filter((r) => r.record.some((c) => c !== ""));
  if (!headers || data.length === 0) throw new CsvError(CSV_MESSAGES.empty);
  if (data.length > MAX_IMPORT_ROWS) throw new CsvError(`${CSV_MESSAGES.read}: no máximo ${MAX_IMPORT_ROWS} linhas por arquivo.`);
  return { headers: headers.record.map((h) => h.slice(0, 200)), rows: data.map((r) => r.record), lines: data.map((r) => r.line), delimiter, encoding };
}

/** The line where a quote that never closes was opened (the parser only knows where the file ended). */
function openQuoteLine(text: string): number | null {
  let line = 1;
  let quoted = false;
  let openedAt = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      if (quoted && text[i + 1] === '"') i++;
      else {
        quoted = !quoted;
        if (quoted) openedAt = line;
      }
    } else if (ch === "\n") line++;
  }
  return quoted ? openedAt : null;
}

function explainParseError(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === "CSV_QUOTE_NOT_CLOSED") return "aspas abertas e não fechadas.";
  if (code === "CSV_INVALID_CLOSING_QUOTE") return "aspas no meio de um campo.";
  if (code === "CSV_MAX_RECORD_SIZE") return "linha grande demais.";
  return "formato inválido.";
}

const SYNONYMS: Record<ImportField, string[]> = {
  name: ["name", "nome", "nome completo", "cliente", "contato"],
  email: ["email", "e-mail", "e mail", "mail", "correio"],
  phone: ["phone", "telefone", "celular", "whatsapp", "fone", "tel"],
  message: ["message", "mensagem", "observacao", "observacoes", "obs"],
  tags: ["tags", "tag", "marcador", "marcadores", "etiquetas"],
  property: ["property", "imovel", "property_title", "empreendimento"],
  stage: ["stage", "estagio", "etapa", "status", "fase"],
  source: ["source", "origem", "fonte", "canal"],
};

/** Columns auto-mapped from header names (name, email, phone, message, property, stage, tags and pt-BR synonyms). */
export function autoMapping(headers: string[]): ImportMapping {
  const mapping: ImportMapping = {};
  const folded = headers.map((h) => foldText(h));
  for (const field of IMPORT_FIELDS) {
    const idx = folded.findIndex((h, i) => SYNONYMS[field].includes(h) && !Object.values(mapping).includes(i));
    if (idx >= 0) mapping[field] = idx;
  }
  return mapping;
}

export function validateMapping(mapping: ImportMapping, columnCount: number): ImportMapping {
  const clean: ImportMapping = {};
  for (const f of IMPORT_FIELDS) {
    const v = mapping[f];
    if (v != null && Number.isInteger(v) && v >= 0 && v < columnCount) clean[f] = v;
  }
  if (clean.name == null && clean.email == null && clean.phone == null) throw new CsvError(CSV_MESSAGES.mapping);
  return clean;
}

export type StageValue = { value: string; count: number; suggestedStageId: number | null };

/** Distinct values of the Estágio column with a suggested stage (or none). */
export function stageValues(file: CsvFile, mapping: ImportMapping, stages: readonly Stage[]): StageValue[] {
  if (mapping.stage == null) return [];
  const counts = new Map<string, number>();
  for (const r of file.rows) {
    const v = (r[mapping.stage] ?? "").trim();
    if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 200)
    .map(([value, count]) => ({ value, count, suggestedStageId: matchStageByName(value, stages)?.id ?? null }));
}

export type ImportOptions = {
  mapping: ImportMapping;
  /** CSV stage value → stage id, or null for 'Não usar'. Missing values use the suggestion. */
  stageMap: Record<string, number | null>;
  forceStageId: number | null;
  duplicates: "skip" | "merge";
  brokerId: string | null;
};

export type PlannedRow = {
  line: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  tags: string[];
  property: string;
  stageId: number | null;
  /** The status the row's stage implies (its own or the entry stage), 02 §4. */
  status: LeadStatus;
  source: LeadSource;
  duplicateOf: number | null;
};

export type ImportPlan = { rows: PlannedRow[]; skipped: SkippedRow[]; duplicates: PlannedRow[] };

/**
 * Our own export guards cells against spreadsheet formulas with a leading
 * apostrophe ('+55…, '=…); a value that only carries that guard comes back
 * without it.
 */
export function unguardCell(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/** Which broker the leads go to: a broker imports for self; an admin must pick one. */
export async function importBroker(user: SessionUser, chosen: string | null | undefined): Promise<string | null> {
  if (!canAdministerCrm(user)) return user.broker?.id ?? null;
  if (!chosen) return null;
  const b = await db().selectFrom("brokers").select("id").where("id", "=", chosen).executeTakeFirst();
  return b?.id ?? null;
}

export async function planImport(file: CsvFile, options: ImportOptions): Promise<ImportPlan> {
  const m = validateMapping(options.mapping, Math.max(file.headers.length, ...file.rows.slice(0, 50).map((r) => r.length)));
  const stages = await listPipelineStages();
  const valid = new Set(stages.map((s) => s.id));
  const suggestions = new Map(stageValues(file, m, stages).map((v) => [v.value, v.suggestedStageId]));
  const dup = await duplicateIndex(options.brokerId);
  const seenEmail = new Map<string, number>();
  const seenPhone = new Map<string, number>();
  const rows: PlannedRow[] = [];
  const duplicates: PlannedRow[] = [];
  const skipped: SkippedRow[] = [];
  const entry = await entryStageId();
  const statusOf = new Map(stages.map((s) => [s.id, statusForStageName(s.name) ?? ("entrada" as const)]));
  const cell = (r: string[], f: ImportField, max: number) => (m[f] != null ? unguardCell((r[m[f]!] ?? "").trim()).slice(0, max) : "");
  file.rows.forEach((r, i) => {
    const line = file.lines[i] ?? i + 2;
    const name = cell(r, "name", 120);
    const email = cell(r, "email", 254).toLowerCase();
    const phone = cell(r, "phone", 30);
    // a lead is someone to reach: a row without an e-mail and a phone is left out and said why (02 §5)
    if (!email && !phone) {
      skipped.push({ line, reason: name ? SKIP_REASONS.noContact : SKIP_REASONS.empty });
      return;
    }
    let stageId: number | null = null;
    if (options.forceStageId && valid.has(options.forceStageId)) stageId = options.forceStageId;
    else if (m.stage != null) {
      const v = cell(r, "stage", 200);
      const chosen = v in options.stageMap ? options.stageMap[v] : (suggestions.get(v) ?? null);
      stageId = chosen && valid.has(chosen) ? chosen : null;
    }
    const phoneKey = normalisePhone(phone);
    const duplicateOf = (email && dup.byEmail.get(email)) || (phoneKey && dup.byPhone.get(phoneKey)) || (email && seenEmail.get(email)) || (phoneKey && seenPhone.get(phoneKey)) || null;
    const row: PlannedRow = {
      line,
      name: name || "Contato",
      email,
      phone,
      message: cell(r, "message", 5000),
      tags: [...new Set(cell(r, "tags", 1000).split(/[,;]/).map((t) => t.trim().slice(0, 40)).filter(Boolean))].slice(0, 30),
      property: cell(r, "property", 200),
      stageId,
      status: statusOf.get(stageId ?? entry ?? -1) ?? "entrada",
      source: leadSourceFromText(cell(r, "source", 100)) ?? "csv",
      duplicateOf: duplicateOf || null,
    };
    if (email && !seenEmail.has(email)) seenEmail.set(email, -line);
    if (phoneKey && !seenPhone.has(phoneKey)) seenPhone.set(phoneKey, -line);
    rows.push(row);
    if (row.duplicateOf) duplicates.push(row);
  });
  return { rows, skipped, duplicates };
}

const IMPORT_BATCH = 500;

function importedLead(row: PlannedRow, entry: number | null) {
  return { name: row.name, email: row.email, phone: row.phone, message: row.message, propertyTitle: row.property || null, source: row.source, stageId: row.stageId ?? entry, status: row.status, tags: row.tags };
}

/**
 * New rows in one go; when that fails, row by row, so the message names the
 * line at fault. The batch runs under a savepoint: PostgreSQL refuses every
 * statement of a transaction after a failed one until it is rolled back to.
 */
async function insertNewRows(tx: Tx, brokerId: string, entry: number | null, rows: PlannedRow[]): Promise<void> {
  await sql`savepoint csv_batch`.execute(tx);
  try {
    await insertLeadsInBulk(tx, brokerId, rows.map((r) => importedLead(r, entry)));
    await sql`release savepoint csv_batch`.execute(tx);
  } catch {
    await sql`rollback to savepoint csv_batch`.execute(tx);
    for (const row of rows) {
      try {
        await insertLeadsInBulk(tx, brokerId, [importedLead(row, entry)]);
      } catch (error) {
        throw new CsvError(`${CSV_MESSAGES.failed}: linha ${row.line} — ${(error as Error).message}`, row.line);
      }
    }
  }
}

export type ImportResult = { created: number; merged: number; skipped: SkippedRow[]; skippedDuplicates: number };

/**
 * Runs the plan in one transaction. Duplicates: 'skip' leaves them out;
 * 'merge' fills the existing lead's empty fields and adds tags (a duplicate
 * of an earlier row of the same file is skipped either way).
 */
export async function runImport(user: SessionUser, file: CsvFile, options: ImportOptions, onProgress?: (done: number, total: number) => void | Promise<void>): Promise<ImportResult> {
  if (!options.brokerId) throw new CsvError(CSV_MESSAGES.noBroker);
  const plan = await planImport(file, options);
  const entry = await entryStageId();
  const result: ImportResult = { created: 0, merged: 0, skipped: plan.skipped, skippedDuplicates: 0 };
  const total = plan.rows.length;
  await db()
    .transaction()
    .execute(async (tx) => {
      let done = 0;
      let pending: PlannedRow[] = [];
      const flush = async () => {
        await insertNewRows(tx, options.brokerId!, entry, pending);
        result.created += pending.length;
        pending = [];
      };
      for (const row of plan.rows) {
        try {
          if (row.duplicateOf && (options.duplicates === "skip" || row.duplicateOf < 0)) {
            result.skippedDuplicates += 1;
          } else if (row.duplicateOf) {
            const existing = await tx.selectFrom("leads").select(["id", "name", "email", "phone", "message", "tags", "property_title"]).where("id", "=", row.duplicateOf).executeTakeFirstOrThrow();
            const tags = [...new Set([...parseJsonList(existing.tags), ...row.tags])];
            await tx
              .updateTable("leads")
              .set({
                name: existing.name && existing.name !== "Contato" ? existing.name : row.name,
                email: existing.email || row.email,
                phone: existing.phone || row.phone,
                phone_normalized: normalisePhone(existing.phone || row.phone),
                message: existing.message || row.message,
                property_title: existing.property_title || row.property || null,
                tags: toJsonList(tags),
                updated_at: nowIso(),
              })
              .where("id", "=", existing.id)
              .execute();
            result.merged += 1;
          } else {
            // New leads only touch new rows, so they are written in batches; merges above touch existing ones.
            pending.push(row);
          }
        } catch (error) {
          throw new CsvError(`${CSV_MESSAGES.failed}: linha ${row.line} — ${(error as Error).message}`, row.line);
        }
        done += 1;
        if (pending.length >= IMPORT_BATCH) await flush();
        if (onProgress && (done % 500 === 0 || done === total)) await onProgress(done, total);
      }
      await flush();
    });
  return result;
}


// ── uploaded files between the steps (upload → mapping → preview → import) ──
// Kept under DATA_DIR/imports as {token}.csv; the token is random and bound to
// the user who uploaded it (a different user gets 'not found'). Removed after
// the import and by age (housekeeping: anything older than a day).
const TOKEN_RE = /^[a-f0-9]{32}$/;

function importsDir(): string {
  return path.join(config().dataDir, "imports");
}

function tokenFor(user: SessionUser, random: string): string {
  return crypto.createHash("sha256").update(`${user.id}:${random}`).digest("hex").slice(0, 32);
}

export async function saveUpload(user: SessionUser, bytes: Uint8Array, fileName: string): Promise<string> {
  const random = crypto.randomBytes(16).toString("hex");
  const token = tokenFor(user, random);
  await fsp.mkdir(importsDir(), { recursive: true });
  await fsp.writeFile(path.join(importsDir(), `${token}.csv`), bytes);
  await fsp.writeFile(path.join(importsDir(), `${token}.json`), JSON.stringify({ userId: user.id, fileName: fileName.slice(0, 200), createdAt: nowIso() }));
  return token;
}

export async function loadUpload(user: SessionUser, token: string): Promise<{ bytes: Uint8Array; fileName: string } | null> {
  if (!TOKEN_RE.test(token)) return null;
  try {
    const meta = JSON.parse(await fsp.readFile(path.join(importsDir(), `${token}.json`), "utf8")) as { userId: string; fileName: string };
    if (meta.userId !== user.id) return null;
    return { bytes: new Uint8Array(await fsp.readFile(path.join(importsDir(), `${token}.csv`))), fileName: meta.fileName };
  } catch {
    return null;
  }
}

export async function dropUpload(token: string): Promise<void> {
  if (!TOKEN_RE.test(token)) return;
  await Promise.all([fsp.rm(path.join(importsDir(), `${token}.csv`), { force: true }), fsp.rm(path.join(importsDir(), `${token}.json`), { force: true })]);
}

/** The result of an import run with progress (JavaScript), kept until the browser comes back for its toast (`takeImportSummary`). */
export async function saveImportSummary(user: SessionUser, token: string, message: string): Promise<void> {
  if (!TOKEN_RE.test(token)) return;
  await fsp.mkdir(importsDir(), { recursive: true });
  await fsp.writeFile(path.join(importsDir(), `${token}.done.json`), JSON.stringify({ userId: user.id, message }));
}

export async function takeImportSummary(user: SessionUser, token: string): Promise<string | null> {
  if (!TOKEN_RE.test(token)) return null;
  const file = path.join(importsDir(), `${token}.done.json`);
  const saved = await fsp.readFile(file, "utf8").then((t) => JSON.parse(t) as { userId: string; message: string }, () => null);
  if (!saved || saved.userId !== user.id) return null;
  await fsp.rm(file, { force: true });
  return saved.message;
}

/** Housekeeping job: uploads nobody imported within a day. */
export const staleImportsJob = {
  name: "crm-stale-csv-imports",
  cron: "17 * * * *",
  async run(now: Date = new Date()) {
    const dir = importsDir();
    const names = await fsp.readdir(dir).catch(() => [] as string[]);
    for (const n of names) {
      const st = await fsp.stat(path.join(dir, n)).catch(() => null);
      if (st && now.getTime() - st.mtimeMs > 24 * 3600_000) await fsp.rm(path.join(dir, n), { force: true });
    }
  },
};

/**
 * The mapping screen's choices travel as plain fields (GET for the preview,
 * POST for the import): map_{field}=column index or "", stage_{i}=stage id or
 * "none" for the i-th distinct Estágio value, force=stage id, dups=skip|merge,
 * broker=id (admins).
 */
export function importChoicesFrom(fields: URLSearchParams | FormData, file: CsvFile, stages: readonly Stage[]) {
  const text = (k: string) => {
    const v = fields.get(k);
    return typeof v === "string" ? v : undefined;
  };
  const sent = importChoicesSchema.parse(Object.fromEntries(["submitted", "force", "dups", "broker", ...IMPORT_FIELDS.map((f) => `map_${f}`)].map((k) => [k, text(k)])));
  const hasChoices = sent.submitted === "1";
  const mapping: ImportMapping = hasChoices ? {} : autoMapping(file.headers);
  if (hasChoices) {
    for (const f of IMPORT_FIELDS) {
      const column = sent[`map_${f}`];
      if (column !== undefined) mapping[f] = column;
    }
  }
  const values = stageValues(file, mapping, stages);
  const stageMap: Record<string, number | null> = {};
  values.forEach((v, i) => {
    const choice = stageChoiceSchema.parse(text(`stage_${i}`));
    stageMap[v.value] = choice === "none" ? null : (choice ?? v.suggestedStageId);
  });
  const unmatched = values.filter((v) => stageMap[v.value] == null).reduce((n, v) => n + v.count, 0);
  return { mapping, values, stageMap, forceStageId: sent.force ?? null, duplicates: sent.dups, broker: sent.broker ?? null, unmatched, hasChoices };
}
