import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, data, useActionData, useLoaderData, useNavigation } from "react-router";
import { z } from "zod";
import { AuthCard } from "~/components/auth/auth-card";
import { Alert, Button, Field, Input, buttonClass } from "~/components/ui";
import { checkResetToken, resetPassword, WeakPasswordError } from "~/modules/auth/password-reset.server";
import { PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from "~/modules/auth/password-rules";
import { redirectWithToast } from "~/modules/auth/toast.server";
import type { Route } from "./+types/reset-password";
import { readFormData } from "~/modules/platform/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Nova senha | Lar Imóveis" }, { name: "robots", content: "noindex" }];

const schema = z
  .object({
    token: z.string().min(1),
    password: z.string({ error: PASSWORD_MESSAGES.tooShort }).min(PASSWORD_MIN_LENGTH, `${PASSWORD_MESSAGES.tooShort}. ${PASSWORD_MESSAGES.tooShortHint}`).max(200),
    // Checked against the password only once a password is given: an empty submit shows one message.
    confirm: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.password && v.password !== (v.confirm ?? "")) ctx.addIssue({ code: "custom", message: "Senhas não conferem", path: ["confirm"] });
  });

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
  const submission = parseWithZod(await readFormData(request), { schema });
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
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldRevalidate: "onInput",
  });
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
    <AuthCard title="Redefinir senha" subtitle="Use pelo menos 6 caracteres." footer={<Link to="/broker/login" className="text-brand-700 hover:underline">Voltar ao Login</Link>}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
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
