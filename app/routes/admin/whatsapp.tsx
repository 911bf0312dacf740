import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { Alert, Button, Card, Field, Input, PageHeader } from "~/components/ui";
import { requireAdmin } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/session.server";
import { clearGatewayConfig, gatewayFormSchema, gatewaySummary, saveGatewayConfig } from "~/modules/messaging/gateway-settings.server";
import { formatDateTime } from "~/utils/clock";
import type { Route } from "./+types/whatsapp";

export const meta: Route.MetaFunction = () => [{ title: "Gateway do WhatsApp | Administração" }];

/** Where the WhatsApp gateway is; the key is write-only (never shown back). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { summary: await gatewaySummary() };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const fd = await request.formData();
  if (fd.get("intent") === "clear") {
    await clearGatewayConfig();
    return redirectWithToast("/admin/whatsapp", { type: "success", message: "Configuração removida." });
  }
  const parsed = gatewayFormSchema.safeParse({ baseUrl: fd.get("baseUrl") ?? "", apiKey: fd.get("apiKey") ?? "" });
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    return data({ errors }, { status: 400 });
  }
  await saveGatewayConfig(parsed.data);
  return redirectWithToast("/admin/whatsapp", { type: "success", message: "Gateway salvo." });
}

export default function AdminWhatsapp() {
  const { summary } = useLoaderData<typeof loader>();
  const errors = useActionData<typeof action>()?.errors ?? {};
  const busy = useNavigation().state !== "idle";
  return (
    <div className="max-w-2xl">
      <PageHeader title="Gateway do WhatsApp" subtitle="O servidor Evolution API que conecta os WhatsApps dos corretores." />
      {summary.source === "env" ? (
        <Alert tone="info" className="mb-4">
          Configurado pelas variáveis de ambiente EVOLUTION_API_URL e EVOLUTION_API_KEY ({summary.baseUrl}). Elas têm prioridade sobre o formulário abaixo.
        </Alert>
      ) : summary.configured ? (
        <Alert tone="success" className="mb-4">
          Gateway configurado: {summary.baseUrl}
          {summary.updatedAt ? ` (atualizado em ${formatDateTime(summary.updatedAt)})` : ""}.
        </Alert>
      ) : (
        <Alert tone="warning" className="mb-4">
          Nenhum gateway configurado: as páginas de WhatsApp mostram &quot;Funcionalidade em Breve&quot;.
        </Alert>
      )}
      <Card className="p-5">
        <Form method="post" className="space-y-4" noValidate>
          <Field label="Endereço do gateway" htmlFor="gw-url" error={errors.baseUrl} hint="Ex.: https://evolution.suaimobiliaria.com.br">
            <Input id="gw-url" name="baseUrl" type="url" defaultValue={summary.source === "admin" ? (summary.baseUrl ?? "") : ""} aria-invalid={!!errors.baseUrl} required />
          </Field>
          <Field label="Chave global da API (apikey)" htmlFor="gw-key" error={errors.apiKey} hint="Guardada criptografada; nunca é exibida de volta.">
            <Input id="gw-key" name="apiKey" type="password" autoComplete="off" aria-invalid={!!errors.apiKey} required />
          </Field>
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
