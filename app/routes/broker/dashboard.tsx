import { Link, useLoaderData } from "react-router";
import { Card, PageHeader, buttonClass } from "~/components/ui";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { FunnelChart, LeadsPerWeekChart } from "~/components/crm/dashboard-charts";
import { brokerDashboardCharts, brokerDashboardStats } from "~/modules/crm/dashboard.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Painel do corretor" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  const [stats, charts] = await Promise.all([brokerDashboardStats(user), brokerDashboardCharts(user)]);
  return { firstName: user.name.split(" ")[0], brokerId: user.broker?.id ?? null, stats, charts };
}

export default function Dashboard() {
  const { firstName, brokerId, stats, charts } = useLoaderData<typeof loader>();
  const cards = [
    { label: "Total de leads", value: stats.totalLeads },
    { label: "Leads recentes (30 dias)", value: stats.recentLeads },
    { label: "Imóveis disponíveis", value: stats.availableProperties },
    { label: "Atividades pendentes", value: stats.pendingActivities },
  ];
  return (
    <div>
      <PageHeader title={`Olá, ${firstName}!`} subtitle="Acompanhe seus leads e o catálogo da imobiliária." />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((c) => (
          <Card key={c.label} className="p-5">
            <p className="text-sm text-slate-600">{c.label}</p>
            <p className="mt-2 text-3xl font-bold text-slate-900">{c.value}</p>
          </Card>
        ))}
      </div>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <LeadsPerWeekChart weeks={charts.weeks} />
        <FunnelChart stages={charts.funnel} />
      </div>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <Card className="p-5">
          <h2 className="text-lg font-semibold">Seu catálogo</h2>
          <p className="mt-1 text-sm text-slate-600">Compartilhe o catálogo completo com seu código de corretor: os contatos chegam direto para você.</p>
          <Link to={brokerId ? `/imoveis?ref=${brokerId}` : "/imoveis"} className={buttonClass("primary", "md", "mt-4")}>
            Abrir catálogo
          </Link>
        </Card>
        <Card className="p-5">
          <h2 className="text-lg font-semibold">Ações rápidas</h2>
          <div className="mt-4 flex flex-wrap gap-2">
            <Link to="/broker/properties" className={buttonClass("secondary")}>Imóveis</Link>
            <Link to="/broker/crm" className={buttonClass("secondary")}>CRM</Link>
            <Link to="/broker/roleta" className={buttonClass("secondary")}>Roleta de Leads</Link>
          </div>
        </Card>
      </div>
    </div>
  );
}
