import { Form, Link, data, redirect, useActionData, useNavigation } from "react-router";
import { Alert, Button, Card, Field, Input, PageHeader, buttonClass } from "~/components/ui";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { CsvError, parseCsv, saveUpload } from "~/modules/leads/csv-import.server";
import { CSV_MESSAGES, MAX_IMPORT_BYTES } from "~/modules/leads/csv-import";
import type { Route } from "./+types/import";

export const meta: Route.MetaFunction = () => [{ title: "Importar CSV | Leads" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireBrokerArea(request);
  return null;
}

/** Step 1: upload. The file is read (encoding, delimiter, line errors) before the mapping screen. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_IMPORT_BYTES + 64 * 1024) return data({ error: `${CSV_MESSAGES.read}: arquivo maior que 10 MB.` }, { status: 413 });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ error: CSV_MESSAGES.read }, { status: 400 });
  }
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return data({ error: CSV_MESSAGES.empty }, { status: 400 });
  if (file.size > MAX_IMPORT_BYTES) return data({ error: `${CSV_MESSAGES.read}: arquivo maior que 10 MB.` }, { status: 413 });
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    parseCsv(bytes);
  } catch (error) {
    if (error instanceof CsvError) return data({ error: error.message }, { status: 400 });
    throw error;
  }
  const token = await saveUpload(user, bytes, file.name);
  throw redirect(`/broker/leads/import/${token}`);
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
            <Link to="/broker/leads" className={buttonClass("secondary")}>
              Cancelar
            </Link>
          </div>
        </Form>
      </Card>
    </div>
  );
}
