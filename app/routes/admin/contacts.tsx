import { Form, Link, useLoaderData, useActionData } from "react-router";
import { Alert, Button, Card, EmptyState, PageHeader, Table, buttonClass, tdClass, thClass } from "~/components/ui";
import { Pagination } from "~/components/ui/pagination";
import { requireAdmin } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/session.server";
import { log, errorFields } from "~/modules/platform/logger.server";
import { leadStats, listLeads, parseLeadListParams } from "~/modules/leads/lead-list.server";
import { deleteLead } from "~/modules/leads/bulk.server";
import { CRM_MESSAGES } from "~/modules/crm/labels";
import { formatDateTime } from "~/utils/clock";
import { formatPhone } from "~/utils/phone";
import { data } from "react-router";
import type { Route } from "./+types/contacts";

export const meta: Route.MetaFunction = () => [{ title: "Leads | Administração" }];

/** The admin lead tab (02 §2.10). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const params = parseLeadListParams(new URL(request.url));
  try {
    const [stats, page] = await Promise.all([leadStats(), listLeads(user, params)]);
    return { stats, page, error: null as string | null };
  } catch (error) {
    log.error("admin lead tab failed", errorFields(error));
    const message = error instanceof Error ? `Erro ao carregar leads: ${error.message}` : "Erro inesperado ao carregar leads. Por favor, tente novamente.";
    return { stats: null, page: null, error: message };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await request.formData();
  const id = Number(form.get("lead"));
  if (form.get("confirm") !== "yes") return data({ confirm: id, error: null as string | null });
  try {
    await deleteLead(user, id);
  } catch (error) {
    const message = (error as { data?: { message?: string } })?.data?.message ?? (error instanceof Error ? error.message : "desconhecido");
    return data({ confirm: null, error: `Erro ao excluir lead: ${message}` }, { status: 400 });
  }
  return redirectWithToast("/admin/contacts", { type: "success", message: CRM_MESSAGES.leadDeleted });
}

export default function AdminContacts() {
  const { stats, page, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
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
  const cards = [
    { label: "Total de leads", value: stats.total },
    { label: "Com corretor", value: stats.withBroker },
    { label: "Leads diretos", value: stats.direct },
    { label: "Este mês", value: stats.thisMonth },
  ];
  return (
    <div>
      <PageHeader
        title="Leads"
        actions={
          <a href="/admin/contacts/export.csv" className={buttonClass("secondary")} download>
            Exportar CSV
          </a>
        }
      />
      <div className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((c) => (
          <Card key={c.label} className="p-5">
            <p className="text-sm text-slate-600">{c.label}</p>
            <p className="mt-2 text-3xl font-bold text-slate-900" data-stat={c.label}>
              {c.value}
            </p>
          </Card>
        ))}
      </div>
      {actionData?.error ? <Alert tone="danger" className="mb-4">{actionData.error}</Alert> : null}
      {actionData?.confirm ? (
        <Alert tone="warning" className="mb-4" title={CRM_MESSAGES.deleteConfirm}>
          <Form method="post" className="mt-2 flex gap-2">
            <input type="hidden" name="lead" value={actionData.confirm} />
            <input type="hidden" name="confirm" value="yes" />
            <Button type="submit" variant="danger" size="sm">
              Confirmar exclusão
            </Button>
            <Link to="/admin/contacts" className={buttonClass("secondary", "sm")}>
              Cancelar
            </Link>
          </Form>
        </Alert>
      ) : null}
      {page.rows.length === 0 ? (
        <EmptyState title={CRM_MESSAGES.emptyState} />
      ) : (
        <Table>
          <thead className="bg-slate-50">
            <tr>
              <th className={thClass}>Nome</th>
              <th className={thClass}>Contato</th>
              <th className={thClass}>Corretor</th>
              <th className={thClass}>Imóvel</th>
              <th className={thClass}>Data</th>
              <th className={thClass}>Ações</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {page.rows.map((r) => (
              <tr key={r.id}>
                <td className={tdClass}>
                  <Link to={`/broker/lead/${r.id}`} className="font-medium hover:underline">
                    {r.name || "Contato"}
                  </Link>
                </td>
                <td className={`${tdClass} text-xs`}>
                  <div>{r.email}</div>
                  <div className="text-slate-600">{formatPhone(r.phone)}</div>
                </td>
                <td className={`${tdClass} text-xs`}>
                  {r.brokerName ? (
                    <>
                      <div>{r.brokerName}</div>
                      <div className="text-slate-600">{r.brokerEmail}</div>
                    </>
                  ) : (
                    "Direto"
                  )}
                </td>
                <td className={`${tdClass} text-xs`}>{r.propertyTitle ?? "—"}</td>
                <td className={`${tdClass} whitespace-nowrap text-xs`}>{formatDateTime(r.createdAt)}</td>
                <td className={tdClass}>
                  <Form
                    method="post"
                    onSubmit={(e) => {
                      if (!window.confirm(CRM_MESSAGES.deleteConfirm)) e.preventDefault();
                      else (e.currentTarget.elements.namedItem("confirm") as HTMLInputElement).value = "yes";
                    }}
                  >
                    <input type="hidden" name="lead" value={r.id} />
                    <input type="hidden" name="confirm" value="" />
                    <Button type="submit" size="sm" variant="ghost" className="text-danger-700" aria-label={`Excluir ${r.name}`}>
                      Excluir
                    </Button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Pagination page={page.page} pageCount={page.pageCount} href={(n) => `/admin/contacts?page=${n}`} />
    </div>
  );
}
