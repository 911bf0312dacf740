import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { Alert, Button, Field, Input } from "~/components/ui";
import { formProps, useAppForm } from "~/components/ui/form";
import { loginSchema } from "~/modules/auth/login-schema";


export function LoginForm({ lastResult, redirectTo }: { lastResult?: SubmissionResult<string[]> | null; redirectTo?: string | null }) {
  const navigation = useNavigation();
  const [form, fields] = useAppForm(loginSchema, { id: "login", lastResult, shouldValidate: "onSubmit" });
  // Both fields share one message: show it once, as a banner.
  const message = form.errors?.[0] ?? fields.email.errors?.[0] ?? fields.password.errors?.[0];
  return (
    <Form method="post" {...formProps(form)} className="space-y-4">
      {message ? <Alert tone="danger">{message}</Alert> : null}
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <Field label="E-mail" htmlFor={fields.email.id}>
        <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="username" placeholder="seu@email.com.br" />
      </Field>
      <Field label="Senha" htmlFor={fields.password.id}>
        <Input {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" />
      </Field>
      <Button type="submit" className="w-full" pending={navigation.state === "submitting"}>
        Entrar
      </Button>
    </Form>
  );
}
