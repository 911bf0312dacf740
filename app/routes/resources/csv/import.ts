import { data, redirect } from "react-router";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { redirectWithToast, toastHeader } from "~/modules/auth/toast.server";
import { log, errorFields } from "~/modules/platform/logger.server";
import { CsvError, dropUpload, importBroker, importChoicesFrom, runImport, type ImportResult } from "~/modules/leads/csv-import.server";
import { loadImportFile } from "~/modules/leads/csv-import.route.server";
import { listPipelineStages } from "~/modules/crm/stages.server";
import { CSV_MESSAGES } from "~/modules/leads/csv-import";
import type { Route } from "./+types/import";

/**
 * POST /broker/leads/import/{token}/run: the import, in one transaction.
 * With Accept: application/x-ndjson (JavaScript on) it streams progress lines
 * {done,total} and ends with {redirect} or {error}; otherwise it redirects to
 * the list with a toast (or back to the mapping screen with the error).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireBrokerArea(request);
  throw redirect(`/broker/leads/import/${params.token}`);
}

function summary(r: ImportResult): string {
  return `Importação concluída: ${r.created} novo(s), ${r.merged} mesclado(s), ${r.skippedDuplicates} duplicado(s) pulado(s), ${r.skippedEmpty} linha(s) vazia(s).`;
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  const token = params.token ?? "";
  const form = await request.formData();
  const { file } = await loadImportFile(user, token);
  const stages = await listPipelineStages();
  const choices = importChoicesFrom(form, file, stages);
  const brokerId = await importBroker(user, choices.broker);
  const options = { mapping: choices.mapping, stageMap: choices.stageMap, forceStageId: choices.forceStageId, duplicates: choices.duplicates, brokerId };
  const streaming = (request.headers.get("Accept") ?? "").includes("application/x-ndjson");

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
        // The toast is set by a cookie the browser keeps from this response.
        controller.enqueue(line({ redirect: "/broker/leads", message: summary(result) }));
      } catch (error) {
        if (!(error instanceof CsvError)) log.error("csv import failed", errorFields(error));
        controller.enqueue(line({ error: error instanceof CsvError ? error.message : `${CSV_MESSAGES.failed}: ${CSV_MESSAGES.failedHint}` }));
      } finally {
        controller.close();
      }
    },
  });
  return new Response(stream, { headers: { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "no-store", "Set-Cookie": await toastHeader({ type: "success", message: "Importação concluída." }) } });
}
