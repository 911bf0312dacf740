import { data, redirect, useActionData, useLoaderData } from "react-router";
import { BrokerCard } from "~/components/public/broker-card";
import { CopyButton } from "~/components/ui/copy-button";
import { Breadcrumb } from "~/components/public/breadcrumb";
import { GeneralErrorBoundary } from "~/components/layout/error-pages";
import { Gallery } from "~/components/public/gallery";
import { LeadForm } from "~/components/public/lead-form";
import { PropertyCard } from "~/components/public/property-card";
import { FavouriteButton } from "~/components/public/favourite-button";
import { FinancingTeaser } from "~/components/public/financing-teaser";
import { Badge, buttonClass } from "~/components/ui";
import { AGENCY } from "~/modules/platform/agency";
import { PropertyMovedError, PropertyPageNotFoundError, loadPropertyPage, requirePublicPropertyId } from "~/modules/catalogue/property-page.server";
import { PROPERTY_NOT_FOUND } from "~/modules/catalogue/property-page";
import { leadFormAction } from "~/modules/leads/lead-form.server";
import { formatArea } from "~/utils/format";
import { whatsappLink } from "~/utils/phone";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/property";
import { SECTION_HEADING_LARGE, Section } from "~/components/ui/section";

const NOT_FOUND = PROPERTY_NOT_FOUND;

/** /imovel/{slugOrId} (spec 01 §2): the view model and JSON-LD come from catalogue/property-page.server.ts. */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    return await loadPropertyPage({ slugOrId: params.slugOrId, ref: new URL(request.url).searchParams.get("ref") });
  } catch (error) {
    // An old slug (the title changed since the link was shared): 301 to the current one, query kept.
    if (error instanceof PropertyMovedError) throw redirect(error.path + new URL(request.url).search, 301);
    if (error instanceof PropertyPageNotFoundError) throw data({ message: NOT_FOUND.title }, { status: 404 });
    throw error;
  }
}

/** The lead form posts here; the property is resolved first so the lead names it. */
export async function action({ request, params }: Route.ActionArgs) {
  let propertyId: number;
  try {
    propertyId = await requirePublicPropertyId(params.slugOrId);
  } catch (error) {
    // An old slug (the title changed since the link was shared): 301 to the current one, query kept.
    if (error instanceof PropertyMovedError) throw redirect(error.path + new URL(request.url).search, 301);
    if (error instanceof PropertyPageNotFoundError) throw data({ message: NOT_FOUND.title }, { status: 404 });
    throw error;
  }
  return leadFormAction(request, { propertyId });
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => (loaderData ? seoMeta(loaderData.seo) : [{ title: `${NOT_FOUND.title} | Lar Imóveis` }, { name: "robots", content: "noindex" }]);

export default function PropertyPage() {
  const { property: p, options, similar, broker, ref, shareUrl, path } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const facts = [
    p.area > 0 ? { label: "Área", value: formatArea(p.area) } : null,
    p.bedrooms > 0 ? { label: "Quartos", value: String(p.bedrooms) } : null,
    p.suites > 0 ? { label: "Suítes", value: String(p.suites) } : null,
    p.bathrooms > 0 ? { label: "Banheiros", value: String(p.bathrooms) } : null,
    p.parkingSpots > 0 ? { label: "Vagas", value: String(p.parkingSpots) } : null,
    p.floor ? { label: "Andar", value: p.totalFloors ? `${p.floor}º de ${p.totalFloors}` : `${p.floor}º` } : null,
  ].filter((f): f is { label: string; value: string } => f !== null);
  const details = [
    { label: "Tipo", value: p.propertyType },
    { label: "Categoria", value: p.typeLabel },
    { label: "Finalidade", value: p.purpose },
    { label: "Construção", value: p.construction },
    p.constructionYear ? { label: "Ano de construção", value: String(p.constructionYear) } : null,
    p.facing ? { label: "Face", value: p.facing } : null,
    { label: "Mobiliado", value: p.furnished ? "Sim" : "Não" },
    { label: "Aceita pets", value: p.petsAllowed ? "Sim" : "Não" },
  ].filter((f): f is { label: string; value: string } => f !== null);
  const shareText = `${p.title} – ${shareUrl}`;

  return (
    <main id="main" className="pb-24 md:pb-8">
      <div className="container-page pt-6">
        <Breadcrumb links={[{ label: "Início", to: "/" }, { label: p.typeLabel, to: p.categoryPath }]} current={p.title} refCode={ref} />
        <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <div className="flex flex-wrap gap-2">
              <Badge tone="info">{p.typeLabel}</Badge>
              <Badge tone={p.status === "available" ? "success" : "warning"}>{p.statusLabel}</Badge>
              {p.featured ? <Badge tone="accent">Destaque</Badge> : null}
            </div>
            <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{p.title}</h1>
            <p className="mt-1 text-slate-600" data-testid="property-address">
              {p.addressLine}
            </p>
            <div className="mt-3">
              <FavouriteButton propertyId={p.id} title={p.title} variant="inline" />
            </div>
          </div>
          <p className="text-3xl font-bold text-brand-800">
            {p.price.main}
            {p.price.suffix ? <span className="text-base font-medium text-slate-600">{p.price.suffix}</span> : null}
          </p>
        </div>
      </div>

      <div className="mx-auto mt-6 max-w-[90rem] px-2 sm:px-4">
        <Gallery images={p.images} title={p.title} path={path} refCode={ref} />
      </div>

      <div className="container-page mt-8 grid gap-8 lg:grid-cols-[1fr_24rem]">
        <div className="min-w-0 space-y-8">
          {facts.length ? (
            <Section id="facts-heading" title="Principais características" headingClassName="sr-only">
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                {facts.map((f) => (
                  <div key={f.label} className="rounded-lg border border-slate-200 bg-white px-4 py-3">
                    <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{f.label}</dt>
                    <dd className="mt-0.5 text-lg font-semibold text-slate-900">{f.value}</dd>
                  </div>
                ))}
              </dl>
            </Section>
          ) : null}

          <Section id="description-heading" title="Descrição">
            <p className="mt-3 whitespace-pre-line leading-relaxed text-slate-700">{p.description}</p>
          </Section>

          <Section id="details-heading" title="Detalhes">
            <dl className="mt-3 grid gap-x-8 gap-y-2 sm:grid-cols-2">
              {details.map((d) => (
                <div key={d.label} className="flex justify-between gap-4 border-b border-slate-200 py-2 text-sm">
                  <dt className="text-slate-600">{d.label}</dt>
                  <dd className="font-medium text-slate-900">{d.value}</dd>
                </div>
              ))}
            </dl>
          </Section>

          {options.length ? (
            <Section id="options-heading" title="Opções de planta">
              <ul className="mt-3 grid gap-3 sm:grid-cols-2">
                {options.map((o, i) => (
                  <li key={o.id} className="rounded-lg border border-slate-200 bg-white p-4">
                    <p className="font-semibold text-slate-900">Opção {i + 1}</p>
                    <p className="mt-1 text-sm text-slate-700">
                      {formatArea(o.area)} · {o.bedrooms} {o.bedrooms === 1 ? "quarto" : "quartos"} · {o.bathrooms} {o.bathrooms === 1 ? "banheiro" : "banheiros"}
                      {o.suites ? ` · ${o.suites} ${o.suites === 1 ? "suíte" : "suítes"}` : ""}
                    </p>
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}

          <ChipList id="amenities" title="Comodidades" items={p.amenities} />
          <ChipList id="nearby" title="Nas proximidades" items={p.nearby} />
          <ChipList id="special" title="Diferenciais" items={p.special} />
        </div>

        <aside className="space-y-5 lg:sticky lg:top-20 lg:self-start" aria-label="Valores e contato">
          <div className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-5 shadow-[var(--shadow-card)]">
            <p className="text-sm text-slate-600">{p.price.suffix ? "Aluguel" : "Valor"}</p>
            <p className="text-2xl font-bold text-brand-800">
              {p.price.main}
              {p.price.suffix ? <span className="text-base font-medium text-slate-600">{p.price.suffix}</span> : null}
            </p>
            {p.rentAlso ? (
              <p className="mt-1 text-sm text-slate-700">
                Aluguel: {p.rentAlso.main}
                {p.rentAlso.suffix}
              </p>
            ) : null}
            {p.costs.length ? (
              <dl className="mt-3 space-y-1 border-t border-slate-200 pt-3 text-sm">
                {p.costs.map((c) => (
                  <div key={c.label} className="flex justify-between">
                    <dt className="text-slate-600">{c.label}</dt>
                    <dd className="font-medium text-slate-900">
                      {c.value}
                      {c.label === "Condomínio" ? "/mês" : ""}
                    </dd>
                  </div>
                ))}
              </dl>
            ) : null}
            <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
              <a href={whatsappLink("", shareText)} target="_blank" rel="noopener noreferrer" className="text-sm font-semibold text-success-700 hover:underline">
                Compartilhar no WhatsApp
              </a>
              <CopyButton text={shareUrl} />
            </div>
          </div>
          {p.salePrice ? <FinancingTeaser propertyId={p.id} price={p.salePrice} refCode={ref} /> : null}
          {broker ? <BrokerCard broker={broker} propertyTitle={p.title} /> : null}
          <div className="scroll-mt-20 rounded-[var(--radius-card)] border border-slate-200 bg-white p-5 shadow-[var(--shadow-card)]">
            <LeadForm lastResult={lastResult} propertyId={p.id} propertyTitle={p.title} brokerId={broker?.id ?? null} heading="Gostou deste imóvel? Fale com a gente" />
          </div>
        </aside>
      </div>

      {similar.length ? (
        <Section id="similar-heading" title="Imóveis semelhantes" className="container-page mt-14" headingClassName={SECTION_HEADING_LARGE}>
          <ul className="mt-5 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {similar.map((s) => (
              <li key={s.id}>
                <PropertyCard property={s} />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {/* On a phone the form is far down: a bar to reach it, or to chat on WhatsApp with the
          referring broker (or the agency), the listing's link in the text. */}
      <div className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[var(--shadow-overlay)] backdrop-blur md:hidden" data-testid="contact-bar">
        <div className="flex gap-3">
          <a href="#lead-form" className={buttonClass("accent", "md", "flex-1 whitespace-nowrap")}>
            Enviar mensagem
          </a>
          <a
            href={whatsappLink(broker?.phone || AGENCY.whatsapp, `Olá! Tenho interesse no imóvel "${p.title}": ${shareUrl}`)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass("secondary", "md", "flex-1 text-success-700")}
          >
            WhatsApp
          </a>
        </div>
      </div>
    </main>
  );
}

function ChipList({ id, title, items }: { id: string; title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <Section id={`${id}-heading`} title={title}>
      <ul className="mt-3 flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item} className="rounded-full border border-slate-200 bg-white px-3 py-1 text-sm text-slate-800">
            {item}
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={NOT_FOUND} />;
}

/** Lets a refused post carry its Retry-After (429) to the browser. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => (actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders);
