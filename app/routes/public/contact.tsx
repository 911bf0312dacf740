import type { ReactNode } from "react";
import { useActionData, useLoaderData } from "react-router";
import { LeadForm } from "~/components/public/lead-form";
import { Card, buttonClass, CardTitle } from "~/components/ui";
import { config } from "~/modules/platform/config.server";
import { leadFormAction } from "~/modules/leads/lead-form.server";
import { AGENCY, fullAddress } from "~/modules/platform/agency";
import { whatsappLink } from "~/utils/phone";
import { parseRef, useRef_ } from "~/modules/leads/referral";
import { findRefBroker } from "~/modules/catalogue/property-reads.server";
import { BrokerCard } from "~/components/public/broker-card";
import type { Route } from "./+types/contact";
import { seoMeta } from "~/utils/seo";
import { Section } from "~/components/ui/section";

const TITLE = "Contato | Lar Imóveis";
const DESCRIPTION =
  "Fale com a Lar Imóveis: telefones, WhatsApp, e-mail, endereço na Avenida Paulista e horário de atendimento. Envie sua mensagem e retornamos em breve.";

export async function loader({ request }: Route.LoaderArgs) {
  const ref = parseRef(new URL(request.url).searchParams.get("ref"));
  return { canonical: `${config().publicUrl}/contato`, broker: await findRefBroker(ref) };
}

export async function action({ request }: Route.ActionArgs) {
  return leadFormAction(request, { propertyId: null });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? seoMeta({ title: TITLE, description: DESCRIPTION, canonical: loaderData.canonical }) : [{ title: TITLE }];

/** The office on the map (Avenida Paulista, 1000). */
const MAP = { lat: -23.5645, lon: -46.6527 };
const MAP_LINK = `https://www.openstreetmap.org/?mlat=${MAP.lat}&mlon=${MAP.lon}#map=17/${MAP.lat}/${MAP.lon}`;
const bbox = [MAP.lon - 0.006, MAP.lat - 0.004, MAP.lon + 0.006, MAP.lat + 0.004].map((n) => n.toFixed(4)).join("%2C");
const MAP_EMBED = `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${MAP.lat}%2C${MAP.lon}`;

const FAQ = [
  {
    q: "Como agendo uma visita a um imóvel?",
    a: "Envie uma mensagem pelo formulário desta página ou pela página do imóvel, ou fale conosco pelo WhatsApp. Um corretor confirma com você o melhor dia e horário, inclusive aos sábados pela manhã.",
  },
  {
    q: "Vocês ajudam com o financiamento imobiliário?",
    a: "Sim. Simulamos as condições nos principais bancos, orientamos sobre o uso do FGTS e acompanhamos a análise de crédito até a assinatura do contrato, sem custo adicional para você.",
  },
  {
    q: "Quais documentos preciso para alugar um imóvel?",
    a: "Em geral, documento de identidade com foto, CPF, comprovante de renda e comprovante de residência. As garantias aceitas (fiador, seguro-fiança ou caução) variam de imóvel para imóvel; nosso time informa tudo antes da proposta.",
  },
  {
    q: "Posso anunciar meu imóvel com a Lar Imóveis?",
    a: "Pode, sim. Fazemos a avaliação gratuita, produzimos as fotos e divulgamos o anúncio no nosso site e nos principais portais. Conte-nos sobre o imóvel pelo formulário e entraremos em contato.",
  },
];

/** One item of the 'Atendimento' card: what it is, then the details. */
function ContactItem({ term, className = "mt-1 text-slate-700", children }: { term: string; className?: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-slate-900">{term}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

export default function ContactPage() {
  const { broker } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const ref = useRef_();
  const a = AGENCY.address;

  return (
    <main id="main">
      <section className="bg-brand-800 text-white">
        <div className="container-page py-12 sm:py-16">
          <p className="text-sm font-semibold uppercase tracking-wide text-accent-100">Contato</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Fale conosco</h1>
          <p className="mt-3 max-w-2xl text-brand-100">
            Quer comprar, vender ou alugar? Tire suas dúvidas com a nossa equipe pelo telefone, WhatsApp, e-mail ou pelo formulário abaixo.
          </p>
        </div>
      </section>

      <div className="container-page grid gap-8 py-10 lg:grid-cols-5">
        <div className="space-y-6 lg:col-span-2">
          <Card className="p-6">
            <CardTitle>Atendimento</CardTitle>
            <dl className="mt-4 space-y-4 text-sm">
              <ContactItem term="Telefones" className="mt-1 space-y-1 text-slate-700">
                <p>
                  Fixo:{" "}
                  <a className="text-brand-700 hover:underline" href={`tel:+55${AGENCY.phoneDigits}`}>
                    {AGENCY.phone}
                  </a>
                </p>
                <p>
                  WhatsApp:{" "}
                  <a className="text-brand-700 hover:underline" href={whatsappLink(AGENCY.whatsapp)} target="_blank" rel="noopener noreferrer">
                    {AGENCY.whatsapp}
                  </a>
                </p>
              </ContactItem>
              <ContactItem term="E-mail" className="mt-1">
                <a className="text-brand-700 hover:underline" href={`mailto:${AGENCY.email}`}>
                  {AGENCY.email}
                </a>
              </ContactItem>
              <ContactItem term="Endereço">
                <address className="not-italic">
                  {a.street}
                  <br />
                  {a.neighborhood}, {a.city} - {a.state}
                  <br />
                  CEP {a.postalCode}
                </address>
              </ContactItem>
              <ContactItem term="Horário de atendimento">
                <ul>
                  {AGENCY.hours.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </ContactItem>
              <ContactItem term="Dados da empresa">
                <p>{AGENCY.legalName}</p>
                <p>CNPJ {AGENCY.cnpj}</p>
                <p>{AGENCY.creci}</p>
              </ContactItem>
            </dl>
          </Card>

          <Card className="p-6">
            <CardTitle>Redes sociais</CardTitle>
            <ul className="mt-4 flex flex-wrap gap-2">
              {[
                { label: "Instagram", href: AGENCY.instagram },
                { label: "Facebook", href: AGENCY.facebook },
                { label: "WhatsApp", href: whatsappLink(AGENCY.whatsapp) },
              ].map((social) => (
                <li key={social.label}>
                  <a className={buttonClass("secondary", "sm")} href={social.href} target="_blank" rel="noopener noreferrer">
                    {social.label}
                  </a>
                </li>
              ))}
            </ul>
          </Card>
        </div>

        <Card as="section" className="p-6 sm:p-8 lg:col-span-3">
          {broker ? <BrokerCard broker={broker} className="mb-6" /> : null}
          <LeadForm lastResult={lastResult} brokerId={ref} heading="Envie sua mensagem" />
        </Card>
      </div>

      <Section id="mapa-titulo" title="Como chegar" className="container-page">
        <p className="mt-1 text-sm text-slate-600">{fullAddress()}</p>
        <LazyMap />
      </Section>

      <Section id="faq-titulo" title="Perguntas frequentes" className="container-page mt-12">
        <div className="mt-4 divide-y divide-slate-200 rounded-[var(--radius-card)] border border-slate-200 bg-white">
          {FAQ.map((item) => (
            <details key={item.q} className="group px-5 py-4">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium text-slate-900">
                {item.q}
                <span aria-hidden="true" className="text-xl leading-none text-brand-700 transition-transform group-open:rotate-45">
                  +
                </span>
              </summary>
              <p className="mt-3 text-sm leading-relaxed text-slate-700">{item.a}</p>
            </details>
          ))}
        </div>
      </Section>
    </main>
  );
}

/**
 * The map costs a third-party page load, so it is inserted only when the
 * visitor scrolls near it or asks for it (app/enhance/small.ts). Without
 * JavaScript the button is a plain link that opens the map in a new tab.
 */
function LazyMap() {
  return (
    <div className="mt-4 overflow-hidden rounded-[var(--radius-card)] border border-slate-200 bg-slate-100" data-lazy-map="" data-map-src={MAP_EMBED} data-map-title={`Mapa: ${AGENCY.name}, ${AGENCY.mapQuery}`}>
      <div className="flex h-80 flex-col items-center justify-center gap-3 p-6 text-center" data-map-placeholder="">
        <p className="text-sm text-slate-600">Veja a localização do nosso escritório no mapa.</p>
        <a href={MAP_LINK} target="_blank" rel="noopener noreferrer" className={buttonClass("primary")} data-map-open="">
          Ver mapa
        </a>
      </div>
      <p className="border-t border-slate-200 bg-white px-4 py-2 text-xs text-slate-600">
        <a href={MAP_LINK} target="_blank" rel="noopener noreferrer" className="text-brand-700 hover:underline">
          Abrir no OpenStreetMap
        </a>
      </p>
    </div>
  );
}

/** Lets a refused post carry its Retry-After (429) to the browser. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => (actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders);
