import { data, Link, useLoaderData } from "react-router";
import type { PropertyTypeCode } from "#db/schema";
import { AlertForm } from "~/components/public/alert-form";
import { alertSearchOf } from "~/modules/alerts/search";
import { CatalogueFilterForm } from "~/components/catalogue/catalogue-filters";
import { CatalogueLayout } from "~/components/catalogue/catalogue-layout";
import { GeneralErrorBoundary } from "~/components/layout/error-pages";
import { Pagination } from "~/components/ui/pagination";
import { PropertyCard } from "~/components/public/property-card";
import { buttonClass } from "~/components/ui";
import { findRefBroker } from "~/modules/catalogue/property-reads.server";
import { resolveCatalogueFilters, searchCatalogue, type CatalogueResult, type ResolvedFilters } from "~/modules/catalogue/search.server";
import { config } from "~/modules/platform/config.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { EMPTY_FILTERS, catalogueQuery, filtersFromSubmission, hasActiveFilters, type CatalogueSort } from "~/modules/catalogue/params";
import { CATEGORY_ROUTES } from "~/modules/properties/vocabulary";
import { withRef } from "~/modules/leads/referral";
import { MAP_PATH, withMapParams } from "~/modules/catalogue/map-area";
import { CATALOGUE_PARAMS, placeChoices, redirectToCanonical } from "~/modules/catalogue/canonical.server";
import { absoluteUrl, seoMeta } from "~/utils/seo";
import type { Route } from "./+types/catalogue";

/**
 * /imoveis, /buscar, /alugar and /categoria/{type}: one catalogue engine
 * (modules/catalogue.server.ts), one page. The URL holds every filter; a
 * submitted form's URL is redirected to its canonical form (defaults and
 * helper fields dropped, rules applied), so links are short and shareable.
 */
type Scope = {
  kind: "all" | "search" | "rent" | "category";
  path: string;
  heading: string;
  title: string;
  description: string;
  type: PropertyTypeCode | null;
  /** The order when the URL names none: /buscar lists featured first, then newest (spec 01 §7). */
  defaultSort: CatalogueSort;
};

function scopeOf(pathname: string, typeParam: string | undefined): Scope | null {
  if (typeParam !== undefined) {
    const category = CATEGORY_ROUTES[typeParam];
    if (!category) return null;
    return {
      kind: "category",
      path: `/categoria/${typeParam}`,
      heading: category.title,
      title: category.title,
      description: `${category.title} em São Paulo e região: fotos, preços e detalhes. Fale com a Lar Imóveis.`,
      type: category.type,
      defaultSort: "recent",
    };
  }
  if (pathname.startsWith("/alugar")) {
    return { kind: "rent", path: "/alugar", heading: "Imóveis para Alugar", title: "Imóveis para alugar", description: "Casas, apartamentos e salas para alugar, com valor do aluguel, condomínio e IPTU.", type: "rent", defaultSort: "recent" };
  }
  if (pathname.startsWith("/buscar")) {
    return { kind: "search", path: "/buscar", heading: "Buscar imóveis", title: "Buscar imóveis", description: "Busque imóveis por nome, cidade ou bairro e filtre por preço, área e quartos.", type: null, defaultSort: "none" };
  }
  return { kind: "all", path: "/imoveis", heading: "Todos os imóveis", title: "Imóveis à venda e para alugar", description: "Apartamentos, casas, terrenos e imóveis comerciais à venda e para alugar em São Paulo e região.", type: null, defaultSort: "recent" };
}

const KNOWN_PARAMS = new Set<string>(CATALOGUE_PARAMS);

export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const scope = scopeOf(url.pathname, params.type);
  if (!scope) throw data({ message: "Categoria não encontrada" }, { status: 404 });

  const requested = filtersFromSubmission(url.searchParams, scope.defaultSort);
  let resolved: ResolvedFilters | null = null;
  let result: CatalogueResult = { items: [], total: 0, page: 1, pageCount: 1 };
  try {
    resolved = await resolveCatalogueFilters(requested, scope.type);
    result = await searchCatalogue(resolved, requested.page, requested.sort);
  } catch (error) {
    // Spec 01 §7: a failed search is logged and shows an empty result.
    log.error("catalogue search failed", { ...errorFields(error), url: url.pathname + url.search });
  }
  const filters = { ...(resolved?.filters ?? { ...EMPTY_FILTERS, sort: scope.defaultSort, ref: requested.ref }), page: result.page };

  // Redirect a non-canonical query (a plain form submit, an invalid value, a page past the end).
  const canonical = catalogueQuery(filters, {}, scope.defaultSort);
  if (resolved) redirectToCanonical(url, scope.path, canonical, KNOWN_PARAMS);

  const broker = await findRefBroker(filters.ref);
  const base = config().publicUrl;
  const place = filters.neighborhood ? `${filters.neighborhood}, ${filters.city}` : filters.city;
  const title = [filters.searchTerm ? `“${filters.searchTerm}”` : null, scope.title, place ? `em ${place}` : null, result.page > 1 ? `página ${result.page}` : null].filter(Boolean).join(" · ");
  return {
    scope,
    filters,
    result,
    ...placeChoices(resolved),
    broker,
    alert: alertSearchOf(scope.path, filters),
    // 'Ver no mapa': the filters this page applies; a rental page lists whatever can be rented (purpose=aluguel), a category its type
    mapHref: `${MAP_PATH}${withMapParams(catalogueQuery({ ...filters, page: 1, propertyType: scope.type === "rent" ? null : (scope.type ?? filters.propertyType) }), { rentals: scope.type === "rent" })}`,
    seo: {
      title,
      description: scope.description,
      canonical: absoluteUrl(base, `${scope.path}${catalogueQuery({ ...filters, ref: null }, {}, scope.defaultSort)}`),
    },
  };
}

// an unknown category answers 404 with its own title, kept out of search engines
export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo) : [{ title: "Categoria não encontrada | Lar Imóveis" }, { name: "robots", content: "noindex" }]);

export default function CataloguePage() {
  const { scope, filters, result, cities, neighborhoods, broker, alert, mapHref } = useLoaderData<typeof loader>();
  const filtered = hasActiveFilters(filters);
  const pageHref = (page: number) => `${scope.path}${catalogueQuery(filters, { page }, scope.defaultSort)}`;
  return (
    <CatalogueLayout
      trail={{ links: [{ label: "Início", to: "/" }], current: scope.heading }}
      heading={scope.heading}
      refCode={filters.ref}
      broker={broker}
      filterColumn={
        <>
          <CatalogueFilterForm action={scope.path} filters={filters} cities={cities} neighborhoods={neighborhoods} showType={scope.type === null} />
          {alert ? (
            // on phones folded under its title, like the filters; from 1024 px always open
            <details className="group mt-4 rounded-[var(--radius-card)] border border-slate-200 bg-white shadow-[var(--shadow-card)] lg:[&::details-content]:[content-visibility:visible] lg:[&::details-content]:[display:contents]">
              <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 text-sm font-semibold text-slate-900 lg:hidden">
                <span>Receber novidades desta busca</span>
                <span aria-hidden="true" className="text-slate-500 group-open:rotate-180">
                  ▾
                </span>
              </summary>
              <AlertForm {...alert} refCode={filters.ref} headingClassName="max-lg:sr-only" className="border-t border-slate-200 p-4 lg:border-t-0" />
            </details>
          ) : null}
        </>
      }
      results={{
        total: result.total,
        sort: filters.sort,
        view: {
          id: "map-link",
          href: mapHref,
          label: "Ver no mapa",
          icon: (
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4"><path fillRule="evenodd" d="M10 1.5a6 6 0 0 0-6 6c0 4.3 5.2 10.3 5.4 10.6a.8.8 0 0 0 1.2 0c.2-.3 5.4-6.3 5.4-10.6a6 6 0 0 0-6-6Zm0 8.3a2.3 2.3 0 1 1 0-4.6 2.3 2.3 0 0 1 0 4.6Z" clipRule="evenodd" /></svg>
          ),
        },
      }}
    >
      <div id="results-list" data-catalogue-part="">
        {result.items.length === 0 ? (
          <EmptyResult category={scope.kind === "category"} filtered={filtered} refCode={filters.ref} />
        ) : (
          <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
            {result.items.map((p, i) => (
              <li key={p.id}>
                <PropertyCard property={p} priority={i === 0} sizes="(min-width: 1280px) 320px, (min-width: 1024px) 40vw, (min-width: 640px) 50vw, 100vw" />
              </li>
            ))}
          </ul>
        )}
        <Pagination page={result.page} pageCount={result.pageCount} href={pageHref} />
      </div>
    </CatalogueLayout>
  );
}

function EmptyResult({ category, filtered, refCode }: { category: boolean; filtered: boolean; refCode: string | null }) {
  const text = filtered ? "Nenhum imóvel encontrado com os filtros aplicados." : category ? "Nenhum imóvel encontrado" : "Nenhum imóvel encontrado.";
  return (
    <div className="rounded-[var(--radius-card)] border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <p className="text-base font-semibold text-slate-800">{text}</p>
      {category || filtered ? (
        <Link to={withRef("/imoveis", refCode)} className={buttonClass("secondary", "md", "mt-4")}>
          Ver todos os imóveis
        </Link>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={{ title: "Categoria não encontrada", text: "A categoria que você procura não existe. Veja todos os imóveis disponíveis." }} />;
}
