import { Form, Link, useActionData, useLoaderData, useLocation } from "react-router";
import { Button, buttonClass } from "~/components/ui";
import { SelectField, TextField, formProps, useAppForm } from "~/components/ui/form";
import { RouteModal } from "~/components/ui/route-modal";
import { FormAlert } from "~/components/crm/form-alert";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { opportunitySchema } from "~/modules/crm/board";
import { BoardFormError, createOpportunity } from "~/modules/crm/board.server";
import { listPipelineStages } from "~/modules/crm/stages.server";
import { parseSubmission, replyWithErrors } from "~/modules/platform/forms.server";
import type { Route } from "./+types/new-deal";

export async function loader({ request }: Route.LoaderArgs) {
  await requireBrokerArea(request);
  return { stages: await listPipelineStages() };
}

/** 'Criar oportunidade' on the board (02 §3, §5). */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  const submission = await parseSubmission(request, opportunitySchema);
  if (submission.status !== "success") return replyWithErrors(submission);
  try {
    await createOpportunity(user, submission.value);
  } catch (error) {
    if (error instanceof BoardFormError) return replyWithErrors(submission, { fieldErrors: { [error.field ?? "stageId"]: [error.message] } });
    throw error;
  }
  return redirectWithToast(`/broker/crm${new URL(request.url).search}`, { type: "success", message: "Oportunidade criada" });
}

export default function NewDeal() {
  const { stages } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { search } = useLocation();
  const [form, fields] = useAppForm(opportunitySchema, { id: "opportunity", lastResult, defaultValue: { stageId: stages[0] ? String(stages[0].id) : "" } });
  const close = `/broker/crm${search}`;
  return (
    <RouteModal title="Criar oportunidade" closeHref={close}>
      <Form method="post" {...formProps(form)} className="space-y-4">
        <FormAlert form={form} />
        <TextField meta={fields.contactName} label="Nome do contato" inputProps={{ maxLength: 120 }} />
        <TextField meta={fields.title} label="Título" inputProps={{ maxLength: 160 }} />
        <SelectField meta={fields.stageId} label="Etapa" options={stages.map((s) => ({ value: String(s.id), label: s.name }))} />
        <TextField meta={fields.amount} label="Valor (R$)" hint="Somente números, pontos e vírgulas. Moeda: BRL." inputProps={{ inputMode: "decimal", pattern: "[0-9.,]*", maxLength: 40 }} />
        <div className="flex justify-end gap-2">
          <Link to={close} className={buttonClass("secondary")} preventScrollReset>
            Cancelar
          </Link>
          <Button type="submit">Criar oportunidade</Button>
        </div>
      </Form>
    </RouteModal>
  );
}
