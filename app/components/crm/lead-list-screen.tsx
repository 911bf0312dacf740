import { useEffect, useRef, useState, type MouseEvent } from "react";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "react-router";
import { Alert, Button, CancelLink, ConfirmButton, Options, PageHeader, Select, buttonClass } from "~/components/ui";
import { formErrorOf, resultFor } from "~/components/ui/form";
import { ListScreen, type ListColumn } from "~/components/ui/list-screen";
import { LeadLink, leadDateColumn, leadName, leadNameColumn } from "./lead-columns";
import { formatPhone, whatsappLink } from "~/utils/phone";
import { pathWithQuery } from "~/utils/url";
import { CRM_MESSAGES } from "~/modules/crm/labels";
import type { LeadListData } from "./lead-list-types";
import type { LeadListRow } from "~/modules/leads/lead-list.server";
import { AgeBadge, PriorityBadge } from "./lead-badges";
import { BrokerReassign } from "./broker-reassign";
import { BulkBar } from "./bulk-bar";
import { BulkEmailModal } from "./bulk-email-modal";

const rowAction = "rounded px-1.5 py-1 text-xs font-medium text-brand-700 hover:bg-slate-100";

/** The lead list (02 §2.4): filters in the URL, a Selecionar column, the bulk bar and its steps, row actions; a table on a desktop, cards on a phone. */
export function LeadListScreen({ title = "Leads" }: { title?: string }) {
  const d = useLoaderData<LeadListData>();
  const actionData = useActionData();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const rows = d.page.rows;
  const ids = rows.map((r) => r.id);
  const sentIds = selectionOf(actionData);
  const [selected, setSelected] = useState<Set<number>>(() => new Set(sentIds));
  const lastClicked = useRef<number | null>(null);
  useEffect(() => setSelected(new Set()), [d.search]);
  const busy = navigation.state === "submitting";
  const problem = d.error ?? (resultFor(actionData, "email") ? undefined : formErrorOf(actionData));

  function toggle(id: number, on?: boolean) {
    setSelected((prev) => {
      const next = new Set(prev);
      if (on ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });
  }
  /** A plain click opens the lead; shift extends the selection from the last ticked row; ctrl/meta toggles one row. */
  function onRowClick(e: MouseEvent<HTMLTableRowElement>, id: number) {
    if ((e.target as HTMLElement).closest("a,button,input,select,label,details,textarea,summary")) return;
    if (e.shiftKey && lastClicked.current != null) {
      const a = ids.indexOf(lastClicked.current);
      const b = ids.indexOf(id);
      const [from, to] = a < b ? [a, b] : [b, a];
      setSelected((prev) => new Set([...prev, ...ids.slice(from, to + 1)]));
    } else if (e.ctrlKey || e.metaKey || e.shiftKey) {
      toggle(id);
      lastClicked.current = id;
    } else {
      navigate(`/broker/lead/${id}`);
    }
  }

  const columns: ListColumn<LeadListRow>[] = [
    { ...leadNameColumn, cell: (r) => (
      <>
        <LeadLink lead={r} />
        <span className="mt-1 flex flex-wrap gap-1 font-normal">
          <AgeBadge createdAt={r.createdAt} />
          <PriorityBadge priority={r.priority} />
        </span>
      </>
    ) },
    {
      key: "contact",
      header: "Contato",
      cell: (r) => (
        <span className="text-xs">
          <span className="block">{r.phone ? formatPhone(r.phone) : "—"}</span>
          <span className="block text-slate-600">{r.email}</span>
        </span>
      ),
    },
    ...(d.isAdmin
      ? [{ key: "broker", header: "Corretor", cell: (r: LeadListRow) => <BrokerReassign leadId={r.id} current={{ id: r.brokerId, name: r.brokerName, email: r.brokerEmail }} brokers={d.activeBrokers} returnTo={d.listHref} /> }]
      : []),
    {
      key: "property",
      header: "Imóvel",
      cell: (r) => (
        <span className="text-xs">
          {r.propertyUrl ? (
            <a href={r.propertyUrl} className="hover:underline">
              {r.propertyTitle}
            </a>
          ) : (
            (r.propertyTitle ?? "—")
          )}
        </span>
      ),
    },
    leadDateColumn,
    { key: "status", header: "Status", cell: (r) => <span className="text-xs">{r.stageName ?? "—"}</span> },
  ];

  return (
    <div className="min-w-0">
      <PageHeader
        title={title}
        subtitle={d.page.totalCapped ? `mais de ${d.page.total - 1} leads` : `${d.page.total} lead(s)`}
        actions={
          <>
            <Link to="/broker/leads/import" className={buttonClass("secondary")}>
              Importar CSV
            </Link>
            <a href={`/broker/leads/export.csv${d.search}`} className={buttonClass("secondary")} download>
              Exportar CSV
            </a>
          </>
        }
      />
      <ListScreen
        rows={rows}
        rowKey={(r) => r.id}
        caption="Leads"
        // the bulk bar has 'Selecionar todos desta página' (and sends the page's ids without JavaScript)
        selection={{
          formId: "bulk",
          name: "ids",
          value: (r) => String(r.id),
          label: (r) => `Selecionar ${leadName(r)}`,
          checked: (r) => selected.has(r.id),
          onChange: (r, on) => {
            toggle(r.id, on);
            lastClicked.current = r.id;
          },
        }}
        search={{ label: "Buscar", placeholder: "Buscar por nome, email ou telefone...", defaultValue: d.params.q ?? "", hidden: { view: d.params.view } }}
        filters={
          <>
            <Select name="stage" defaultValue={d.params.stage ?? ""} aria-label="Etapa" className="w-full sm:w-52">
              <option value="">Todas as etapas</option>
              <Options options={d.stages.map((s) => ({ value: s.id, label: s.name }))} />
            </Select>
            {d.isAdmin ? (
              <Select name="broker" defaultValue={d.params.broker ?? ""} aria-label="Corretor" className="w-full sm:w-52">
                <option value="">Todos os corretores</option>
                <option value="none">Sem corretor</option>
                {d.brokers.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                    {b.isActive ? "" : " (inativo)"}
                  </option>
                ))}
              </Select>
            ) : null}
          </>
        }
        toolbar={
          <>
            {d.params.q || d.params.stage || d.params.broker ? (
              <Link to={d.path + (d.params.view ? `?view=${d.params.view}` : "")} className="text-sm text-brand-700 underline">
                Limpar filtros
              </Link>
            ) : null}
            {problem ? <Alert tone="danger">{problem}</Alert> : null}
            {d.step?.kind === "delete" ? <DeleteConfirm ids={d.step.ids} listHref={d.listHref} /> : null}
            <BulkBar data={d} selected={selected} setSelected={setSelected} actionData={actionData} busy={busy} />
          </>
        }
        columns={columns}
        rowProps={(r) => ({
          "data-lead-row": r.id,
          onClick: (e: MouseEvent<HTMLTableRowElement>) => onRowClick(e, r.id),
          className: selected.has(r.id) ? "cursor-pointer bg-brand-50" : "cursor-pointer hover:bg-slate-50",
        })}
        rowActions={(r) => <RowActions row={r} isAdmin={d.isAdmin} returnTo={d.listHref} action={d.listHref} />}
        empty={{ title: CRM_MESSAGES.emptyState }}
        pager={{ page: d.page.page, pageCount: d.page.pageCount, href: (n) => pathWithQuery(d.path, d.search, { page: n }) }}
      />
      {d.step?.kind === "email" ? <BulkEmailModal step={d.step} listHref={d.listHref} actionData={actionData} /> : null}
    </div>
  );
}

/** The ids a refused bulk post carried, so the same rows come back ticked (JavaScript on or off). */
function selectionOf(actionData: unknown): number[] {
  const ids = resultFor(actionData)?.initialValue?.ids;
  return (Array.isArray(ids) ? ids : ids ? [ids] : []).map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
}

function RowActions({ row: r, isAdmin, returnTo, action }: { row: LeadListRow; isAdmin: boolean; returnTo: string; action: string }) {
  const name = leadName(r);
  return (
    <>
      {r.email ? (
        <a href={`mailto:${r.email}`} className={rowAction} aria-label={`Enviar email para ${name}`}>
          Email
        </a>
      ) : null}
      {r.phone ? (
        <a href={`tel:${r.phone.replace(/[^\d+]/g, "")}`} className={rowAction} aria-label={`Ligar para ${name}`}>
          Ligar
        </a>
      ) : null}
      {r.phone ? (
        <a href={whatsappLink(r.phone)} target="_blank" rel="noreferrer" className={rowAction} aria-label={`WhatsApp de ${name}`}>
          WhatsApp
        </a>
      ) : null}
      {isAdmin ? (
        <Form method="post" action={action} className="inline">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="ids" value={r.id} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <ConfirmButton size="sm" variant="ghost-danger" className="h-7 px-1.5 text-xs" aria-label={`Excluir ${name}`} question={CRM_MESSAGES.deleteConfirm}>
            Excluir
          </ConfirmButton>
        </Form>
      ) : null}
    </>
  );
}

/** The delete confirmation without JavaScript (02 §5): the question, the count, Confirmar or Cancelar. */
function DeleteConfirm({ ids, listHref }: { ids: number[]; listHref: string }) {
  if (!ids.length) return <Alert tone="danger">{CRM_MESSAGES.emptySelection}</Alert>;
  return (
    <Alert tone="warning" title={CRM_MESSAGES.deleteConfirm}>
      <Form method="post" action={listHref} className="mt-2 flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="confirm" value="yes" />
        <input type="hidden" name="returnTo" value={listHref} />
        {ids.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
        <Button type="submit" variant="danger" size="sm">
          Confirmar exclusão ({ids.length})
        </Button>
        <CancelLink to={listHref} size="sm" />
      </Form>
    </Alert>
  );
}
