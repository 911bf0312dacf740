import { Link, Outlet, useLoaderData, useLocation } from "react-router";
import { ViewToggle } from "~/components/catalogue/view-toggle";
import { PropertyCards } from "~/components/catalogue/property-cards";
import { CatalogueFilters } from "~/components/catalogue/broker-filters";
import { ReferralLinkModal } from "~/components/catalogue/referral-link-modal";
import { GeneralErrorBoundary } from "~/components/layout/error-pages";
import { EmptyState, PageHeader } from "~/components/ui";
import { Pagination } from "~/components/ui/pagination";
import { pathWithQuery } from "~/utils/url";
import { parseRecordId } from "~/utils/query-schema";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { CATALOGUE_KINDS, CATALOGUE_KIND_CODES, findCataloguePage, readCatalogueQuery, referralLinkFor } from "~/modules/catalogue/broker-catalogue.server";
import { BEDROOM_MINIMUMS } from "~/modules/catalogue/params";
import type { Route } from "./+types/catalogue";
import { formatNumber } from "~/utils/format";

export const meta: Route.MetaFunction = () => [{ title: "Imóveis | Painel do corretor" }, { name: "robots", content: "noindex" }];

/** Spec 02 §2.3: the whole catalogue, filtered and paged on the server; ?link={id} opens the referral-link modal. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  const url = new URL(request.url);
  const query = readCatalogueQuery(url.searchParams);
  const result = await findCataloguePage(user, query);
  const linkId = parseRecordId(url.searchParams.get("link"));
  const link = linkId ? await referralLinkFor(user, linkId) : null;
  return {
    ...result,
    link: link ? { ...link, hasRef: Boolean(user.broker) } : null,
    kinds: CATALOGUE_KIND_CODES.map((code) => ({ code, label: CATALOGUE_KINDS[code].label })),
    bedroomOptions: BEDROOM_MINIMUMS,
  };
}

const CATALOGUE_PATH = "/broker/properties";

export default function BrokerProperties() {
  const { query, cards, total, page, pageCount, cities, neighborhoods, link, kinds, bedroomOptions } = useLoaderData<typeof loader>();
  const location = useLocation();
  // The editor overlay (child routes) sits on top of this page; links here keep the catalogue's own query.
  const search = location.pathname.replace(/\/$/, "") === CATALOGUE_PATH ? location.search : "";
  return (
    <div>
      <PageHeader
        title="Imóveis"
        subtitle="Todo o catálogo da Lar Imóveis. Gere links com o seu código para receber os contatos."
        createLink={{ to: "/broker/properties/novo", label: "Cadastrar imóvel" }}
      />
      <CatalogueFilters values={query} kinds={kinds} bedroomOptions={bedroomOptions} cities={cities} neighborhoods={neighborhoods} />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" role="status">
          {total === 1 ? "1 imóvel encontrado" : `${formatNumber(total)} imóveis encontrados`}
          {pageCount > 1 ? ` · página ${page} de ${pageCount}` : ""}
        </p>
        <ViewToggle view={query.view} path={CATALOGUE_PATH} search={search} />
      </div>
      {cards.length === 0 ? (
        <EmptyState title="Nenhum imóvel encontrado">
          <Link to={query.view === "list" ? "?view=list" : "."} className="font-medium text-brand-700 hover:underline">
            Limpar filtros
          </Link>
        </EmptyState>
      ) : (
        <PropertyCards cards={cards} search={search} view={query.view} />
      )}
      <Pagination variant="ellipsis" page={page} pageCount={pageCount} href={(p) => pathWithQuery(CATALOGUE_PATH, search, { page: p === 1 ? null : p, link: null })} />
      {link ? <ReferralLinkModal title={link.title} url={link.url} hasRef={link.hasRef} closeHref={pathWithQuery(CATALOGUE_PATH, search, { link: null })} /> : null}
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary messages={{ 500: "Não foi possível carregar os imóveis." }} homeHref="/broker/dashboard" inLayout />;
}
