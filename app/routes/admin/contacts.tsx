import { Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { Alert, Button, CancelLink, Card, ConfirmButton, PageHeader, buttonClass } from "~/components/ui";
import { alertCounts } from "~/modules/alerts/alerts.server";
import { formErrorOf } from "~/components/ui/form";
import { ListScreen } from "~/components/ui/list-screen";
import { requireAdmin } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { CRM_MESSAGES } from "~/modules/crm/labels";
import { refusalOf } from "~/modules/crm/refusal.server";
import { deleteLead } from "~/modules/leads/bulk.server";
import { contactDeleteSchema } from "~/modules/leads/contacts";
import { leadStats, listLeads, parseLeadListParams } from "~/modules/leads/lead-list.server";
import { parseSubmission, replyWithErrors } from "~/modules/platform/forms.server";
import { log, errorFields } from "~/modules/platform/logger.server";
import { LeadLink, leadDateColumn, leadName, leadNameColumn } from "~/components/crm/lead-columns";
import { formatPhone } from "~/utils/phone";
import { parseRecordId } from "~/utils/query-schema";
import { withQuery } from "~/utils/url";
import type { Route } from "./+types/contacts";

export const meta: Route.MetaFunction = () => [{ title: "Leads | Administração" }];

/** The admin lead tab (02 §2.10): four counts, the leads with their broker, CSV export and delete. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const url = new URL(request.url);
  const params = parseLeadListParams(url);
  try {
    const [stats, page, alerts] = await Promise.all([leadStats(), listLeads(user, params), alertCounts()]);
    // Without JavaScript the delete confirmation is a state of this URL (?excluir={id}).
    const askId = parseRecordId(url.searchParams.get("excluir"));
    const ask = askId ? (page.rows.find((r) => r.id === askId) ?? { id: askId, name: "" }) : null;
    return { stats, page, alerts, q: params.q ?? "", search: url.search, ask: ask ? { id: ask.id, name: leadName(ask) } : null, error: null as string | null };
  } catch (error) {
    log.error("admin lead tab failed", errorFields(error));
    const message = error instanceof Error ? `Erro ao carregar leads: ${error.message}` : "Erro inesperado ao carregar leads. Por favor, tente novamente.";
    return { stats: null, page: null, alerts: null, q: "", search: "", ask: null, error: message };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const submission = await parseSubmission(request, contactDeleteSchema);
  if (submission.status !== "success") return replyWithErrors(submission, { formErrors: [CRM_MESSAGES.leadNotFound] });
  const { lead, confirm, back } = submission.value;
  const list = withQuery(back, { excluir: undefined });
  if (confirm !== "yes") throw redirect(`/admin/contacts${withQuery(list, { excluir: lead })}`, 303);
  try {
    await deleteLead(user, lead);
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return replyWithErrors(submission, { formErrors: [`Erro ao excluir lead: ${refusal.message}`] }, refusal.status);
  }
  return redirectWithToast(`/admin/contacts${list}`, { type: "success", message: CRM_MESSAGES.leadDeleted }, { status: 303 });
}

export default function AdminContacts() {
  const { stats, page, alerts, q, search, ask, error } = useLoaderData<typeof loader>();
  const problem = formErrorOf(useActionData<typeof action>());
  if (error || !stats || !page) {
    return (
      <Alert tone="danger">
        {error}{" "}
        <Link to="/admin/contacts" className="font-semibold underline" reloadDocument>
          Tentar novamente
        </Link>
      </Alert>
    );
  }
  const back = withQuery(search, { excluir: undefined });
  const cards = [
    { label: "Total de leads", value: stats.total },
    { label: "Com corretor", value: stats.withBroker },
    { label: "Leads diretos", value: stats.direct },
    { label: "Este mês", value: stats.thisMonth },
  ];
  return (
    <div className="min-w-0">
      <PageHeader
        title="Leads"
        actions={
          <a href={`/admin/contacts/export.csv${back}`} className={buttonClass("secondary")} download>
            Exportar CSV
          </a>
        }
      />
      <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {cards.map((c) => (
          <Card key={c.label} className="p-4 sm:p-5">
            <p className="text-sm text-slate-600">{c.label}</p>
            <p className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl" data-stat={c.label}>
              {c.value}
            </p>
          </Card>
        ))}
      </div>
      {alerts ? (
        // saved-search alerts of the public site (issue 28): one line, counts only
        <p className="-mt-3 mb-6 text-sm text-slate-600" data-alert-counts="">
          Alertas de busca: {alerts.active} {alerts.active === 1 ? "ativo" : "ativos"} · {alerts.pending} aguardando confirmação
        </p>
      ) : null}
      <ListScreen
        search={{ label: "Buscar", placeholder: "Buscar por nome, email ou telefone...", defaultValue: q }}
        toolbar={
          <>
            {problem ? <Alert tone="danger">{problem}</Alert> : null}
            {ask ? (
              <Alert tone="warning" title={CRM_MESSAGES.deleteConfirm}>
                <Form method="post" className="mt-2 flex flex-wrap items-center gap-2">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="lead" value={ask.id} />
                  <input type="hidden" name="confirm" value="yes" />
                  <input type="hidden" name="back" value={back} />
                  <span className="[overflow-wrap:anywhere]">{ask.name}</span>
                  <Button type="submit" variant="danger" size="sm">
                    Confirmar exclusão
                  </Button>
                  <CancelLink to={`/admin/contacts${back}`} size="sm" />
                </Form>
              </Alert>
            ) : null}
          </>
        }
        rows={page.rows}
        rowKey={(r) => r.id}
        caption="Leads de todos os corretores"
        empty={{ title: CRM_MESSAGES.emptyState }}
        columns={[
          { ...leadNameColumn, cell: (r) => (
            <LeadLink lead={r} className="font-medium hover:underline" />
          ) },
          {
            key: "contact",
            header: "Contato",
            cell: (r) => (
              <span className="text-xs">
                <span className="block">{r.email || "—"}</span>
                <span className="block text-slate-600">{r.phone ? formatPhone(r.phone) : ""}</span>
              </span>
            ),
          },
          {
            key: "broker",
            header: "Corretor",
            cell: (r) =>
              r.brokerName ? (
                <span className="text-xs">
                  <span className="block">{r.brokerName}</span>
                  <span className="block text-slate-600">{r.brokerEmail}</span>
                </span>
              ) : (
                <span className="text-xs">Direto</span>
              ),
          },
          { key: "property", header: "Imóvel", cell: (r) => <span className="text-xs">{r.propertyTitle ?? "—"}</span> },
          leadDateColumn,
        ]}
        rowActions={(r) => (
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="lead" value={r.id} />
            <input type="hidden" name="back" value={back} />
            <ConfirmButton size="sm" variant="ghost" className="text-danger-700" aria-label={`Excluir ${leadName(r)}`} question={CRM_MESSAGES.deleteConfirm}>
              Excluir
            </ConfirmButton>
          </Form>
        )}
        pager={{ page: page.page, pageCount: page.pageCount, href: (n) => `/admin/contacts${withQuery(back, { page: n })}` }}
      />
    </div>
  );
}
