import { Link } from "react-router";
import type { MapGroup, MapProperty, MapResult } from "~/modules/catalogue/map.server";
import { MAP_LIMIT, withoutLocationText } from "~/modules/catalogue/map-area";
import { withRef } from "~/modules/leads/referral";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { buttonClass } from "~/components/ui";
import { PropertyPrice, propertyFeatures } from "~/components/public/property-card";
import { formatNumber } from "~/utils/format";

/**
 * The map page's results (/imoveis/mapa). The server's HTML is the list,
 * grouped by neighbourhood, one link per property: that is the page without
 * JavaScript. Each located property carries its coordinates in data-*
 * attributes; the map script (app/enhance/map/catalogue-map.ts) draws the
 * markers from them and opens a property's card (a copy of its row) on click.
 */

/** The map's box, empty in the HTML and hidden until the map script shows it. */
export function MapCanvas({ script, css, tileUrl, attribution }: { script: string | null; css: string | null; tileUrl: string; attribution: string }) {
  return (
    <div
      id="results-map"
      data-catalogue-map=""
      data-map-script={script ?? undefined}
      data-map-css={css ?? undefined}
      data-tile-url={tileUrl}
      data-attribution={attribution}
      hidden
      className="relative isolate mb-6 h-[26rem] overflow-hidden rounded-[var(--radius-card)] border border-slate-200 bg-slate-100 shadow-[var(--shadow-card)] sm:h-[32rem]"
    >
      <div data-map-frame="" className="size-full" role="region" aria-label="Mapa dos imóveis encontrados" />
    </div>
  );
}

export function MapSummary({ result, inArea, wholeSearchHref }: { result: MapResult; inArea: boolean; wholeSearchHref: string }) {
  return (
    <div id="map-summary" data-catalogue-part="" className="mb-4 space-y-2 text-sm text-slate-700">
      {inArea ? (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span>Mostrando só a área escolhida no mapa.</span>
          <a href={wholeSearchHref} className="font-medium text-brand-700 hover:underline">
            Ver toda a busca
          </a>
        </p>
      ) : null}
      {result.withoutLocation > 0 ? (
        <p data-without-location={result.withoutLocation} className="inline-flex items-center gap-2 rounded-full bg-amber-50 px-3 py-1 font-medium text-amber-900 ring-1 ring-amber-200">
          {withoutLocationText(result.withoutLocation)}
        </p>
      ) : null}
      {result.total > result.shown ? (
        <p>
          Mostrando os {formatNumber(result.shown)} primeiros de {formatNumber(result.total)}. Use os filtros ou aproxime o mapa e toque em &lsquo;Buscar nesta área&rsquo; para ver os demais.
        </p>
      ) : null}
    </div>
  );
}

export function MapGroups({ result, refCode, listHref }: { result: MapResult; refCode: string | null; listHref: string }) {
  return (
    <div id="map-results" data-catalogue-part="" data-map-results="" data-map-limit={MAP_LIMIT}>
      {result.groups.length === 0 ? (
        <div className="rounded-[var(--radius-card)] border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
          <p className="text-base font-semibold text-slate-800">Nenhum imóvel encontrado com os filtros aplicados.</p>
          <a href={listHref} className={buttonClass("secondary", "md", "mt-4")}>
            Ver lista
          </a>
        </div>
      ) : (
        <div className="space-y-6">
          <h2 className="text-lg font-semibold text-slate-900">Imóveis por bairro</h2>
          {result.groups.map((group) => (
            <NeighborhoodGroup key={group.key} group={group} refCode={refCode} />
          ))}
        </div>
      )}
    </div>
  );
}

function NeighborhoodGroup({ group, refCode }: { group: MapGroup; refCode: string | null }) {
  const headingId = `bairro-${group.items[0].id}`;
  return (
    <section aria-labelledby={headingId} className="rounded-[var(--radius-card)] border border-slate-200 bg-white shadow-[var(--shadow-card)]">
      <h3 id={headingId} className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900">
        <span className="[overflow-wrap:anywhere]">
          {group.neighborhood}
          <span className="font-normal text-slate-600">{group.city ? `, ${group.city}` : ""}</span>
        </span>
        <span className="text-sm font-normal text-slate-600">{group.items.length === 1 ? "1 imóvel" : `${group.items.length} imóveis`}</span>
      </h3>
      <ul className="divide-y divide-slate-100">
        {group.items.map((p) => (
          <MapRow key={p.id} property={p} refCode={refCode} />
        ))}
      </ul>
    </section>
  );
}

function MapRow({ property: p, refCode }: { property: MapProperty; refCode: string | null }) {
  const features = propertyFeatures({ area: p.area, bedrooms: p.bedrooms }).join(" · ");
  const located = p.lat !== null && p.lng !== null;
  return (
    <li data-map-point={located ? "" : undefined} data-id={p.id} data-lat={p.lat ?? undefined} data-lng={p.lng ?? undefined} className="px-4 py-3">
      <article data-map-card="" className="flex gap-3">
        <div className="h-16 w-20 shrink-0 overflow-hidden rounded-md bg-slate-100 sm:h-20 sm:w-28">
          <ResponsiveImage src={p.image} alt="" sizes="112px" width={224} height={160} className="size-full object-cover" />
        </div>
        <div className="min-w-0 flex-1">
          <PropertyPrice price={p.price} className="text-base" />
          <p className="mt-0.5 text-sm font-semibold leading-snug text-slate-900 [overflow-wrap:anywhere]">
            <Link to={withRef(p.path, refCode)} className="hover:text-brand-700 hover:underline">
              {p.title}
            </Link>
          </p>
          <p className="mt-0.5 text-xs text-slate-600">
            {[p.typeLabel, features].filter(Boolean).join(" · ")}
            {located ? null : <span className="ml-2 inline-block rounded bg-slate-100 px-1.5 py-0.5 text-slate-700">sem localização no mapa</span>}
          </p>
        </div>
      </article>
    </li>
  );
}
