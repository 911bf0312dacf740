import { Form } from "react-router";
import { Button, Card, ConfirmButton, CardTitle } from "~/components/ui";
import { HiddenField, TextAreaField, formErrorOf, formProps, resultFor, useAppForm } from "~/components/ui/form";
import { LEAD_PAGE_ANCHORS, NOTE_MAX, noteAddSchema, noteFormSchema } from "~/modules/leads/lead-page";
import { formatDateTime } from "~/utils/clock";
import { FormAlert, RowProblem, replyForRecord } from "../form-alert";
import type { LeadPageData } from "./types";
import { LeadIntentForm } from "./intent-form";

/** Anotações (02 §2.5, §6): anyone on the lead adds; admins edit and delete. Long words and URLs wrap inside the card. */
export function NotesCard({ data, actionData, busy }: { data: LeadPageData; actionData: unknown; busy: boolean }) {
  const { lead, notes, canEditNotes } = data;
  const action = `/broker/lead/${lead.id}#${LEAD_PAGE_ANCHORS.notes}`;
  const deleteProblem = resultFor(actionData, "note-delete") ? formErrorOf(actionData) : undefined;
  return (
    <Card className="min-w-0 p-5" as="section">
      <CardTitle id={LEAD_PAGE_ANCHORS.notes}>
        Anotações
      </CardTitle>
      <NoteAddForm key={`note-${notes.length}`} action={action} lastResult={resultFor(actionData, "note-add")} busy={busy} />
      <RowProblem message={deleteProblem} className="mt-3" />
      <ul className="mt-4 space-y-3">
        {notes.map((n) => (
          <li key={n.id} className="min-w-0 rounded-lg border border-slate-200 p-3 text-sm" data-note={n.id}>
            <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{n.body}</p>
            <p className="mt-1 text-xs text-slate-500 [overflow-wrap:anywhere]">
              {n.author ?? "—"} · {formatDateTime(n.createdAt)}
              {n.updatedAt ? " (editada)" : ""}
            </p>
            {canEditNotes ? <NoteEditForm note={n} action={action} lastResult={replyForRecord(resultFor(actionData, "note-edit"), "note", n.id)} busy={busy} /> : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}

function NoteAddForm({ action, lastResult, busy }: { action: string; lastResult: ReturnType<typeof resultFor>; busy: boolean }) {
  const [form, fields] = useAppForm(noteAddSchema, { id: "note-add", lastResult });
  return (
    <LeadIntentForm form={form} action={action} intent="note-add" submitLabel="Adicionar anotação" busy={busy}>
        <TextAreaField meta={fields.body} label={<span className="sr-only">Nova anotação</span>} textareaProps={{ rows: 3, maxLength: NOTE_MAX, placeholder: "Escreva uma anotação..." }} />
    </LeadIntentForm>
  );
}

function NoteEditForm({ note, action, lastResult, busy }: { note: LeadPageData["notes"][number]; action: string; lastResult: ReturnType<typeof resultFor>; busy: boolean }) {
  const [form, fields] = useAppForm(noteFormSchema, { id: `note-edit-${note.id}`, lastResult, defaultValue: { body: note.body } });
  return (
    <details className="mt-2" open={lastResult ? true : undefined}>
      <summary className="cursor-pointer text-xs text-brand-700">Editar / excluir</summary>
      <Form method="post" action={action} {...formProps(form)} className="mt-2 space-y-2">
        <HiddenField name="note" value={note.id} />
        <FormAlert form={form} />
        <TextAreaField meta={fields.body} label={<span className="sr-only">Editar anotação</span>} textareaProps={{ rows: 2, maxLength: NOTE_MAX }} />
        <div className="flex gap-2">
          <Button type="submit" name="intent" value="note-edit" size="sm" variant="secondary" disabled={busy}>
            Salvar
          </Button>
          <ConfirmButton name="intent" value="note-delete" size="sm" variant="danger" disabled={busy} formNoValidate question="Excluir esta anotação?">
            Excluir
          </ConfirmButton>
        </div>
      </Form>
    </details>
  );
}
