import { getInputProps } from "@conform-to/react";
import { Form, Link, data, useActionData, useLoaderData, useNavigation } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { Alert, Button, Field, Input, buttonClass } from "~/components/ui";
import { formProps, useAppForm } from "~/components/ui/form";
import { resetPasswordSchema } from "~/modules/auth/password-reset";
import { checkResetToken, resetPassword, WeakPasswordError } from "~/modules/auth/password-reset.server";
import { PASSWORD_MESSAGES } from "~/modules/auth/password-rules";
import { redirectWithToast } from "~/modules/auth/toast.server";
import type { Route } from "./+types/reset-password";
import { parseSubmission } from "~/modules/platform/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Nova senha | Lar Imóveis" }, { name: "robots", content: "noindex" }];

const INVALID_LINK: Record<string, string> = {
  invalid: "Este link de redefinição é inválido.",
  expired: "Este link de redefinição expirou. Peça um novo.",
  used: "Este link de redefinição já foi usado. Peça um novo.",
};

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const check = await checkResetToken(token);
  return { token, invalid: check.ok ? null : INVALID_LINK[check.reason] };
}

export async function action({ request }: Route.ActionArgs) {
  const submission = await parseSubmission(request, resetPasswordSchema);
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password", "confirm"] }), { status: 400 });
  let result;
  try {
    result = await resetPassword(submission.value.token, submission.value.password);
  } catch (error) {
    if (!(error instanceof WeakPasswordError)) throw error;
    return data(submission.reply({ fieldErrors: { password: [error.message] }, hideFields: ["password", "confirm"] }), { status: 400 });
  }
  if (!result.ok) return data(submission.reply({ formErrors: [INVALID_LINK[result.reason]], hideFields: ["password", "confirm"] }), { status: 400 });
  return redirectWithToast("/broker/login", { type: "success", message: "Senha alterada com sucesso! Entre com a nova senha." });
}

export default function ResetPassword() {
  const { token, invalid } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useAppForm(resetPasswordSchema, { id: "reset-password", lastResult, shouldValidate: "onSubmit" });
  if (invalid) {
    return (
      <AuthCard title="Redefinir senha">
        <Alert tone="danger">{invalid}</Alert>
        <Link to="/broker/forgot-password" className={buttonClass("primary", "md", "mt-4 w-full")}>
          Pedir novo link
        </Link>
        <Link to="/broker/login" className={buttonClass("ghost", "md", "mt-2 w-full")}>
          Voltar ao Login
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Redefinir senha" subtitle={PASSWORD_MESSAGES.tooShortHint} footer={<Link to="/broker/login" className="text-brand-700 hover:underline">Voltar ao Login</Link>}>
      <Form method="post" {...formProps(form)} className="space-y-4">
        {form.errors?.[0] ? <Alert tone="danger">{form.errors[0]}</Alert> : null}
        <input type="hidden" name="token" value={token} />
        <Field label="Nova senha" htmlFor={fields.password.id} error={fields.password.errors}>
          <Input {...getInputProps(fields.password, { type: "password" })} autoComplete="new-password" />
        </Field>
        <Field label="Confirme a nova senha" htmlFor={fields.confirm.id} error={fields.confirm.errors}>
          <Input {...getInputProps(fields.confirm, { type: "password" })} autoComplete="new-password" />
        </Field>
        <Button type="submit" className="w-full" pending={navigation.state === "submitting"}>
          Salvar nova senha
        </Button>
      </Form>
    </AuthCard>
  );
}
