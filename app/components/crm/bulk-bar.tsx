import type { Dispatch, SetStateAction } from "react";
import { Form } from "react-router";
import { Button, ConfirmButton, Options, Select } from "~/components/ui";
import { resultFor } from "~/components/ui/form";
import { CRM_MESSAGES } from "~/modules/crm/labels";
import type { LeadListData } from "./lead-list-types";

/**
 * The bulk bar (02 §2.4): 'Selecionar todos desta página', the stage move,
 * 'Excluir selecionados' (admins, confirmed) and 'Enviar email em massa'.
 * The rows' boxes belong to this form (`form="bulk"`). Without JavaScript
 * the header box sends the page's ids; the e-mail and the confirmation open
 * as states of the list's URL (a GET of this form), keeping its filters.
 */
export function BulkBar({ data: d, selected, setSelected, actionData, busy }: { data: LeadListData; selected: Set<number>; setSelected: Dispatch<SetStateAction<Set<number>>>; actionData: unknown; busy: boolean }) {
  const ids = d.page.rows.map((r) => r.id);
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  const sent = resultFor(actionData, "move")?.initialValue;
  return (
    <Form method="post" action={d.listHref} id="bulk" className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm" aria-label="Ações em massa">
      <input type="hidden" name="returnTo" value={d.listHref} />
      {/* the list's own query, so a step opened by GET keeps the filters */}
      {Object.entries({ q: d.params.q, stage: d.params.stage, broker: d.params.broker, page: d.params.page > 1 ? d.params.page : undefined, view: d.params.view }).map(([k, v]) =>
        v ? <input key={k} type="hidden" name={k} value={String(v)} /> : null,
      )}
      {ids.map((id) => (
        <input key={id} type="hidden" name="pageIds" value={id} />
      ))}
      <label className="flex items-center gap-2 font-medium text-slate-700">
        <input type="checkbox" name="allPage" value="1" checked={allSelected} onChange={(e) => setSelected(e.target.checked ? new Set(ids) : new Set())} className="size-4 rounded border-slate-300" />
        Selecionar todos desta página
      </label>
      <span className="text-slate-600" aria-live="polite" data-selected-count>
        {selected.size ? `${selected.size} selecionado(s)` : null}
      </span>
      <span className="flex min-w-0 flex-wrap items-center gap-2">
        <Select name="to_stage" aria-label="Mover para a etapa" className="h-8 w-auto min-w-0 max-w-full text-sm sm:w-56" defaultValue={typeof sent?.to_stage === "string" ? sent.to_stage : ""}>
          <option value="">Mover para etapa…</option>
          <Options options={d.stages.map((s) => ({ value: s.id, label: s.name }))} />
        </Select>
        <Button type="submit" name="intent" value="move" size="sm" variant="secondary" disabled={busy}>
          Mover
        </Button>
      </span>
      {d.isAdmin ? (
        <ConfirmButton
          name="intent"
          value="delete"
          size="sm"
          variant="danger"
          disabled={busy}
          question={() => (selected.size ? CRM_MESSAGES.deleteConfirm : null /* the server answers 'Seleção vazia' */)}
        >
          Excluir selecionados
        </ConfirmButton>
      ) : null}
      <Button type="submit" name="enviar" value="1" formMethod="get" formAction={d.path} size="sm" variant="secondary" disabled={busy}>
        Enviar email em massa
      </Button>
    </Form>
  );
}
