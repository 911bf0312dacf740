import { Form } from "react-router";
import { Button, CancelLink, Field, Input } from "~/components/ui";
import { FieldError, HiddenField, SelectField, TextAreaField, TextField, formProps, resultFor, useAppForm } from "~/components/ui/form";
import { RouteModal } from "~/components/ui/route-modal";
import { ACTIVITY_TYPE_OPTIONS, activityCreateSchema } from "~/modules/crm/activity-form";
import { FormAlert } from "./form-alert";

type LeadOption = { id: number; name: string; email: string; phone: string };

/**
 * 'Nova atividade' on /broker/crm/activities (02 §2.7, §5): one form. Its
 * 'Buscar' sends everything typed with the search (a GET), so the search,
 * the chosen lead and the fields come back with the results; 'Criar
 * atividade' posts to the same address, so after any error the search
 * results, the chosen lead and what was typed are still there.
 */
export function NewActivityModal({
  action,
  closeHref,
  listParams,
  leadQ,
  leads,
  draft,
  actionData,
}: {
  action: string;
  closeHref: string;
  listParams: [string, string][];
  leadQ: string;
  leads: LeadOption[];
  draft: Record<string, string>;
  actionData: unknown;
}) {
  const lastResult = resultFor(actionData, "create");
  const [form, fields] = useAppForm(activityCreateSchema, { id: "new-activity", lastResult, defaultValue: { type: "followup", ...draft } });
  const chosen = String(fields.leadId.initialValue ?? draft.leadId ?? "");
  const props = formProps(form);
  return (
    <RouteModal title="Nova atividade" closeHref={closeHref}>
      <Form
        method="post"
        action={action}
        {...props}
        onSubmit={(event) => {
          // 'Buscar' is a search (GET), not the creation: no field has to be filled for it
          if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute("name") === "buscar") return;
          props.onSubmit(event);
        }}
        className="space-y-4"
      >
        <HiddenField name="intent" value="create" />
        <input type="hidden" name="new" value="1" />
        {listParams.map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <FormAlert form={form} />
        <div className="flex items-end gap-2">
          <Field label="Buscar lead" htmlFor="leadQ" hint="Pelo menos 2 caracteres." className="min-w-0 flex-1">
            <Input id="leadQ" name="leadQ" type="search" defaultValue={leadQ} maxLength={100} />
          </Field>
          <Button type="submit" variant="secondary" name="buscar" value="1" formMethod="get" formAction={closeHref.split("?")[0]} formNoValidate className="shrink-0">
            Buscar
          </Button>
        </div>
        <fieldset aria-describedby={fields.leadId.errors ? fields.leadId.errorId : undefined}>
          <legend className="text-sm font-medium text-slate-800">Lead</legend>
          {leadQ.trim().length >= 2 && leads.length === 0 ? <p className="text-sm text-slate-600">Nenhum lead encontrado</p> : null}
          {leadQ.trim().length < 2 && leads.length === 0 ? <p className="text-sm text-slate-600">Busque pelo nome, e-mail ou telefone.</p> : null}
          <ul className="mt-1 space-y-1">
            {leads.map((l) => (
              <li key={l.id}>
                <label className="flex items-center gap-2 text-sm [overflow-wrap:anywhere]">
                  <input type="radio" name={fields.leadId.name} value={l.id} defaultChecked={chosen === String(l.id)} aria-invalid={fields.leadId.errors ? true : undefined} />
                  {l.name || "Contato"} <span className="text-slate-500">{l.email || l.phone}</span>
                </label>
              </li>
            ))}
          </ul>
          <FieldError meta={fields.leadId} className="mt-1" />
        </fieldset>
        <TextField meta={fields.subject} label="Assunto" inputProps={{ maxLength: 200 }} />
        <SelectField meta={fields.type} label="Tipo" options={ACTIVITY_TYPE_OPTIONS} />
        <TextField meta={fields.due_at} label="Vencimento" type="datetime-local" hint="Horário de São Paulo." />
        <TextAreaField meta={fields.content} label="Descrição" textareaProps={{ maxLength: 5000, rows: 3 }} />
        <div className="flex justify-end gap-2">
          <CancelLink to={closeHref} />
          <Button type="submit">Criar atividade</Button>
        </div>
      </Form>
    </RouteModal>
  );
}
