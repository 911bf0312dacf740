import { Form, Link, data, useActionData, useLocation } from "react-router";
import { Alert, Button, Field, Input, Modal, Textarea, buttonClass } from "~/components/ui";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/session.server";
import { BoardFormError, boardLeadSchema, createBoardLead } from "~/modules/crm/board.server";
import type { Route } from "./+types/new-lead";

export async function loader({ request }: Route.LoaderArgs) {
  await requireBrokerArea(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  const form = Object.fromEntries(await request.formData());
  const parsed = boardLeadSchema.safeParse(form);
  const values = { name: String(form.name ?? "").slice(0, 120), email: String(form.email ?? "").slice(0, 200), phone: String(form.phone ?? "").slice(0, 30), message: String(form.message ?? "").slice(0, 5000) };
  if (!parsed.success) {
    const fieldErrors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    return data({ title: "Erro ao criar lead", message: "Verifique os campos.", fieldErrors, values }, { status: 400 });
  }
  try {
    await createBoardLead(user, parsed.data);
  } catch (error) {
    if (error instanceof BoardFormError) return data({ title: error.title, message: error.message, fieldErrors: {} as Record<string, string>, values }, { status: 400 });
    throw error;
  }
  const back = new URL(request.url).search;
  return redirectWithToast(`/broker/crm${back}`, { type: "success", message: "Lead criado" });
}

export default function NewLead() {
  const result = useActionData<typeof action>();
  const { search } = useLocation();
  const v = result?.values;
  return (
    <Modal title="Criar Lead">
      <Form method="post" className="space-y-4">
        {result ? (
          <Alert tone="danger" title={result.title}>
            {result.message}
          </Alert>
        ) : null}
        <Field label="Nome" htmlFor="lead-name" error={result?.fieldErrors.name}>
          <Input id="lead-name" name="name" defaultValue={v?.name} maxLength={120} autoComplete="off" />
        </Field>
        <Field label="E-mail" htmlFor="lead-email" error={result?.fieldErrors.email}>
          <Input id="lead-email" name="email" type="email" defaultValue={v?.email} maxLength={200} autoComplete="off" />
        </Field>
        <Field label="Telefone" htmlFor="lead-phone" error={result?.fieldErrors.phone}>
          <Input id="lead-phone" name="phone" type="tel" defaultValue={v?.phone} maxLength={30} autoComplete="off" />
        </Field>
        <Field label="Mensagem" htmlFor="lead-message" error={result?.fieldErrors.message}>
          <Textarea id="lead-message" name="message" defaultValue={v?.message} maxLength={5000} rows={3} />
        </Field>
        <p className="text-xs text-slate-600">Preencha pelo menos nome, email ou telefone.</p>
        <div className="flex justify-end gap-2">
          <Link to={`/broker/crm${search}`} className={buttonClass("secondary")}>Cancelar</Link>
          <Button type="submit">Criar Lead</Button>
        </div>
      </Form>
    </Modal>
  );
}
