import { Form } from "react-router";
import { Badge, Button, CancelLink, ConfirmButton } from "~/components/ui";
import { CheckboxField, HiddenField, SelectField, TextField, formErrorOf, formProps, resultFor, useAppForm } from "~/components/ui/form";
import { RouteModal } from "~/components/ui/route-modal";
import { ACTIVITY_TYPE_OPTIONS } from "~/modules/crm/activity-form";
import { ACTIVITY_TYPE_LABELS, type ActivityTypeCode } from "~/modules/crm/labels";
import { stageCreateSchema, stageUpdateSchema, templateCreateSchema } from "~/modules/crm/stage-forms";
import { FormAlert, RowProblem } from "./form-alert";

export const STAGES_PATH = "/broker/crm/stages";

type StageRow = { id: number; name: string; probability: number | null };
type TemplateRow = { id: number; subject: string; type: ActivityTypeCode; offset_hours: number; active: number };

/** A stage's name and probability (create or edit); what was typed comes back after any error. */
function StageForm({ stage, actionData }: { stage?: StageRow; actionData: unknown }) {
  const intent = stage ? "update" : "create";
  const [form, fields] = useAppForm(stage ? stageUpdateSchema : stageCreateSchema, {
    id: `stage-${intent}`,
    lastResult: resultFor(actionData, intent),
    defaultValue: stage ? { name: stage.name, probability: stage.probability ?? "" } : undefined,
  });
  return (
    <Form method="post" action={stage ? `${STAGES_PATH}?edit=${stage.id}` : `${STAGES_PATH}?new=1`} {...formProps(form)} className="space-y-4">
      <HiddenField name="intent" value={intent} />
      {stage ? <HiddenField name="stageId" value={stage.id} /> : null}
      <FormAlert form={form} />
      <TextField meta={fields.name} label="Nome da etapa" inputProps={{ maxLength: 80 }} />
      <TextField meta={fields.probability} label="Probabilidade (%)" type="number" hint="De 0 a 100; 90 ou mais conta como ganho." inputProps={{ min: 0, max: 100, step: 1 }} />
      <div className="flex justify-end gap-2">
        <CancelLink to={STAGES_PATH} />
        <Button type="submit">{stage ? "Salvar etapa" : "Criar etapa"}</Button>
      </div>
    </Form>
  );
}

export function NewStageModal({ actionData }: { actionData: unknown }) {
  return (
    <RouteModal title="Nova etapa" closeHref={STAGES_PATH}>
      <StageForm actionData={actionData} />
    </RouteModal>
  );
}

/** The edit modal: the stage, its automatic activities (Ativar/Desativar, Remover) and the form to add one. */
export function EditStageModal({ stage, templates, actionData }: { stage: StageRow; templates: TemplateRow[]; actionData: unknown }) {
  const here = `${STAGES_PATH}?edit=${stage.id}`;
  const rowProblem = resultFor(actionData, "template-toggle") || resultFor(actionData, "template-delete") ? formErrorOf(actionData) : undefined;
  return (
    <RouteModal title={`Editar etapa: ${stage.name}`} closeHref={STAGES_PATH} wide>
      <StageForm stage={stage} actionData={actionData} />
      <h3 className="mt-6 text-base font-semibold">Atividades automáticas</h3>
      <p className="text-sm text-slate-600">Criadas quando um negócio entra nesta etapa, com vencimento após as horas indicadas.</p>
      <RowProblem message={rowProblem} className="mt-2" />
      <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
        {templates.length === 0 ? <li className="px-3 py-2 text-sm text-slate-600">Nenhuma atividade automática.</li> : null}
        {templates.map((t) => (
          <li key={t.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm" data-template={t.subject}>
            <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
              <strong>{t.subject}</strong> · {ACTIVITY_TYPE_LABELS[t.type]} · +{t.offset_hours} h {t.active ? <Badge tone="success">Ativa</Badge> : <Badge>Inativa</Badge>}
            </span>
            <Form method="post" action={here} className="flex gap-1">
              <input type="hidden" name="stageId" value={stage.id} />
              <input type="hidden" name="templateId" value={t.id} />
              {t.active ? null : <input type="hidden" name="active" value="on" />}
              <Button type="submit" name="intent" value="template-toggle" variant="ghost" size="sm">
                {t.active ? "Desativar" : "Ativar"}
              </Button>
              <ConfirmButton name="intent" value="template-delete" variant="ghost-danger" size="sm" question={`Remover a atividade automática "${t.subject}"?`}>
                Remover
              </ConfirmButton>
            </Form>
          </li>
        ))}
      </ul>
      <TemplateForm key={`tpl-${templates.length}`} stageId={stage.id} action={here} actionData={actionData} />
    </RouteModal>
  );
}

function TemplateForm({ stageId, action, actionData }: { stageId: number; action: string; actionData: unknown }) {
  const [form, fields] = useAppForm(templateCreateSchema, {
    id: "template-create",
    lastResult: resultFor(actionData, "template-create"),
    defaultValue: { type: "followup", offsetHours: "0", active: "on" },
  });
  return (
    <Form method="post" action={action} {...formProps(form)} className="mt-4 grid gap-3 sm:grid-cols-2">
      <HiddenField name="intent" value="template-create" />
      <HiddenField name="stageId" value={stageId} />
      <FormAlert form={form} className="sm:col-span-2" />
      <TextField meta={fields.subject} label="Assunto" inputProps={{ maxLength: 160 }} />
      <SelectField meta={fields.type} label="Tipo" options={ACTIVITY_TYPE_OPTIONS} />
      <TextField meta={fields.offsetHours} label="Vencimento após (horas)" type="number" inputProps={{ step: 1, min: 0 }} />
      <CheckboxField meta={fields.active} label="Ativa" className="self-end pb-2" />
      <TextField meta={fields.content} label="Descrição" className="sm:col-span-2" inputProps={{ maxLength: 2000 }} />
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" variant="secondary">
          Adicionar atividade automática
        </Button>
      </div>
    </Form>
  );
}
