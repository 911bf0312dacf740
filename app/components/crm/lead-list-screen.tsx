import { useEffect, useRef, useState, type MouseEvent } from "react";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "react-router";
import { Alert, Button, EmptyState, Input, PageHeader, Select, Table, Textarea, buttonClass, cx, tdClass, thClass } from "~/components/ui";
import { Pagination } from "~/components/ui/pagination";
import { formatDateTime } from "~/utils/clock";
import { formatPhone, whatsappLink } from "~/utils/phone";
import { CRM_MESSAGES } from "~/modules/crm/labels";
import type { leadListLoader, LeadListActionData } from "~/modules/leads/lead-list.route.server";
import { AgeBadge, PriorityBadge } from "./lead-badges";
import { BrokerReassign } from "./broker-reassign";
import { BulkEmailProgress } from "./bulk-email-progress";

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const rowAction = "rounded px-1.5 py-1 text-xs font-medium text-brand-700 hover:bg-slate-100";

/** The lead list (02 §2.4): filters in the URL, selection, bulk bar, row actions. */
export function LeadListScreen({ title = "Leads" }: { title?: string }) {
  const { page, stages, brokers, isAdmin, params, path, search, error } = useLoaderData<typeof leadListLoader>();
  const actionData = useActionData<LeadListActionData>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [hydrated, setHydrated] = useState(false);
  const lastClicked = useRef<number | null>(null);
  useEffect(() => setHydrated(true), []);
  useEffect(() => setSelected(new Set()), [search]);

  const returnTo = `${path}${search}`;
  const rows = page.rows;
  const ids = rows.map((r) => r.id);
  const allSelected = rows.length > 0 && ids.every((id) => selected.has(id));
  const validEmails = rows.filter((r) => selected.has(r.id) && EMAIL_RE.test(r.email)).length;
  const err = actionData && "error" in actionData ? actionData : null;
  const confirmIds = err?.confirmDelete;

  function toggle(id: number, on?: boolean) {
    setSelected((prev) => {
      const next = new Set(prev);
      if (on ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });
  }
  function onRowClick(e: MouseEvent<HTMLTableRowElement>, id: number) {
    const target = e.target as HTMLElement;
    if (target.closest("a,button,input,select,label,details,textarea")) return;
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
  const pageHref = (n: number) => {
    const sp = new URLSearchParams(search);
    sp.set("page", String(n));
    return `${path}?${sp.toString()}`;
  };
  const exportHref = `/broker/leads/export.csv${search}`;
  const busy = navigation.state === "submitting";

  return (
    <div>
      <PageHeader
        title={title}
        subtitle={page.totalCapped ? `mais de ${page.total - 1} leads` : `${page.total} lead(s)`}
        actions={
          <>
            <Link to="/broker/leads/import" className={buttonClass("secondary")}>
              Importar CSV
            </Link>
            <a href={exportHref} className={buttonClass("secondary")} download>
              Exportar CSV
            </a>
          </>
        }
      />
      <Form method="get" action={path} className="mb-4 flex flex-wrap items-end gap-2" role="search">
        <Input name="q" defaultValue={params.q ?? ""} placeholder="Buscar por nome, email ou telefone..." aria-label="Buscar" className="w-full sm:w-72" maxLength={120} />
        <Select name="stage" defaultValue={params.stage ?? ""} aria-label="Etapa" className="sm:w-52">
          <option value="">Todas as etapas</option>
          {stages.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </Select>
        {isAdmin ? (
          <Select name="broker" defaultValue={params.broker ?? ""} aria-label="Corretor" className="sm:w-52">
            <option value="">Todos os corretores</option>
            <option value="none">Sem corretor</option>
            {brokers.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </Select>
        ) : null}
        {search.includes("view=list") ? <input type="hidden" name="view" value="list" /> : null}
        <Button type="submit" variant="secondary">
          Filtrar
        </Button>
        {params.q || params.stage || params.broker ? (
          <Link to={path + (search.includes("view=list") ? "?view=list" : "")} className={buttonClass("ghost")}>
            Limpar
          </Link>
        ) : null}
      </Form>

      {error ? <Alert tone="danger" className="mb-4">{error}</Alert> : null}
      {err?.error ? (
        <Alert tone="danger" className="mb-4">
          {err.error}
        </Alert>
      ) : null}
      {confirmIds?.length ? (
        <Alert tone="warning" className="mb-4" title={CRM_MESSAGES.deleteConfirm}>
          <Form method="post" className="mt-2 flex gap-2">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="confirm" value="yes" />
            <input type="hidden" name="returnTo" value={returnTo} />
            {confirmIds.map((id) => (
              <input key={id} type="hidden" name="ids" value={id} />
            ))}
            <Button type="submit" variant="danger" size="sm">
              Confirmar exclusão ({confirmIds.length})
            </Button>
            <Link to={returnTo} className={buttonClass("secondary", "sm")}>
              Cancelar
            </Link>
          </Form>
        </Alert>
      ) : null}

      <Form method="post" id="bulk" className="mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
        <input type="hidden" name="returnTo" value={returnTo} />
        {ids.map((id) => (
          <input key={id} type="hidden" name="pageIds" value={id} />
        ))}
        <span className="font-medium text-slate-700" aria-live="polite">
          {hydrated ? `${selected.size} selecionado(s)` : "Selecionados:"}
        </span>
        <Select name="stage" aria-label="Mover para a etapa" className="h-8 text-sm sm:w-56" defaultValue="">
          <option value="">Mover para etapa…</option>
          {stages.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </Select>
        <Button type="submit" name="intent" value="move" size="sm" variant="secondary" disabled={busy}>
          Mover
        </Button>
        {isAdmin ? (
          <Button
            type="submit"
            name="intent"
            value="delete"
            size="sm"
            variant="danger"
            disabled={busy}
            onClick={(e) => {
              if (!window.confirm(CRM_MESSAGES.deleteConfirm)) e.preventDefault();
              else (e.currentTarget.form?.elements.namedItem("confirm") as HTMLInputElement | null)?.setAttribute("value", "yes");
            }}
          >
            Excluir selecionados
          </Button>
        ) : null}
        <input type="hidden" name="confirm" value="" />
        <details className="group relative">
          <summary className={buttonClass("secondary", "sm", "cursor-pointer list-none")}>Enviar email em massa</summary>
          <div className="absolute left-0 z-30 mt-2 w-[min(92vw,28rem)] space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-lg">
            <p className="text-sm text-slate-700">{hydrated ? `${validEmails} destinatário(s) com email válido` : "Destinatários: os leads selecionados com email válido"}</p>
            <label className="block text-sm font-medium" htmlFor="bulk-subject">
              Assunto
            </label>
            <Input id="bulk-subject" name="subject" maxLength={200} />
            <label className="block text-sm font-medium" htmlFor="bulk-message">
              Mensagem
            </label>
            <Textarea id="bulk-message" name="message" rows={5} maxLength={20000} />
            {hydrated ? <BulkEmailProgress formId="bulk" selected={[...selected]} /> : null}
            <div className="flex justify-end gap-2">
              <Button type="submit" name="intent" value="email" size="sm" disabled={busy} data-bulk-email-submit>
                Enviar agora
              </Button>
            </div>
          </div>
        </details>
      </Form>

      {rows.length === 0 ? (
        <EmptyState title={CRM_MESSAGES.emptyState} />
      ) : (
        <Table>
          <thead className="bg-slate-50">
            <tr>
              <th className={cx(thClass, "w-10")}>
                <input
                  type="checkbox"
                  form="bulk"
                  name="allPage"
                  value="1"
                  aria-label="Selecionar todos"
                  checked={allSelected}
                  onChange={(e) => setSelected(e.target.checked ? new Set(ids) : new Set())}
                />
              </th>
              <th className={thClass}>Nome</th>
              <th className={thClass}>Contato</th>
              {isAdmin ? <th className={thClass}>Corretor</th> : null}
              <th className={thClass}>Imóvel</th>
              <th className={thClass}>Data</th>
              <th className={thClass}>Status</th>
              <th className={thClass}>Ações</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <tr key={r.id} className={cx("cursor-pointer hover:bg-slate-50", selected.has(r.id) && "bg-brand-50")} onClick={(e) => onRowClick(e, r.id)} data-lead-row={r.id}>
                <td className={tdClass}>
                  <input
                    type="checkbox"
                    form="bulk"
                    name="ids"
                    value={r.id}
                    aria-label={`Selecionar ${r.name}`}
                    checked={selected.has(r.id)}
                    onChange={(e) => {
                      toggle(r.id, e.target.checked);
                      lastClicked.current = r.id;
                    }}
                  />
                </td>
                <td className={tdClass}>
                  <Link to={`/broker/lead/${r.id}`} className="font-medium text-slate-900 hover:underline">
                    {r.name || "Contato"}
                  </Link>
                  <div className="mt-1 flex flex-wrap gap-1">
                    <AgeBadge createdAt={r.createdAt} />
                    <PriorityBadge priority={r.priority} />
                  </div>
                </td>
                <td className={cx(tdClass, "text-xs")}>
                  <div>{formatPhone(r.phone)}</div>
                  <div className="text-slate-600">{r.email}</div>
                </td>
                {isAdmin ? (
                  <td className={tdClass}>
                    <BrokerReassign leadId={r.id} current={{ id: r.brokerId, name: r.brokerName, email: r.brokerEmail }} brokers={brokers} returnTo={returnTo} />
                  </td>
                ) : null}
                <td className={cx(tdClass, "max-w-48 truncate text-xs")}>
                  {r.propertyUrl ? (
                    <a href={r.propertyUrl} className="hover:underline">
                      {r.propertyTitle}
                    </a>
                  ) : (
                    (r.propertyTitle ?? "—")
                  )}
                </td>
                <td className={cx(tdClass, "whitespace-nowrap text-xs")}>{formatDateTime(r.createdAt)}</td>
                <td className={cx(tdClass, "text-xs")}>{r.stageName ?? "—"}</td>
                <td className={cx(tdClass, "whitespace-nowrap")}>
                  <div className="flex items-center gap-0.5">
                    {r.email ? (
                      <a href={`mailto:${r.email}`} className={rowAction} aria-label={`Enviar email para ${r.name}`}>
                        Email
                      </a>
                    ) : null}
                    {r.phone ? (
                      <a href={`tel:${r.phone.replace(/[^\d+]/g, "")}`} className={rowAction} aria-label={`Ligar para ${r.name}`}>
                        Ligar
                      </a>
                    ) : null}
                    {r.phone ? (
                      <a href={whatsappLink(r.phone)} target="_blank" rel="noreferrer" className={rowAction} aria-label={`WhatsApp de ${r.name}`}>
                        WhatsApp
                      </a>
                    ) : null}
                    {isAdmin ? (
                      <Form method="post" className="inline">
                        <input type="hidden" name="intent" value="delete-one" />
                        <input type="hidden" name="lead" value={r.id} />
                        <input type="hidden" name="returnTo" value={returnTo} />
                        <input type="hidden" name="confirm" value="" />
                        <Button
                          type="submit"
                          size="sm"
                          variant="ghost"
                          className="h-7 px-1.5 text-xs text-danger-700"
                          aria-label={`Excluir ${r.name}`}
                          onClick={(e) => {
                            if (!window.confirm(CRM_MESSAGES.deleteConfirm)) e.preventDefault();
                            else (e.currentTarget.form?.elements.namedItem("confirm") as HTMLInputElement | null)?.setAttribute("value", "yes");
                          }}
                        >
                          Excluir
                        </Button>
                      </Form>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Pagination page={page.page} pageCount={page.pageCount} href={pageHref} />
    </div>
  );
}
