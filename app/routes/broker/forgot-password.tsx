import { getInputProps } from "@conform-to/react";
import { Form, Link, data, useActionData, useNavigation } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { Alert, Button, Field, Input } from "~/components/ui";
import { formProps, useAppForm } from "~/components/ui/form";
import { forgotPasswordSchema } from "~/modules/auth/password-reset";
import { config } from "~/modules/platform/config.server";
import { log, errorFields } from "~/modules/platform/logger.server";
import { requestPasswordReset } from "~/modules/auth/password-reset.server";
import { RATE_LIMIT_MESSAGE, clientIp, hitFormLimit, retryAfterHeaders } from "~/modules/auth/rate-limit.server";
import type { Route } from "./+types/forgot-password";
import { parseSubmission } from "~/modules/platform/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Recuperar senha | Lar Imóveis" }, { name: "robots", content: "noindex" }];

export async function action({ request }: Route.ActionArgs) {
  const submission = await parseSubmission(request, forgotPasswordSchema);
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  // Half the login allowance (5 by default): each request sends an e-mail. Tied to RATE_LIMIT_MAX so the e2e server can raise it.
  const max = Math.max(1, Math.ceil(config().RATE_LIMIT_MAX / 2));
  for (const [name, key] of [["forgot_ip", clientIp(request)], ["forgot_email", submission.value.email]] as const) {
    const limit = await hitFormLimit(name, key, { max, windowSeconds: 15 * 60 });
    if (!limit.ok) return data({ result: submission.reply({ formErrors: [RATE_LIMIT_MESSAGE] }), sent: false }, { status: 429, headers: retryAfterHeaders(limit) });
  }
  try {
    // The same answer for any address (no account enumeration): see docs/decisions.md.
    await requestPasswordReset(submission.value.email);
  } catch (error) {
    log.error("password reset mail failed", errorFields(error));
    return data({ result: submission.reply({ formErrors: ["Erro ao enviar email"] }), sent: false }, { status: 500 });
  }
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useAppForm(forgotPasswordSchema, { id: "forgot-password", lastResult: actionData?.result, shouldValidate: "onSubmit" });
  return (
    <AuthCard
      title="Recuperar senha"
      subtitle="Informe seu email"
      footer={
        <Link to="/broker/login" className="text-brand-700 hover:underline">
          Voltar ao Login
        </Link>
      }
    >
      {actionData?.sent ? (
        <Alert tone="success" className="mb-4">
          Enviamos um link de redefinição para o seu e-mail. Ele vale por 1 hora.
        </Alert>
      ) : null}
      <Form method="post" {...formProps(form)} className="space-y-4">
        {form.errors?.[0] ? <Alert tone="danger">{form.errors[0]}</Alert> : null}
        <Field label="E-mail" htmlFor={fields.email.id} error={fields.email.errors}>
          <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" placeholder="seu@email.com.br" />
        </Field>
        <Button type="submit" className="w-full" pending={navigation.state === "submitting"}>
          Enviar link
        </Button>
      </Form>
    </AuthCard>
  );
}

/** Lets a refused post carry its Retry-After (429) to the browser. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => (actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders);
