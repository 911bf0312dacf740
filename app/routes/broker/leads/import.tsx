import { Form, data, redirect, useActionData, useNavigation } from "react-router";
import { Alert, Button, CancelLink, Card, Field, Input, PageHeader } from "~/components/ui";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { CsvError, parseCsv, saveUpload } from "~/modules/leads/csv-import.server";
import { CSV_MESSAGES, MAX_IMPORT_BYTES } from "~/modules/leads/csv-import";
import { discardFiles, fileOf, readMultipartToDisk } from "~/modules/files/multipart.server";
import { isPlainText } from "~/modules/files/content-type.server";
import fs from "node:fs/promises";
import type { Route } from "./+types/import";

export const meta: Route.MetaFunction = () => [{ title: "Importar CSV | Leads" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireBrokerArea(request);
  return null;
}

/** Step 1: upload. The file is read (encoding, delimiter, line errors) before the mapping screen. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  const tooLarge = () => data({ error: `${CSV_MESSAGES.read}: arquivo maior que 10 MB.` }, { status: 413 });
  // streamed to disk within the limit (files/multipart.server.ts), then read once the size is known to be fine
  const read = await readMultipartToDisk(request, { maxRequestBytes: MAX_IMPORT_BYTES + 256 * 1024, files: { file: { maxBytes: MAX_IMPORT_BYTES, maxFiles: 1 } }, maxFields: 10, maxFieldBytes: 1024 });
  try {
    if (read.problem === "too-large") return tooLarge();
    if (read.problem) return data({ error: CSV_MESSAGES.read }, { status: 400 });
    const file = fileOf(read, "file");
    if (file?.tooLarge) return tooLarge();
    if (!file || file.failed || file.size === 0) return data({ error: CSV_MESSAGES.empty }, { status: 400 });
    // a spreadsheet saved as .xlsx, a PDF or a program renamed .csv: refused by its bytes
    if (!(await isPlainText(file.path))) return data({ error: `${CSV_MESSAGES.read}: o arquivo não é um CSV (texto separado por vírgula ou ponto e vírgula).` }, { status: 400 });
    const bytes = new Uint8Array(await fs.readFile(file.path));
    try {
      parseCsv(bytes);
    } catch (error) {
      if (error instanceof CsvError) return data({ error: error.message }, { status: 400 });
      throw error;
    }
    const token = await saveUpload(user, bytes, file.originalName);
    throw redirect(`/broker/leads/import/${token}`);
  } finally {
    await discardFiles(read.files);
  }
}

export default function ImportUpload() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="max-w-2xl">
      <PageHeader title="Importar leads (CSV)" subtitle="Planilhas do Excel ou Google Sheets: separadas por vírgula ou ponto e vírgula, UTF-8 ou Windows-1252." />
      <Card className="p-5">
        {actionData?.error ? (
          <Alert tone="danger" className="mb-4" title={CSV_MESSAGES.failed}>
            {actionData.error}
          </Alert>
        ) : null}
        <Form method="post" encType="multipart/form-data" className="space-y-4">
          <Field label="Arquivo CSV" htmlFor="csv-file" hint="A primeira linha deve ter os nomes das colunas (ex.: nome, email, telefone).">
            <Input id="csv-file" name="file" type="file" accept=".csv,text/csv,text/plain" required />
          </Field>
          <div className="flex gap-2">
            <Button type="submit" pending={navigation.state === "submitting"}>
              Continuar
            </Button>
            <CancelLink to="/broker/leads" />
          </div>
        </Form>
      </Card>
    </div>
  );
}
