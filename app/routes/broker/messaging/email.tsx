import { Form, Link, data, useActionData, useLoaderData, useNavigation } from "react-router";
import { Alert, Badge, Button, Card, Field, Input, PageHeader, Textarea } from "~/components/ui";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { smtpTestSchema } from "~/modules/messaging/smtp-settings";
import { getSmtpSettings, smtpOverrideFor } from "~/modules/messaging/smtp-settings.server";
import { describeMailError, sendBrokerMail, verifySmtp } from "~/modules/messaging/mail.server";
import { log, errorFields } from "~/modules/platform/logger.server";
import type { Route } from "./+types/email";

export const meta: Route.MetaFunction = () => [{ title: "Teste de email | Painel do corretor" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  const s = await getSmtpSettings(user);
  return { active: s.active, host: s.host, fromEmail: s.fromEmail };
}

type Result = { ok: true; title: string; detail?: string } | { ok: false; title: string; detail?: string; fields?: Record<string, string> };

/** /broker/email (02 §2.11): check the broker's SMTP ('SMTP OK') or send a test message ('Email enviado'). */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  const form = await request.formData();
  const intent = form.get("intent") === "verify" ? "verify" : "send";
  const override = await smtpOverrideFor(user.broker?.id);
  if (intent === "verify") {
    if (!override) return data<Result>({ ok: false, title: "SMTP faltando configuração", detail: "Configure o SMTP em Configurações." }, { status: 400 });
    try {
      await verifySmtp(override);
      return data<Result>({ ok: true, title: "SMTP OK" });
    } catch (error) {
      log.warn("smtp verify failed", errorFields(error));
      return data<Result>({ ok: false, title: "Falha no teste SMTP", detail: describeMailError(error) }, { status: 502 });
    }
  }
  const parsed = smtpTestSchema.safeParse({ to: form.get("to") ?? "", subject: form.get("subject") ?? "", text: form.get("text") ?? "" });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return data<Result>({ ok: false, title: issue?.message ?? "Informe o destinatário (to).", fields: { [String(issue?.path[0] ?? "to")]: issue?.message ?? "" } }, { status: 400 });
  }
  try {
    const result = await sendBrokerMail({ to: parsed.data.to, subject: parsed.data.subject, text: parsed.data.text }, override);
    return data<Result>({ ok: true, title: "Email enviado", detail: result.delivered === "outbox" ? "Sem SMTP configurado: a mensagem foi gravada na caixa de saída do servidor." : undefined });
  } catch (error) {
    log.warn("smtp test send failed", errorFields(error));
    return data<Result>({ ok: false, title: "Falha ao enviar email", detail: describeMailError(error) }, { status: 502 });
  }
}

export default function EmailTest() {
  const d = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const fieldError = (name: string) => (r && !r.ok ? r.fields?.[name] : undefined);
  return (
    <div className="max-w-2xl space-y-4">
      <PageHeader title="Teste de email (SMTP)" subtitle="Verifique seu servidor de email e envie uma mensagem de teste." />
      <Card className="flex flex-wrap items-center gap-3 p-4 text-sm">
        <span>SMTP:</span>
        <Badge tone={d.active ? "success" : "neutral"}>{d.active ? `Ativo (${d.host})` : "Não configurado"}</Badge>
        <Link to="/broker/settings" className="text-brand-700 hover:underline">
          Configurar em Configurações
        </Link>
        <Form method="post" className="ml-auto">
          <Button type="submit" name="intent" value="verify" size="sm" variant="secondary" pending={busy && navigation.formData?.get("intent") === "verify"}>
            Testar conexão
          </Button>
        </Form>
      </Card>
      {r ? (
        <Alert tone={r.ok ? "success" : "danger"} title={r.title}>
          {r.detail}
        </Alert>
      ) : null}
      <Card className="p-5">
        <Form method="post" className="space-y-4" noValidate>
          <input type="hidden" name="intent" value="send" />
          <Field label="Destinatário (to)" htmlFor="to" error={fieldError("to")}>
            <Input id="to" name="to" type="email" maxLength={254} placeholder="cliente@exemplo.com.br" />
          </Field>
          <Field label="Assunto" htmlFor="subject" error={fieldError("subject")}>
            <Input id="subject" name="subject" maxLength={200} placeholder="Teste SMTP" />
          </Field>
          <Field label="Texto" htmlFor="text" error={fieldError("text")}>
            <Textarea id="text" name="text" rows={4} maxLength={10000} />
          </Field>
          <Button type="submit" pending={busy && navigation.formData?.get("intent") === "send"}>
            Enviar teste
          </Button>
        </Form>
      </Card>
    </div>
  );
}
