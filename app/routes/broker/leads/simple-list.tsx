import { useLoaderData } from "react-router";
import { PageHeader } from "~/components/ui";
import { ListScreen } from "~/components/ui/list-screen";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { canAdministerCrm } from "~/modules/auth/permissions.server";
import { CRM_MESSAGES } from "~/modules/crm/labels";
import { listLeads, parseLeadListParams } from "~/modules/leads/lead-list.server";
import { LeadLink, leadDateColumn, leadName, leadNameColumn } from "~/components/crm/lead-columns";
import { formatPhone } from "~/utils/phone";
import { withQuery } from "~/utils/url";
import type { Route } from "./+types/simple-list";

export const meta: Route.MetaFunction = () => [{ title: "Leads | Painel do corretor" }];

/** The simple read-only list (/broker/lead, 02 §2.4). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  const url = new URL(request.url);
  const params = parseLeadListParams(url);
  const page = await listLeads(user, { q: params.q, page: params.page });
  return { page, q: params.q ?? "", isAdmin: canAdministerCrm(user), search: url.search };
}

function initials(text: string) {
  return text
    .split(/\s+/)
    .map((p) => p[0])
    .filter(Boolean)
    .slice(0, 2)
    .join("")
    .toUpperCase();
}

export default function SimpleLeadList() {
  const { page, q, isAdmin, search } = useLoaderData<typeof loader>();
  return (
    <div className="min-w-0">
      <PageHeader title="Leads" subtitle={`${page.total} lead(s)`} />
      <ListScreen
        search={{ label: "Buscar", placeholder: "Buscar por nome, email ou telefone...", defaultValue: q }}
        rows={page.rows}
        rowKey={(r) => r.id}
        caption="Leads"
        empty={{ title: CRM_MESSAGES.emptyState }}
        columns={[
          { ...leadNameColumn, cell: (r) => (
            <span className="flex min-w-0 items-center gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800" title={isAdmin ? (r.brokerName ?? "Sem corretor") : undefined} aria-hidden="true">
                {initials(isAdmin ? (r.brokerName ?? "?") : leadName(r))}
              </span>
              <span className="min-w-0">
                <LeadLink lead={r} />
                {isAdmin ? <span className="block text-xs font-normal text-slate-500">{r.brokerName ?? "Sem corretor"}</span> : null}
              </span>
            </span>
          ) },
          { key: "email", header: "Email", cell: (r) => <span className="text-xs">{r.email || "—"}</span> },
          { key: "phone", header: "Telefone", cell: (r) => <span className="text-xs">{r.phone ? formatPhone(r.phone) : "—"}</span> },
          leadDateColumn,
        ]}
        pager={{ page: page.page, pageCount: page.pageCount, href: (n) => withQuery(search, { page: n }) }}
      />
    </div>
  );
}
