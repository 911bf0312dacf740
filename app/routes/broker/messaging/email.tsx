import { Form, Link, useNavigation } from "react-router";
import { Alert, Badge, Button, Card, PageHeader } from "~/components/ui";
import { FormSummary, HiddenField, TextAreaField, TextField, formErrorOf, formProps, resultFor, useAppForm } from "~/components/ui/form";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { EMAIL_TEST_MESSAGES, smtpTestActionSchema } from "~/modules/messaging/smtp-settings";
import { getSmtpSettings, smtpOverrideFor } from "~/modules/messaging/smtp-settings.server";
import { describeMailError, sendBrokerMail, verifySmtp } from "~/modules/messaging/mail.server";
import { parseSubmission, replyWithErrors } from "~/modules/platform/forms.server";
import { log, errorFields } from "~/modules/platform/logger.server";
import type { Route } from "./+types/email";

export const meta: Route.MetaFunction = () => [{ title: "Teste de email | Painel do corretor" }];

const HERE = "/broker/email";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  const s = await getSmtpSettings(user);
  return { active: s.active, host: s.host, fromEmail: s.fromEmail };
}

/** /broker/email (02 §2.11): check the broker's SMTP ('SMTP OK') or send a test message ('Email enviado'); a failure keeps what was typed. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  const submission = await parseSubmission(request, smtpTestActionSchema);
  if (submission.status !== "success") return replyWithErrors(submission);
  const input = submission.value;
  const override = await smtpOverrideFor(user.broker?.id);
  if (input.intent === "verify") {
    if (!override) return replyWithErrors(submission, { formErrors: [EMAIL_TEST_MESSAGES.noSmtp] });
    try {
      await verifySmtp(override);
      return redirectWithToast(HERE, { type: "success", message: "SMTP OK" });
    } catch (error) {
      log.warn("smtp verify failed", errorFields(error));
      return replyWithErrors(submission, { formErrors: [EMAIL_TEST_MESSAGES.verifyFailed(describeMailError(error))] }, 502);
    }
  }
  try {
    const result = await sendBrokerMail({ to: input.to, subject: input.subject, text: input.text }, override);
    return redirectWithToast(HERE, { type: "success", message: result.delivered === "outbox" ? EMAIL_TEST_MESSAGES.outbox : "Email enviado" });
  } catch (error) {
    log.warn("smtp test send failed", errorFields(error));
    return replyWithErrors(submission, { formErrors: [EMAIL_TEST_MESSAGES.sendFailed(describeMailError(error))] }, 502);
  }
}

export default function EmailTest({ loaderData: d, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const sending = resultFor(actionData, "send");
  const verifyError = resultFor(actionData, "verify") ? formErrorOf(actionData) : undefined;
  const [form, fields] = useAppForm(smtpTestActionSchema, { id: "email-test", lastResult: sending });
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
      {verifyError ? (
        <Alert tone="danger" className="[overflow-wrap:anywhere]">
          {verifyError}
        </Alert>
      ) : null}
      <Card className="p-5">
        <Form method="post" className="space-y-4" {...formProps(form)}>
          <FormSummary form={form} labels={{ to: "Destinatário", subject: "Assunto", text: "Texto" }} className="[overflow-wrap:anywhere]" />
          <HiddenField name="intent" value="send" />
          <TextField meta={fields.to} type="email" label="Destinatário (to)" inputProps={{ maxLength: 254, placeholder: "cliente@exemplo.com.br" }} />
          <TextField meta={fields.subject} label="Assunto" inputProps={{ maxLength: 200, placeholder: "Teste SMTP" }} />
          <TextAreaField meta={fields.text} label="Texto" textareaProps={{ rows: 4, maxLength: 10000 }} />
          <Button type="submit" pending={busy && navigation.formData?.get("intent") === "send"}>
            Enviar teste
          </Button>
        </Form>
      </Card>
    </div>
  );
}
