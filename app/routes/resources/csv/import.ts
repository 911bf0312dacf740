import { data, redirect } from "react-router";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { refusalOf } from "~/modules/crm/refusal.server";
import { log, errorFields } from "~/modules/platform/logger.server";
import { CsvError, dropUpload, importBroker, importChoicesFrom, runImport, saveImportSummary, takeImportSummary, type ImportResult } from "~/modules/leads/csv-import.server";
import { loadImportFile } from "~/modules/leads/csv-import.route.server";
import { listPipelineStages } from "~/modules/crm/stages.server";
import { CSV_MESSAGES, describeSkipped } from "~/modules/leads/csv-import";
import type { Route } from "./+types/import";
import { readFormData } from "~/modules/platform/forms.server";

/**
 * POST /broker/leads/import/{token}/run: the import, in one transaction.
 * With Accept: application/x-ndjson (JavaScript on) it streams progress lines
 * {done,total} and ends with {redirect} or {error}; the redirect is this
 * address's GET, which turns the kept result into the toast (so a stream
 * that fails never says 'concluída'). Otherwise it redirects to the list
 * with the toast (or answers the error to the mapping screen).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  const token = params.token ?? "";
  const summary = await takeImportSummary(user, token);
  if (summary) return redirectWithToast("/broker/leads", { type: "success", message: summary });
  throw redirect(`/broker/leads/import/${token}`);
}

function summary(r: ImportResult): string {
  const skipped = r.skipped.length ? `, ${r.skipped.length} linha(s) ignorada(s): ${describeSkipped(r.skipped)}` : "";
  return `Importação concluída: ${r.created} novo(s), ${r.merged} mesclado(s), ${r.skippedDuplicates} duplicado(s) pulado(s)${skipped}.`;
}

const NDJSON = { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "no-store" };

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  const token = params.token ?? "";
  const streaming = (request.headers.get("Accept") ?? "").includes("application/x-ndjson");
  const form = await readFormData(request);
  let loaded: Awaited<ReturnType<typeof loadImportFile>>;
  try {
    loaded = await loadImportFile(user, token);
  } catch (error) {
    // a preview left open after its file was imported or cleared: say so instead of a silent stop at 0
    const refusal = refusalOf(error);
    if (!streaming || !refusal) throw error;
    return new Response(JSON.stringify({ error: refusal.message }) + "\n", { status: refusal.status, headers: NDJSON });
  }
  const { file } = loaded;
  const stages = await listPipelineStages();
  const choices = importChoicesFrom(form, file, stages);
  const brokerId = await importBroker(user, choices.broker);
  const options = { mapping: choices.mapping, stageMap: choices.stageMap, forceStageId: choices.forceStageId, duplicates: choices.duplicates, brokerId };

  if (!streaming) {
    try {
      const result = await runImport(user, file, options);
      await dropUpload(token);
      return redirectWithToast("/broker/leads", { type: "success", message: summary(result) });
    } catch (error) {
      if (error instanceof CsvError) return data({ error: error.message }, { status: 400 });
      log.error("csv import failed", errorFields(error));
      return data({ error: `${CSV_MESSAGES.failed}: ${CSV_MESSAGES.failedHint}` }, { status: 500 });
    }
  }
  const encoder = new TextEncoder();
  const line = (o: unknown) => encoder.encode(JSON.stringify(o) + "\n");
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        const result = await runImport(user, file, options, async (done, total) => {
          controller.enqueue(line({ done, total }));
          await new Promise((r) => setImmediate(r));
        });
        await dropUpload(token);
        await saveImportSummary(user, token, summary(result));
        controller.enqueue(line({ redirect: `/broker/leads/import/${token}/run`, message: summary(result) }));
      } catch (error) {
        if (!(error instanceof CsvError)) log.error("csv import failed", errorFields(error));
        controller.enqueue(line({ error: error instanceof CsvError ? error.message : `${CSV_MESSAGES.failed}: ${CSV_MESSAGES.failedHint}` }));
      } finally {
        controller.close();
      }
    },
  });
  return new Response(stream, { headers: NDJSON });
}
