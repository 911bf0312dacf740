import { useLoaderData } from "react-router";
import { CatalogueFilterForm } from "~/components/catalogue/catalogue-filters";
import { CatalogueLayout } from "~/components/catalogue/catalogue-layout";
import { MapCanvas, MapGroups, MapSummary } from "~/components/catalogue/map-results";
import { GeneralErrorBoundary } from "~/components/layout/error-pages";
import { findRefBroker } from "~/modules/catalogue/property-reads.server";
import { resolveCatalogueFilters, type ResolvedFilters } from "~/modules/catalogue/search.server";
import { searchCatalogueMap, type MapResult } from "~/modules/catalogue/map.server";
import { AREA_PARAM, MAP_PATH, OSM_ATTRIBUTION, OSM_TILE_URL, PURPOSE_PARAM, RENT_PURPOSE, formatMapBounds, parseMapBounds, withMapParams } from "~/modules/catalogue/map-area";
import { EMPTY_FILTERS, catalogueQuery, filtersFromSubmission } from "~/modules/catalogue/params";
import { CATALOGUE_PARAMS, placeChoices, redirectToCanonical } from "~/modules/catalogue/canonical.server";
import { config } from "~/modules/platform/config.server";
import { mapScriptSrc } from "~/modules/platform/enhance.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { absoluteUrl, seoMeta } from "~/utils/seo";
import type { Route } from "./+types/catalogue-map";

/**
 * /imoveis/mapa: the catalogue's filters drawn on a map (issue 28). The
 * same filter parsing, resolution and conditions as /imoveis
 * (modules/catalogue/params.ts, search.server.ts), plus an optional area
 * (`area=south,west,north,east`, 'Buscar nesta área'). The HTML is the
 * results grouped by neighbourhood; the map script draws them.
 */
const KNOWN_PARAMS = new Set<string>([...CATALOGUE_PARAMS, AREA_PARAM, PURPOSE_PARAM]);

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const requested = filtersFromSubmission(url.searchParams, "recent");
  const bounds = parseMapBounds(url.searchParams.get(AREA_PARAM));
  // from /alugar or /categoria/aluguel: whatever can be rented, as those pages list
  const rentals = url.searchParams.get(PURPOSE_PARAM) === RENT_PURPOSE;
  let resolved: ResolvedFilters | null = null;
  let result: MapResult = { total: 0, shown: 0, withoutLocation: 0, groups: [] };
  try {
    resolved = await resolveCatalogueFilters(requested, rentals ? "rent" : null);
    result = await searchCatalogueMap(resolved, bounds, requested.sort);
  } catch (error) {
    // as on /imoveis (spec 01 §7): a failed search is logged and shows an empty result
    log.error("catalogue map search failed", { ...errorFields(error), url: url.pathname + url.search });
  }
  const filters = { ...(resolved?.filters ?? { ...EMPTY_FILTERS, ref: requested.ref }), page: 1 };

  // The canonical URL: the catalogue's query (no page: the map has none) and the area, if valid.
  const query = catalogueQuery(filters);
  const area = bounds ? formatMapBounds(bounds) : null;
  const canonical = withMapParams(query, { rentals, area });
  if (resolved) redirectToCanonical(url, MAP_PATH, canonical, KNOWN_PARAMS);

  const tileUrl = config().MAP_TILE_URL;
  const script = mapScriptSrc();
  return {
    filters,
    area,
    result,
    ...placeChoices(resolved),
    broker: await findRefBroker(filters.ref),
    rentals,
    listHref: `${rentals ? "/alugar" : "/imoveis"}${query}`,
    wholeSearchHref: `${MAP_PATH}${withMapParams(query, { rentals })}`,
    map: { script: script.js, css: script.css, tileUrl, attribution: tileUrl === OSM_TILE_URL ? OSM_ATTRIBUTION : `${OSM_ATTRIBUTION} · mapa: ${new URL(tileUrl.replace(/\{[a-z]+\}/g, "0")).host}` },
    seo: {
      title: [filters.city ? `Imóveis no mapa em ${filters.neighborhood ? `${filters.neighborhood}, ` : ""}${filters.city}` : "Imóveis no mapa"].join(""),
      description: "Veja no mapa os imóveis à venda e para alugar da Lar Imóveis, com os mesmos filtros da busca.",
      canonical: absoluteUrl(config().publicUrl, `${MAP_PATH}${withMapParams(catalogueQuery({ ...filters, ref: null }), { rentals })}`),
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo) : [{ title: "Imóveis no mapa | Lar Imóveis" }]);

export default function CatalogueMapPage() {
  const { filters, area, rentals, result, cities, neighborhoods, broker, listHref, wholeSearchHref, map } = useLoaderData<typeof loader>();
  const hidden = { ...(rentals ? { [PURPOSE_PARAM]: RENT_PURPOSE } : {}), ...(area ? { [AREA_PARAM]: area } : {}) };
  return (
    <CatalogueLayout
      trail={{ links: [{ label: "Início", to: "/" }, { label: "Todos os imóveis", to: "/imoveis" }], current: "Mapa" }}
      heading="Imóveis no mapa"
      refCode={filters.ref}
      broker={broker}
      filterColumn={<CatalogueFilterForm action="/imoveis/mapa" filters={filters} cities={cities} neighborhoods={neighborhoods} showType={!rentals} hidden={hidden} />}
      results={{
        total: result.total,
        sort: filters.sort,
        view: {
          id: "list-link",
          href: listHref,
          label: "Ver lista",
          icon: <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4"><path d="M3 5h14v1.6H3zm0 4.2h14v1.6H3zm0 4.2h14V15H3z" /></svg>,
        },
      }}
    >
      <MapSummary result={result} inArea={area !== null} wholeSearchHref={wholeSearchHref} />
      <MapCanvas script={map.script} css={map.css} tileUrl={map.tileUrl} attribution={map.attribution} />
      <MapGroups result={result} refCode={filters.ref} listHref={listHref} />
    </CatalogueLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
