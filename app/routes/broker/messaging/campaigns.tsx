import { Link } from "react-router";
import { StatusBadge } from "~/components/messaging/status-badge";
import { PageHeader } from "~/components/ui";
import { ListScreen } from "~/components/ui/list-screen";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { listCampaigns } from "~/modules/messaging/campaign-monitor.server";
import { gatewaySummary } from "~/modules/messaging/gateway-settings.server";
import { formatDateTime } from "~/utils/clock";
import type { Route } from "./+types/campaigns";

export const meta: Route.MetaFunction = () => [{ title: "Campanhas | Painel do corretor" }];

/** The broker's campaigns (an admin sees every broker's), newest first; a draft's total is its recipients. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  return { campaigns: await listCampaigns(user), gatewayConfigured: (await gatewaySummary()).configured };
}

export default function Campaigns({ loaderData }: Route.ComponentProps) {
  const { campaigns, gatewayConfigured } = loaderData;
  return (
    <div>
      <PageHeader
        title="Campanhas"
        subtitle="Mensagens de WhatsApp agendadas para vários leads."
        createLink={gatewayConfigured ? { to: "/broker/whatsapp/sender", label: "Nova campanha" } : undefined}
      />
      <ListScreen
        rows={campaigns}
        rowKey={(c) => c.id}
        caption="Campanhas de WhatsApp"
        empty={{ title: "Nenhuma campanha ainda", children: gatewayConfigured ? "Crie a primeira em Nova campanha." : "O envio pelo WhatsApp ainda não foi ativado." }}
        columns={[
          {
            key: "name",
            header: "Campanha",
            primary: true,
            cell: (c) => (
              <Link to={c.status === "draft" ? `/broker/whatsapp/sender?c=${c.id}&step=2` : `/broker/whatsapp/campaign/${c.id}`} className="font-medium text-brand-700 underline">
                {c.name}
              </Link>
            ),
          },
          { key: "status", header: "Status", cell: (c) => <StatusBadge status={c.status} /> },
          { key: "sent", header: "Enviadas", numeric: true, cell: (c) => c.counts.sent },
          { key: "failed", header: "Falharam", numeric: true, cell: (c) => c.counts.failed },
          { key: "total", header: "Total", numeric: true, cell: (c) => c.counts.total },
          { key: "date", header: "Data", cell: (c) => formatDateTime(c.launchedAt ?? c.createdAt) },
        ]}
      />
    </div>
  );
}
