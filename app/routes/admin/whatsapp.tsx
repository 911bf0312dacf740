import { Form, useNavigation } from "react-router";
import { Alert, Button, Card, PageHeader } from "~/components/ui";
import { FormSummary, TextField, formProps, resultFor, useAppForm } from "~/components/ui/form";
import { requireAdmin } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/session.server";
import { GATEWAY_MESSAGES, gatewayActionSchema } from "~/modules/messaging/gateway-form";
import { clearGatewayConfig, gatewaySummary, saveGatewayConfig } from "~/modules/messaging/gateway-settings.server";
import { parseSubmission, replyWithErrors } from "~/modules/platform/forms.server";
import { formatDateTime } from "~/utils/clock";
import type { Route } from "./+types/whatsapp";

export const meta: Route.MetaFunction = () => [{ title: "Gateway do WhatsApp | Administração" }];

/** Where the WhatsApp gateway is; the key is write-only (never shown back, not even after an error). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { summary: await gatewaySummary() };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const submission = await parseSubmission(request, gatewayActionSchema);
  if (submission.status !== "success") return replyWithErrors(submission, { hideFields: ["apiKey"] });
  if (submission.value.intent === "clear") {
    await clearGatewayConfig();
    return redirectWithToast("/admin/whatsapp", { type: "success", message: GATEWAY_MESSAGES.cleared });
  }
  await saveGatewayConfig(submission.value);
  return redirectWithToast("/admin/whatsapp", { type: "success", message: GATEWAY_MESSAGES.saved });
}

export default function AdminWhatsapp({ loaderData, actionData }: Route.ComponentProps) {
  const { summary } = loaderData;
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useAppForm(gatewayActionSchema, {
    id: "gateway",
    lastResult: resultFor(actionData, "save"),
    defaultValue: { baseUrl: summary.source === "admin" ? (summary.baseUrl ?? "") : "" },
  });
  return (
    <div className="max-w-2xl">
      <PageHeader title="Gateway do WhatsApp" subtitle="O servidor Evolution API que conecta os WhatsApps dos corretores." />
      {summary.source === "env" ? (
        <Alert tone="info" className="mb-4 [overflow-wrap:anywhere]">
          Configurado pelas variáveis de ambiente EVOLUTION_API_URL e EVOLUTION_API_KEY ({summary.baseUrl}). Elas têm prioridade sobre o formulário abaixo.
        </Alert>
      ) : summary.configured ? (
        <Alert tone="success" className="mb-4 [overflow-wrap:anywhere]">
          Gateway configurado: {summary.baseUrl}
          {summary.updatedAt ? ` (atualizado em ${formatDateTime(summary.updatedAt)})` : ""}.
        </Alert>
      ) : (
        <Alert tone="warning" className="mb-4">
          Nenhum gateway configurado: as páginas de WhatsApp mostram &quot;Funcionalidade em Breve&quot;.
        </Alert>
      )}
      <Card className="p-5">
        <Form method="post" className="space-y-4" {...formProps(form)}>
          <FormSummary form={form} labels={{ baseUrl: "Endereço do gateway", apiKey: "Chave global da API" }} />
          <TextField meta={fields.baseUrl} type="url" label="Endereço do gateway" hint="Ex.: https://evolution.suaimobiliaria.com.br" />
          <TextField meta={fields.apiKey} type="password" label="Chave global da API (apikey)" hint="Guardada criptografada; nunca é exibida de volta." inputProps={{ autoComplete: "off" }} />
          <div className="flex justify-end gap-2">
            {summary.source === "admin" ? (
              <Button type="submit" name="intent" value="clear" variant="secondary" formNoValidate>
                Remover
              </Button>
            ) : null}
            <Button type="submit" name="intent" value="save" pending={busy}>
              Salvar
            </Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}
