import { Link } from "react-router";
import { BrokerIdentity } from "~/components/brokers/broker-identity";
import { Badge, PageHeader, buttonClass } from "~/components/ui";
import { ListScreen } from "~/components/ui/list-screen";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { assertCan } from "~/modules/auth/permissions.server";
import { listBrokersForAdmin } from "~/modules/brokers/brokers.server";
import { formatPhone } from "~/utils/phone";
import { readListQuery } from "~/utils/query-schema";
import { withQuery } from "~/utils/url";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = () => [{ title: "Corretores | Painel do corretor" }];

/** /broker/admin (spec 03 §2.1): the admin's list of brokers (search by name, e-mail and phone) with shortcuts to their leads and properties. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  assertCan(user, "read", "broker", undefined, { message: "Apenas administradores." });
  const url = new URL(request.url);
  return { ...(await listBrokersForAdmin(user, readListQuery(url))), search: url.search };
}

export default function BrokerAdmin({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, q, search } = loaderData;
  return (
    <div>
      <PageHeader title="Corretores" subtitle={`${total} ${total === 1 ? "corretor" : "corretores"}`} />
      <ListScreen
        search={{ label: "Buscar corretor", placeholder: "Buscar por nome, e-mail ou telefone", defaultValue: q }}
        rows={rows}
        rowKey={(b) => b.id}
        caption="Corretores"
        empty={{ title: "Nenhum corretor encontrado", children: q ? "Tente outro nome, e-mail ou telefone." : undefined }}
        columns={[
          {
            key: "broker",
            header: "Corretor",
            primary: true,
            cell: (b) => <BrokerIdentity broker={b} />,
          },
          { key: "phone", header: "Telefone", cell: (b) => (b.phone ? formatPhone(b.phone) : "—") },
          { key: "status", header: "Status", cell: (b) => (b.is_active ? <Badge tone="success">Ativo</Badge> : <Badge tone="danger">Inativo</Badge>) },
          { key: "leads", header: "Leads", numeric: true, cell: (b) => b.leads },
          { key: "properties", header: "Imóveis", numeric: true, cell: (b) => b.properties },
        ]}
        actionsLabel="Atalhos"
        rowActions={(b) => (
          <>
            <Link to={`/broker/leads?broker=${b.id}`} className={buttonClass("secondary", "sm")} aria-label={`Leads de ${b.name}`}>
              Leads
            </Link>
            <Link to={`/broker/properties?ref=${b.id}`} className={buttonClass("secondary", "sm")} aria-label={`Imóveis de ${b.name}`}>
              Imóveis
            </Link>
          </>
        )}
        pager={{ page, pageCount, href: (p) => withQuery(search, { page: p }) }}
      />
    </div>
  );
}
