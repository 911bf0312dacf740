import { Form, Link, useLoaderData } from "react-router";
import { Card, EmptyState, Input, PageHeader } from "~/components/ui";
import { Pagination } from "~/components/ui/pagination";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { listLeads, parseLeadListParams } from "~/modules/leads/lead-list.server";
import { CRM_MESSAGES } from "~/modules/crm/labels";
import { formatDateTime } from "~/utils/clock";
import { formatPhone } from "~/utils/phone";
import type { Route } from "./+types/simple-list";
import { canAdministerCrm } from "~/modules/auth/permissions.server";

export const meta: Route.MetaFunction = () => [{ title: "Leads | Painel do corretor" }];

/** The simple read-only list (/broker/lead, 02 §2.4). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  const params = parseLeadListParams(new URL(request.url));
  const page = await listLeads(user, { q: params.q, page: params.page });
  return { page, q: params.q ?? "", isAdmin: canAdministerCrm(user) };
}

export default function SimpleLeadList() {
  const { page, q, isAdmin } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader title="Leads" subtitle={`${page.total} lead(s)`} />
      <Form method="get" className="mb-4" role="search">
        <Input name="q" defaultValue={q} placeholder="Buscar por nome, email ou telefone..." aria-label="Buscar" maxLength={120} className="w-full sm:w-96" />
      </Form>
      {page.rows.length === 0 ? (
        <EmptyState title={CRM_MESSAGES.emptyState} />
      ) : (
        <Card className="divide-y divide-slate-100">
          {page.rows.map((r) => {
            const initials = (isAdmin ? (r.brokerName ?? "?") : r.name || "C").split(/\s+/).map((p) => p[0]).slice(0, 2).join("").toUpperCase();
            return (
              <Link key={r.id} to={`/broker/lead/${r.id}`} className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50">
                <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800" title={isAdmin ? (r.brokerName ?? "Sem corretor") : undefined}>
                  {initials}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-slate-900">{r.name || "Contato"}</span>
                  <span className="block truncate text-xs text-slate-600">
                    {r.email} {r.phone ? `· ${formatPhone(r.phone)}` : ""}
                  </span>
                </span>
                <span className="text-xs text-slate-500">{formatDateTime(r.createdAt)}</span>
              </Link>
            );
          })}
        </Card>
      )}
      <Pagination page={page.page} pageCount={page.pageCount} href={(n) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(n) })}`} />
    </div>
  );
}
