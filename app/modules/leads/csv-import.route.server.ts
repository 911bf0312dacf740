import { data } from "react-router";
import type { SessionUser } from "~/modules/auth/session.server";
import { CsvError, importBroker, importChoicesFrom, loadUpload, parseCsv, planImport, type CsvFile } from "./csv-import.server";
import { listPipelineStages } from "~/modules/crm/stages.server";
import { brokerOptions } from "./lead-list.server";
import { CSV_MESSAGES, type SkippedRow } from "./csv-import";
import { canAdministerCrm } from "~/modules/auth/permissions.server";

/** Loads an upload of this user, parsed; 404 when the token is not theirs or gone. */
export async function loadImportFile(user: SessionUser, token: string): Promise<{ file: CsvFile; fileName: string }> {
  const upload = await loadUpload(user, token);
  if (!upload) throw data({ message: "Arquivo não encontrado. Envie o CSV novamente." }, { status: 404 });
  return { file: parseCsv(upload.bytes), fileName: upload.fileName };
}

/** Everything the mapping + preview screen shows. */
export async function importScreen(user: SessionUser, token: string, fields: URLSearchParams) {
  const { file, fileName } = await loadImportFile(user, token);
  const stages = await listPipelineStages();
  const choices = importChoicesFrom(fields, file, stages);
  const isAdmin = canAdministerCrm(user);
  const brokers = isAdmin ? await brokerOptions() : [];
  let preview: null | { total: number; valid: number; skipped: SkippedRow[]; skippedCount: number; duplicates: { line: number; name: string; email: string; phone: string }[]; sample: { line: number; name: string; email: string; phone: string; tags: string[]; stage: string | null }[] } = null;
  let error: string | null = null;
  if (fields.get("preview") === "1") {
    try {
      const brokerId = await importBroker(user, choices.broker);
      if (!brokerId) throw new CsvError(CSV_MESSAGES.noBroker);
      const plan = await planImport(file, { mapping: choices.mapping, stageMap: choices.stageMap, forceStageId: choices.forceStageId, duplicates: choices.duplicates, brokerId });
      const stageName = new Map(stages.map((s) => [s.id, s.name]));
      preview = {
        total: file.rows.length,
        valid: plan.rows.length,
        skipped: plan.skipped.slice(0, 100),
        skippedCount: plan.skipped.length,
        duplicates: plan.duplicates.slice(0, 100).map((r) => ({ line: r.line, name: r.name, email: r.email, phone: r.phone })),
        sample: plan.rows.slice(0, 10).map((r) => ({ line: r.line, name: r.name, email: r.email, phone: r.phone, tags: r.tags, stage: r.stageId ? (stageName.get(r.stageId) ?? null) : null })),
      };
      if (plan.duplicates.length > 100) preview.duplicates.push({ line: 0, name: `… e mais ${plan.duplicates.length - 100}`, email: "", phone: "" });
    } catch (e) {
      if (!(e instanceof CsvError)) throw e;
      error = e.message;
    }
  }
  return {
    token,
    fileName,
    headers: file.headers,
    rowCount: file.rows.length,
    encoding: file.encoding,
    delimiter: file.delimiter,
    firstRows: file.rows.slice(0, 3),
    stages,
    brokers,
    isAdmin,
    choices: { ...choices, stageMap: undefined },
    stageChoice: choices.values.map((v) => ({ ...v, chosen: choices.stageMap[v.value] ?? null })),
    preview,
    error,
  };
}
