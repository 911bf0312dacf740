import { Form, Link, useLoaderData, useLocation } from "react-router";
import { pathWithQuery, withQuery } from "~/utils/url";
import { ReferralLinkModal } from "~/components/catalogue/referral-link-modal";
import { isReady } from "~/components/layout/nav";
import { Button, Card, Field, Input, PageHeader, buttonClass, CardTitle } from "~/components/ui";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { findCataloguePage, readCatalogueQuery, referralLinkFor } from "~/modules/catalogue/broker-catalogue.server";
import { FunnelChart, LeadsPerWeekChart } from "~/components/crm/dashboard-charts";
import { brokerDashboardCharts, brokerDashboardStats } from "~/modules/crm/dashboard.server";
import { AGENCY } from "~/modules/platform/agency";
import { parseRecordId } from "~/utils/query-schema";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Painel do corretor" }];

const PICK_LIMIT = 6;

/**
 * Spec 02 §2.2. The referral-link modal: ?imovel= searches the catalogue
 * (a GET form, so it works without JavaScript), ?link={id} opens the modal
 * with the broker's link for that property.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  const url = new URL(request.url);
  const search = (url.searchParams.get("imovel") ?? "").trim().slice(0, 120);
  const [stats, charts, picks, link] = await Promise.all([
    brokerDashboardStats(user),
    brokerDashboardCharts(user),
    search ? findCataloguePage(user, readCatalogueQuery(new URLSearchParams({ q: search }))) : null,
    (async () => {
      const id = parseRecordId(url.searchParams.get("link"));
      return id ? referralLinkFor(user, id) : null;
    })(),
  ]);
  return {
    firstName: user.name.split(" ")[0],
    brokerId: user.broker?.id ?? null,
    stats,
    charts,
    search,
    picks: picks ? { total: picks.total, cards: picks.cards.slice(0, PICK_LIMIT).map((c) => ({ id: c.id, title: c.title, city: c.city, neighborhood: c.neighborhood })) } : null,
    link: link ? { ...link, hasRef: Boolean(user.broker) } : null,
  };
}

export default function Dashboard() {
  const { firstName, brokerId, stats, charts, search, picks, link } = useLoaderData<typeof loader>();
  const location = useLocation();
  const cards = [
    { label: "Total de leads", value: stats.totalLeads },
    { label: "Leads recentes (30 dias)", value: stats.recentLeads },
    { label: "Imóveis disponíveis", value: stats.availableProperties },
    { label: "Atividades pendentes", value: stats.pendingActivities },
  ];
  return (
    <div>
      <PageHeader title={`Olá, ${firstName}!`} subtitle="Acompanhe seus leads e o catálogo da imobiliária." />
      {/* 2 × 2 on a phone, so the four numbers leave room for the rest of the first screen */}
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" data-stat-cards>
        {cards.map((c) => (
          <Card key={c.label} className="min-w-0 p-3 sm:p-5">
            <p className="text-xs text-slate-600 [overflow-wrap:anywhere] sm:text-sm">{c.label}</p>
            <p className="mt-1 text-2xl font-bold text-slate-900 sm:mt-2 sm:text-3xl">{c.value}</p>
          </Card>
        ))}
      </div>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <LeadsPerWeekChart weeks={charts.weeks} />
        <FunnelChart stages={charts.funnel} />
      </div>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <Card className="p-5">
          <CardTitle>Seu catálogo</CardTitle>
          <p className="mt-1 text-sm text-slate-600">Compartilhe o catálogo completo com seu código de corretor: os contatos chegam direto para você.</p>
          <Link to={brokerId ? `/imoveis?ref=${brokerId}` : "/imoveis"} className={buttonClass("primary", "md", "mt-4")}>
            Abrir catálogo
          </Link>
        </Card>
        <Card className="p-5">
          <CardTitle>Ações rápidas</CardTitle>
          <div className="mt-4 flex flex-wrap gap-2">
            <a href={AGENCY.coursesPlatform} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary")}>
              Plataforma de cursos
              <span className="sr-only"> (abre em nova aba)</span>
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M14 4h6v6M20 4l-9 9M18 14v6H4V6h6" />
              </svg>
            </a>
            <Link to="/broker/properties" className={buttonClass("secondary")}>
              Imóveis
            </Link>
            {isReady("/broker/crm") ? (
              <Link to="/broker/crm" className={buttonClass("secondary")}>
                CRM
              </Link>
            ) : null}
            {isReady("/broker/roleta") ? (
              <Link to="/broker/roleta" className={buttonClass("secondary")}>
                Roleta de Leads
              </Link>
            ) : null}
          </div>
        </Card>
        <Card className="p-5 lg:col-span-2">
          <CardTitle id="referral-heading">
            Link de indicação
          </CardTitle>
          <p className="mt-1 text-sm text-slate-600">Escolha um imóvel para gerar o seu link: os contatos feitos por ele chegam para você.</p>
          <Form method="get" role="search" aria-labelledby="referral-heading" className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end">
            <Field label="Buscar imóvel" htmlFor="dash-imovel" className="flex-1">
              <Input id="dash-imovel" name="imovel" type="search" defaultValue={search} maxLength={120} placeholder="Título, cidade ou bairro" />
            </Field>
            <Button type="submit" variant="secondary">
              Buscar
            </Button>
          </Form>
          {picks ? (
            picks.cards.length ? (
              <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label="Imóveis encontrados">
                {picks.cards.map((p) => (
                  <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-slate-900">{p.title}</span>
                      <span className="block text-sm text-slate-600">
                        {p.city}
                        {p.neighborhood ? ` · ${p.neighborhood}` : ""}
                      </span>
                    </span>
                    <Link to={withQuery(location.search, { link: p.id })} preventScrollReset className={buttonClass("primary", "sm")} aria-label={`Gerar link de ${p.title}`}>
                      Gerar link
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-4 text-sm text-slate-600" role="status">
                Nenhum imóvel encontrado.
              </p>
            )
          ) : null}
          {picks && picks.total > picks.cards.length ? (
            <p className="mt-2 text-sm text-slate-600">
              Mostrando {picks.cards.length} de {picks.total.toLocaleString("pt-BR")}.{" "}
              <Link to={`/broker/properties?q=${encodeURIComponent(search)}`} className="font-medium text-brand-700 hover:underline">
                Ver todos no catálogo
              </Link>
            </p>
          ) : null}
        </Card>
      </div>
      {link ? <ReferralLinkModal title={link.title} url={link.url} hasRef={link.hasRef} closeHref={pathWithQuery(location.pathname, location.search, { link: null })} /> : null}
    </div>
  );
}
