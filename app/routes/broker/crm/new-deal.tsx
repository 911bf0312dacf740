import { Form, Link, data, useActionData, useLocation } from "react-router";
import { Alert, Button, Field, Input, Modal, Select, buttonClass } from "~/components/ui";
import { useLoaderData } from "react-router";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/session.server";
import { BoardFormError, createOpportunity, opportunitySchema } from "~/modules/crm/board.server";
import { listPipelineStages } from "~/modules/crm/stages.server";
import type { Route } from "./+types/new-deal";

export async function loader({ request }: Route.LoaderArgs) {
  await requireBrokerArea(request);
  return { stages: await listPipelineStages() };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  const form = Object.fromEntries(await request.formData());
  const values = { contactName: String(form.contactName ?? "").slice(0, 120), title: String(form.title ?? "").slice(0, 160), amount: String(form.amount ?? "").slice(0, 20), stageId: String(form.stageId ?? "") };
  const parsed = opportunitySchema.safeParse(form);
  if (!parsed.success) {
    const fieldErrors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    return data({ message: "Falha ao criar oportunidade", fieldErrors, values }, { status: 400 });
  }
  try {
    await createOpportunity(user, parsed.data);
  } catch (error) {
    if (error instanceof BoardFormError) return data({ message: error.title, fieldErrors: { [error.field ?? "stageId"]: error.message } as Record<string, string>, values }, { status: 400 });
    throw error;
  }
  return redirectWithToast(`/broker/crm${new URL(request.url).search}`, { type: "success", message: "Oportunidade criada" });
}

export default function NewDeal() {
  const { stages } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { search } = useLocation();
  const v = result?.values;
  return (
    <Modal title="Criar oportunidade">
      <Form method="post" className="space-y-4">
        {result ? <Alert tone="danger">{result.message}</Alert> : null}
        <Field label="Nome do contato" htmlFor="deal-contact" error={result?.fieldErrors.contactName}>
          <Input id="deal-contact" name="contactName" defaultValue={v?.contactName} maxLength={120} />
        </Field>
        <Field label="Título" htmlFor="deal-title" error={result?.fieldErrors.title}>
          <Input id="deal-title" name="title" defaultValue={v?.title} maxLength={160} />
        </Field>
        <Field label="Etapa" htmlFor="deal-stage" error={result?.fieldErrors.stageId}>
          <Select id="deal-stage" name="stageId" defaultValue={v?.stageId ?? stages[0]?.id}>
            {stages.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
          </Select>
        </Field>
        <Field label="Valor (R$)" htmlFor="deal-amount" error={result?.fieldErrors.amount} hint="Somente números, pontos e vírgulas. Moeda: BRL.">
          <Input id="deal-amount" name="amount" inputMode="decimal" pattern="[0-9.,]*" defaultValue={v?.amount} maxLength={20} />
        </Field>
        <div className="flex justify-end gap-2">
          <Link to={`/broker/crm${search}`} className={buttonClass("secondary")}>Cancelar</Link>
          <Button type="submit">Criar oportunidade</Button>
        </div>
      </Form>
    </Modal>
  );
}
