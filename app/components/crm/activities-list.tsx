import { Form, Link, useNavigation } from "react-router";
import { Alert, Badge, Button, CancelLink, ConfirmButton, Options, Select } from "~/components/ui";
import { ListScreen } from "~/components/ui/list-screen";
import { ACTIVITY_DELETE_CONFIRM } from "~/modules/crm/activity-form";
import { ACTIVITY_STATE_LABELS, ACTIVITY_TYPE_LABELS, type ActivityState, type ActivityTypeCode } from "~/modules/crm/labels";
import { formatDateTime } from "~/utils/clock";

export type ActivityRow = {
  id: number;
  subject: string;
  type: ActivityTypeCode;
  content: string | null;
  due_at: string | null;
  completed_at: string | null;
  deal_title: string;
  lead_id: number | null;
  lead_name: string | null;
  state: ActivityState;
};

const STATE_TONE = { completed: "success", scheduled: "info", pending: "warning" } as const;

/**
 * The activities table (02 §2.7): Concluir, Assunto, Tipo, Vencimento,
 * Status, Lead, Selecionar, Ações; 10 a page, filters in the URL. The
 * Selecionar boxes belong to the 'Excluir selecionadas' form.
 */
export function ActivitiesList({
  rows,
  filters,
  isAdmin,
  brokers,
  here,
  confirmIds,
  problem,
  pager,
}: {
  rows: ActivityRow[];
  filters: { status: string; due: string; deal_id?: number; broker?: string };
  isAdmin: boolean;
  brokers: { id: string; name: string }[];
  here: string;
  confirmIds: number[] | null;
  problem?: string;
  pager: { page: number; pageCount: number; href: (p: number) => string };
}) {
  const busy = useNavigation().state === "submitting";
  const label = (a: ActivityRow) => a.subject || a.content || "atividade";
  return (
    <ListScreen
      rows={rows}
      rowKey={(a) => a.id}
      caption="Atividades"
      filters={
        <>
          <Select name="status" defaultValue={filters.status} aria-label="Status" className="w-full sm:w-44">
            <option value="pending">Pendentes</option>
            <option value="completed">Concluídas</option>
            <option value="all">Todas</option>
          </Select>
          <Select name="due" defaultValue={filters.due} aria-label="Vencimento" className="w-full sm:w-44">
            <option value="">Qualquer data</option>
            <option value="overdue">Atrasadas</option>
            <option value="today">Hoje</option>
            <option value="upcoming">Próximos 7 dias</option>
          </Select>
          {isAdmin ? (
            <Select name="broker" defaultValue={filters.broker ?? ""} aria-label="Corretor" className="w-full sm:w-52">
              <option value="">Todos os corretores</option>
              <Options options={brokers.map((b) => ({ value: b.id, label: b.name }))} />
            </Select>
          ) : null}
          {filters.deal_id ? <input type="hidden" name="deal_id" value={filters.deal_id} /> : null}
        </>
      }
      toolbar={
        <>
          {problem ? <Alert tone="danger">{problem}</Alert> : null}
          {confirmIds?.length ? (
            <Alert tone="warning" title={ACTIVITY_DELETE_CONFIRM(confirmIds.length)}>
              <Form method="post" action={here} className="mt-2 flex flex-wrap gap-2">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="confirm" value="yes" />
                {confirmIds.map((id) => (
                  <input key={id} type="hidden" name="ids" value={id} />
                ))}
                <Button type="submit" variant="danger" size="sm">
                  Excluir ({confirmIds.length})
                </Button>
                <CancelLink to={here} size="sm" />
              </Form>
            </Alert>
          ) : null}
          <Form method="post" action={here} id="activities-bulk" className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
            <span className="text-slate-700">Marque em Selecionar e</span>
            <ConfirmButton
              name="intent"
              value="delete"
              variant="danger"
              size="sm"
              disabled={busy}
              question={() => {
                const n = document.querySelectorAll('input[form="activities-bulk"][name="ids"]:checked').length;
                return n ? ACTIVITY_DELETE_CONFIRM(n) : null; // none: the server answers 'Seleção vazia'
              }}
            >
              Excluir selecionadas
            </ConfirmButton>
          </Form>
        </>
      }
      columns={[
        {
          key: "done",
          header: "Concluir",
          className: "w-20",
          cell: (a) => (
            <Form method="post" action={here}>
              <input type="hidden" name="activityId" value={a.id} />
              <button
                type="submit"
                name="intent"
                value={a.completed_at ? "reopen" : "complete"}
                role="checkbox"
                aria-checked={Boolean(a.completed_at)}
                aria-label={a.completed_at ? `Reabrir ${label(a)}` : `Concluir ${label(a)}`}
                className="flex size-5 items-center justify-center rounded border border-slate-400 bg-white text-xs"
              >
                {a.completed_at ? "✓" : ""}
              </button>
            </Form>
          ),
        },
        {
          key: "subject",
          header: "Assunto",
          primary: true,
          cell: (a) => (
            <>
              <span className="block font-medium">{a.subject || "—"}</span>
              {a.content ? <span className="line-clamp-2 block text-xs font-normal text-slate-600">{a.content}</span> : null}
            </>
          ),
        },
        { key: "type", header: "Tipo", cell: (a) => ACTIVITY_TYPE_LABELS[a.type] },
        { key: "due", header: "Vencimento", cell: (a) => <span className="md:whitespace-nowrap">{a.due_at ? formatDateTime(a.due_at) : "—"}</span> },
        { key: "state", header: "Status", cell: (a) => <Badge tone={STATE_TONE[a.state]}>{ACTIVITY_STATE_LABELS[a.state]}</Badge> },
        {
          key: "lead",
          header: "Lead",
          cell: (a) =>
            a.lead_id ? (
              <Link to={`/broker/lead/${a.lead_id}`} className="text-brand-700 hover:underline">
                {a.lead_name || "Contato"}
              </Link>
            ) : (
              a.deal_title
            ),
        },
        {
          key: "select",
          header: "Selecionar",
          cell: (a) => <input type="checkbox" form="activities-bulk" name="ids" value={a.id} aria-label={`Selecionar ${label(a)}`} className="size-4 rounded border-slate-300" />,
        },
      ]}
      rowProps={(a) => ({ "data-activity": a.subject })}
      rowActions={(a) => (
        <Form method="post" action={here} className="flex flex-wrap gap-1">
          <input type="hidden" name="activityId" value={a.id} />
          <input type="hidden" name="ids" value={a.id} />
          <Button type="submit" name="intent" value={a.completed_at ? "reopen" : "complete"} variant="secondary" size="sm">
            {a.completed_at ? "Reabrir" : "Concluir"}
          </Button>
          <ConfirmButton name="intent" value="delete" variant="ghost-danger" size="sm" aria-label={`Excluir ${label(a)}`} question={ACTIVITY_DELETE_CONFIRM(1)}>
            Excluir
          </ConfirmButton>
        </Form>
      )}
      empty={{ title: "Nenhuma atividade encontrada" }}
      pager={pager}
    />
  );
}
