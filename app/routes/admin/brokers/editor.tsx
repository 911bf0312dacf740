import { Form, Link, data, useNavigation } from "react-router";
import { Alert, Button, Card, Field, Input, PageHeader, buttonClass } from "~/components/ui";
import { requireAdmin } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { BROKER_ADMIN_MESSAGES, brokerFormSchema } from "~/modules/brokers/broker-form";
import { BrokerFormError, createBrokerAccount, findBrokerForEdit, updateBrokerAccount } from "~/modules/brokers/management.server";
import { PASSWORD_MESSAGES } from "~/modules/auth/password-rules";
import { parseRef } from "~/modules/leads/referral";
import { errorFields, log } from "~/modules/platform/logger.server";
import { getErrorMessage } from "~/utils/errors";
import type { Route } from "./+types/editor";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.broker ? "Editar corretor" : "Novo corretor"} | Administração` }, { name: "robots", content: "noindex" }];

type Values = { name: string; email: string; phone: string; customUrlPath: string };
type Errors = Partial<Record<keyof Values | "password" | "form", string>>;

/** /admin/corretores/novo and /admin/corretores/{id}/editar: name, e-mail, phone, custom address; password on create (optional on edit). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  if (params.id === undefined) return { broker: null };
  const id = parseRef(params.id);
  const broker = id ? await findBrokerForEdit(user, id) : null;
  if (!broker) throw data({ message: BROKER_ADMIN_MESSAGES.notFound }, { status: 404 });
  return { broker: { id: broker.id, name: broker.name, email: broker.email, phone: broker.phone, customUrlPath: broker.custom_url_path ?? "" } };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const id = params.id === undefined ? null : parseRef(params.id);
  if (params.id !== undefined && !id) throw data({ message: BROKER_ADMIN_MESSAGES.notFound }, { status: 404 });
  const form = await request.formData();
  const field = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const values: Values = { name: field("name"), email: field("email"), phone: field("phone"), customUrlPath: field("customUrlPath") };
  const parsed = brokerFormSchema.safeParse({ ...values, password: field("password") });
  if (!parsed.success) {
    const errors: Errors = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0]) as keyof Errors] ??= issue.message;
    return data({ values, errors }, { status: 400 });
  }
  try {
    if (id) await updateBrokerAccount(user, id, parsed.data);
    else await createBrokerAccount(user, parsed.data);
  } catch (error) {
    if (error instanceof BrokerFormError) return data({ values, errors: { [error.field]: error.message } as Errors }, { status: 400 });
    log.error("broker save failed", errorFields(error));
    return data({ values, errors: { form: BROKER_ADMIN_MESSAGES.saveFailed(getErrorMessage(error)) } as Errors }, { status: 500 });
  }
  return redirectWithToast("/admin/corretores", { type: "success", message: BROKER_ADMIN_MESSAGES.saved });
}

export default function BrokerEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { broker } = loaderData;
  const errors: Errors = actionData?.errors ?? {};
  const values: Values = actionData?.values ?? { name: broker?.name ?? "", email: broker?.email ?? "", phone: broker?.phone ?? "", customUrlPath: broker?.customUrlPath ?? "" };
  const saving = useNavigation().state === "submitting";
  const problems = Object.values(errors).filter(Boolean);
  return (
    <>
      <PageHeader
        title={broker ? "Editar corretor" : "Novo corretor"}
        actions={
          <Link to="/admin/corretores" className={buttonClass("secondary")}>
            Voltar
          </Link>
        }
      />
      {problems.length ? (
        <Alert tone="danger" title="Corrija os campos abaixo" className="mb-4">
          <ul className="list-disc pl-5">
            {problems.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <Card className="max-w-2xl p-5">
        <Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
          <Field label="Nome" htmlFor="name" error={errors.name} className="sm:col-span-2">
            <Input id="name" name="name" required maxLength={120} defaultValue={values.name} autoComplete="off" />
          </Field>
          <Field label="E-mail" htmlFor="email" error={errors.email}>
            <Input id="email" name="email" type="email" required maxLength={200} defaultValue={values.email} autoComplete="off" />
          </Field>
          <Field label="Telefone" htmlFor="phone" error={errors.phone}>
            <Input id="phone" name="phone" type="tel" maxLength={30} defaultValue={values.phone} autoComplete="off" />
          </Field>
          <Field label="Endereço personalizado" htmlFor="customUrlPath" error={errors.customUrlPath} hint="Opcional: /corretor/seu-nome leva ao catálogo com o código do corretor.">
            <Input id="customUrlPath" name="customUrlPath" maxLength={60} defaultValue={values.customUrlPath} autoComplete="off" />
          </Field>
          <Field label={broker ? "Nova senha" : "Senha"} htmlFor="password" error={errors.password} hint={broker ? `Deixe em branco para manter a atual. ${PASSWORD_MESSAGES.tooShortHint}` : PASSWORD_MESSAGES.tooShortHint}>
            <Input id="password" name="password" type="password" required={!broker} maxLength={200} autoComplete="new-password" />
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" pending={saving}>
              Salvar
            </Button>
          </div>
        </Form>
      </Card>
    </>
  );
}
