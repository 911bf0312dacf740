import { Link, useLoaderData } from "react-router";
import { StatusBadge } from "~/components/messaging/status-badge";
import { buttonClass, EmptyState, PageHeader, Table, tdClass, thClass } from "~/components/ui";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { listCampaigns } from "~/modules/messaging/campaign-monitor.server";
import { gatewaySummary } from "~/modules/messaging/gateway-settings.server";
import { formatDateTime } from "~/utils/clock";
import type { Route } from "./+types/campaigns";

export const meta: Route.MetaFunction = () => [{ title: "Campanhas | Painel do corretor" }];

/** The broker's campaigns (an admin sees every broker's), newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  return { campaigns: await listCampaigns(user), gatewayConfigured: (await gatewaySummary()).configured };
}

export default function Campaigns() {
  const { campaigns, gatewayConfigured } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader
        title="Campanhas"
        subtitle="Mensagens de WhatsApp agendadas para vários leads."
        actions={
          gatewayConfigured ? (
            <Link to="/broker/whatsapp/sender" className={buttonClass("primary")}>
              Nova campanha
            </Link>
          ) : null
        }
      />
      {campaigns.length === 0 ? (
        <EmptyState title="Nenhuma campanha ainda">{gatewayConfigured ? "Crie a primeira em Nova campanha." : "O envio pelo WhatsApp ainda não foi ativado."}</EmptyState>
      ) : (
        <Table>
          <thead className="bg-slate-50">
            <tr>
              <th className={thClass}>Campanha</th>
              <th className={thClass}>Status</th>
              <th className={thClass}>Enviadas</th>
              <th className={thClass}>Falharam</th>
              <th className={thClass}>Total</th>
              <th className={thClass}>Data</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {campaigns.map((c) => (
              <tr key={c.id}>
                <td className={tdClass}>
                  <Link to={c.status === "draft" ? `/broker/whatsapp/sender?c=${c.id}&step=2` : `/broker/whatsapp/campaign/${c.id}`} className="font-medium text-brand-700 underline">
                    {c.name}
                  </Link>
                </td>
                <td className={tdClass}>
                  <StatusBadge status={c.status} />
                </td>
                <td className={tdClass}>{c.counts.sent}</td>
                <td className={tdClass}>{c.counts.failed}</td>
                <td className={tdClass}>{c.counts.total}</td>
                <td className={tdClass}>{formatDateTime(c.launchedAt ?? c.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}
