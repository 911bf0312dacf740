import { useActionData, useLoaderData } from "react-router";
import { SelectField, TextField, useAppForm } from "~/components/ui/form";
import { BoardModalForm } from "~/components/crm/board-modal-form";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { opportunitySchema } from "~/modules/crm/board";
import { createOpportunity } from "~/modules/crm/board.server";
import { boardModalAction } from "~/modules/crm/board-modal.server";
import { listPipelineStages } from "~/modules/crm/stages.server";
import type { Route } from "./+types/new-deal";

export async function loader({ request }: Route.LoaderArgs) {
  await requireBrokerArea(request);
  return { stages: await listPipelineStages() };
}

/** 'Criar oportunidade' on the board (02 §3, §5). */
export async function action({ request }: Route.ActionArgs) {
  return boardModalAction(request, opportunitySchema, createOpportunity, { refused: (error) => ({ fieldErrors: { [error.field ?? "stageId"]: [error.message] } }), toast: "Oportunidade criada" });
}

export default function NewDeal() {
  const { stages } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useAppForm(opportunitySchema, { id: "opportunity", lastResult, defaultValue: { stageId: stages[0] ? String(stages[0].id) : "" } });
  return (
    <BoardModalForm title="Criar oportunidade" form={form} submitLabel="Criar oportunidade">
      <TextField meta={fields.contactName} label="Nome do contato" inputProps={{ maxLength: 120 }} />
      <TextField meta={fields.title} label="Título" inputProps={{ maxLength: 160 }} />
      <SelectField meta={fields.stageId} label="Etapa" options={stages.map((s) => ({ value: String(s.id), label: s.name }))} />
      <TextField meta={fields.amount} label="Valor (R$)" hint="Somente números, pontos e vírgulas. Moeda: BRL." inputProps={{ inputMode: "decimal", pattern: "[0-9.,]*", maxLength: 40 }} />
    </BoardModalForm>
  );
}
