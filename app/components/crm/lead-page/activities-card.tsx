import { Form } from "react-router";
import { Badge, Button, Card, ConfirmButton, buttonClass, CardTitle } from "~/components/ui";
import { HiddenField, SelectField, TextAreaField, TextField, formErrorOf, formProps, resultFor, useAppForm } from "~/components/ui/form";
import { ACTIVITY_TYPE_OPTIONS } from "~/modules/crm/activity-form";
import { ACTIVITY_STATE_LABELS, ACTIVITY_TYPE_LABELS } from "~/modules/crm/labels";
import { activityAddSchema, LEAD_PAGE_ANCHORS } from "~/modules/leads/lead-page";
import { formatDateTime } from "~/utils/clock";
import { FormAlert, RowProblem } from "../form-alert";
import type { LeadPageData } from "./types";

const STATE_TONE = { completed: "success", scheduled: "info", pending: "warning" } as const;

/** Atividades (02 §2.5): each with its state and Concluir/Reabrir and Excluir; 'Nova atividade' below. */
export function ActivitiesCard({ data, actionData, busy }: { data: LeadPageData; actionData: unknown; busy: boolean }) {
  const { lead, activities } = data;
  const action = `/broker/lead/${lead.id}#${LEAD_PAGE_ANCHORS.activities}`;
  const rowIntent = (["activity-complete", "activity-reopen", "activity-delete"] as const).find((i) => resultFor(actionData, i));
  const rowProblem = rowIntent ? formErrorOf(actionData) : undefined;
  const addResult = resultFor(actionData, "activity-add");
  return (
    <Card className="min-w-0 p-5" as="section">
      <CardTitle id={LEAD_PAGE_ANCHORS.activities}>
        Atividades
      </CardTitle>
      <RowProblem message={rowProblem} className="mt-2" />
      {activities.length === 0 ? <p className="mt-2 text-sm text-slate-600">Nenhuma atividade.</p> : null}
      <ul className="mt-3 divide-y divide-slate-100">
        {activities.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-activity={a.id}>
            <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">
              <p className="font-medium">{a.subject || a.content}</p>
              <p className="text-xs text-slate-500">
                {ACTIVITY_TYPE_LABELS[a.type]} {a.dueAt ? `· vence ${formatDateTime(a.dueAt)}` : ""}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={STATE_TONE[a.state]}>{ACTIVITY_STATE_LABELS[a.state]}</Badge>
              <Form method="post" action={action} className="flex gap-1">
                <input type="hidden" name="activity" value={a.id} />
                <Button type="submit" name="intent" value={a.completedAt ? "activity-reopen" : "activity-complete"} size="sm" variant="secondary" disabled={busy}>
                  {a.completedAt ? "Reabrir" : "Concluir"}
                </Button>
                <ConfirmButton
                  name="intent"
                  value="activity-delete"
                  size="sm"
                  variant="ghost-danger"
                  disabled={busy}
                  aria-label={`Excluir atividade ${a.subject || a.content || ""}`.trim()}
                  question="Excluir esta atividade?"
                >
                  Excluir
                </ConfirmButton>
              </Form>
            </div>
          </li>
        ))}
      </ul>
      <details id="nova-atividade" className="mt-3" open={addResult ? true : undefined}>
        <summary className={buttonClass("secondary", "sm", "cursor-pointer list-none")}>Nova atividade</summary>
        <NewActivityForm key={`activity-${activities.length}`} action={action} lastResult={addResult} busy={busy} />
      </details>
    </Card>
  );
}

function NewActivityForm({ action, lastResult, busy }: { action: string; lastResult: ReturnType<typeof resultFor>; busy: boolean }) {
  const [form, fields] = useAppForm(activityAddSchema, { id: "activity-add", lastResult, defaultValue: { type: "followup" } });
  return (
    <Form method="post" action={action} {...formProps(form)} className="mt-3 grid gap-3 sm:grid-cols-2">
      <HiddenField name="intent" value="activity-add" />
      <FormAlert form={form} className="sm:col-span-2" />
      <TextField meta={fields.subject} label="Assunto" inputProps={{ maxLength: 200 }} />
      <SelectField meta={fields.type} label="Tipo" options={ACTIVITY_TYPE_OPTIONS} />
      <TextField meta={fields.due_at} label="Vencimento" type="datetime-local" hint="Horário de São Paulo." />
      <TextAreaField meta={fields.content} label="Descrição" className="sm:col-span-2" textareaProps={{ rows: 2, maxLength: 5000 }} />
      <div>
        <Button type="submit" pending={busy}>
          Adicionar atividade
        </Button>
      </div>
    </Form>
  );
}
