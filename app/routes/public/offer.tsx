import { useActionData, useLoaderData } from "react-router";
import { BrokerCard } from "~/components/public/broker-card";
import { OfferForm } from "~/components/public/offer-form";
import { Card, StepNumber, CardTitle } from "~/components/ui";
import { findRefBroker } from "~/modules/catalogue/property-reads.server";
import { parseRef, useRef_ } from "~/modules/leads/referral";
import { offerFormAction } from "~/modules/offers/offer-form.server";
import { config } from "~/modules/platform/config.server";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/offer";

const TITLE = "Anuncie seu imóvel | Lar Imóveis";
const DESCRIPTION = "Quer vender ou alugar seu imóvel? Envie os dados e as fotos: a Lar Imóveis faz a avaliação gratuita e divulga no site e nos principais portais.";

/** /anuncie (issue 28): an owner offers a property; it becomes a 'captacao' lead in the CRM. */
export async function loader({ request }: Route.LoaderArgs) {
  const ref = parseRef(new URL(request.url).searchParams.get("ref"));
  return { canonical: `${config().publicUrl}/anuncie`, broker: await findRefBroker(ref) };
}

export async function action({ request }: Route.ActionArgs) {
  return offerFormAction(request);
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? seoMeta({ title: TITLE, description: DESCRIPTION, canonical: loaderData.canonical }) : [{ title: TITLE }];

/** Lets a refused post carry its Retry-After (429) to the browser. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => (actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders);

const STEPS = [
  { title: "Envie os dados", text: "Conte sobre o imóvel e, se quiser, mande algumas fotos. Leva poucos minutos." },
  { title: "Avaliação gratuita", text: "Um corretor liga para você, visita o imóvel e indica o preço certo para o mercado da região." },
  { title: "Divulgação", text: "Com a sua autorização, produzimos as fotos e anunciamos no nosso site e nos principais portais." },
];

const REASONS = [
  "Corretores com CRECI que conhecem o seu bairro",
  "Anúncio no site e nos principais portais imobiliários",
  "Filtro de interessados e visitas acompanhadas",
  "Apoio com documentação, contrato e financiamento",
];

export default function OfferPage() {
  const { broker } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const ref = useRef_();

  return (
    <main id="main">
      <section className="bg-brand-800 text-white">
        <div className="container-page py-12 sm:py-16">
          <p className="text-sm font-semibold uppercase tracking-wide text-accent-100">Proprietário</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Anuncie seu imóvel</h1>
          <p className="mt-3 max-w-2xl text-brand-100">
            Quer vender ou alugar? Envie os dados do imóvel e um corretor da Lar Imóveis entra em contato para uma avaliação gratuita, sem compromisso.
          </p>
        </div>
      </section>

      <div className="container-page grid gap-8 py-10 lg:grid-cols-5">
        <Card as="section" className="p-6 sm:p-8 lg:col-span-3">
          {broker ? <BrokerCard broker={broker} className="mb-6" /> : null}
          <h2 id="offer-heading" className="mb-6 text-xl font-semibold text-slate-900">
            Envie os dados do seu imóvel
          </h2>
          <OfferForm lastResult={lastResult} refCode={ref} />
        </Card>

        <div className="space-y-6 lg:col-span-2">
          <Card as="section" className="p-6">
            <CardTitle id="steps-heading">
              Como funciona
            </CardTitle>
            <ol className="mt-4 space-y-4">
              {STEPS.map((step, i) => (
                <li key={step.title} className="flex gap-3">
                  <StepNumber n={i + 1} tone="brand" />
                  <div>
                    <p className="font-medium text-slate-900">{step.title}</p>
                    <p className="mt-0.5 text-sm text-slate-700">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </Card>
          <Card as="section" className="p-6">
            <CardTitle id="reasons-heading">
              Por que anunciar com a Lar Imóveis
            </CardTitle>
            <ul className="mt-4 space-y-2 text-sm text-slate-700">
              {REASONS.map((reason) => (
                <li key={reason} className="flex gap-2">
                  <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" className="mt-0.5 size-4 shrink-0 text-success-700">
                    <path d="M5 13l4 4L19 7" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                  {reason}
                </li>
              ))}
            </ul>
          </Card>
        </div>
      </div>
    </main>
  );
}
