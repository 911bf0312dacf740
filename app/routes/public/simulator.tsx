import { Link, useActionData, useLoaderData } from "react-router";
import { FinancingResultPanel } from "~/components/public/financing-result";
import { LeadFormCard } from "~/components/public/lead-form";
import { Alert, Button, Card, Field, Input, CardTitle } from "~/components/ui";
import { FINANCING_LIMITS } from "~/modules/financing/financing";
import type { SimulatorField } from "~/modules/financing/financing-form";
import { loadSimulator, simulatorLeadAction } from "~/modules/financing/simulator.server";
import { useRef_, withRef } from "~/modules/leads/referral";
import { config } from "~/modules/platform/config.server";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/simulator";

const TITLE = "Simulador de financiamento | Lar Imóveis";
const DESCRIPTION = "Simule o financiamento do seu imóvel pelos sistemas SAC e Price: parcelas, total pago, juros e a renda necessária.";

/** /simulador (issue 28): a GET form, so every result has a shareable URL. */
export async function loader({ request }: Route.LoaderArgs) {
  return { ...(await loadSimulator(new URL(request.url))), canonical: `${config().publicUrl}/simulador` };
}

export async function action({ request }: Route.ActionArgs) {
  return simulatorLeadAction(request);
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? seoMeta({ title: TITLE, description: DESCRIPTION, canonical: loaderData.canonical }) : [{ title: TITLE }];

const FIELDS: { name: SimulatorField; label: string; hint?: string; inputMode: "decimal" | "numeric"; prefix?: string; suffix?: string }[] = [
  { name: "preco", label: "Valor do imóvel", inputMode: "decimal", prefix: "R$" },
  { name: "entrada", label: "Entrada (recursos próprios)", inputMode: "decimal", prefix: "R$" },
  { name: "fgts", label: "FGTS usado na entrada", hint: "Somado à entrada.", inputMode: "decimal", prefix: "R$" },
  { name: "prazo", label: "Prazo", hint: `De ${FINANCING_LIMITS.termMin} a ${FINANCING_LIMITS.termMax} meses (35 anos).`, inputMode: "numeric", suffix: "meses" },
  { name: "juros", label: "Taxa de juros efetiva", hint: "Ao ano, por exemplo 11,5.", inputMode: "decimal", suffix: "% a.a." },
  { name: "renda", label: "Renda mensal (opcional)", hint: "Para comparar com a renda necessária.", inputMode: "decimal", prefix: "R$" },
];

export default function SimulatorPage() {
  const { query, result, property } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const ref = useRef_();
  const errors = query.status === "error" ? query.errors : {};
  const errorCount = Object.keys(errors).length;

  return (
    <main id="main">
      <section className="bg-brand-800 text-white">
        <div className="container-page py-10 sm:py-12">
          <p className="text-sm font-semibold uppercase tracking-wide text-accent-100">Financiamento</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Simulador de financiamento</h1>
          <p className="mt-3 max-w-2xl text-brand-100">Compare as parcelas pelos sistemas SAC e Price e descubra a renda necessária antes de visitar o imóvel.</p>
        </div>
      </section>

      <div className="container-page grid gap-8 py-10 lg:grid-cols-5">
        <Card as="section" className="h-fit p-6 lg:col-span-2">
          <CardTitle>Dados do financiamento</CardTitle>
          {property ? (
            <p className="mt-1 text-sm text-slate-700">
              Imóvel:{" "}
              <Link to={withRef(property.path, ref)} className="font-medium text-brand-700 underline">
                {property.title}
              </Link>
            </p>
          ) : null}
          <form method="get" action="/simulador" noValidate data-simulator="" className="mt-4 space-y-4" aria-describedby={errorCount ? "sim-errors" : undefined}>
            {errorCount ? (
              <p id="sim-errors" className="sr-only">
                Corrija os campos indicados.
              </p>
            ) : null}
            {FIELDS.map((f) => (
              <Field key={f.name} label={f.label} htmlFor={`sim-${f.name}`} error={errors[f.name]} hint={f.hint}>
                <div className="relative">
                  {f.prefix ? <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-500">{f.prefix}</span> : null}
                  <Input
                    id={`sim-${f.name}`}
                    name={f.name}
                    type="text"
                    inputMode={f.inputMode}
                    defaultValue={query.values[f.name]}
                    maxLength={20}
                    autoComplete="off"
                    aria-invalid={errors[f.name] ? true : undefined}
                    aria-describedby={errors[f.name] ? `sim-${f.name}-error` : undefined}
                    className={f.prefix ? "pl-10" : f.suffix ? "pr-20" : undefined}
                  />
                  {f.suffix ? <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-slate-500">{f.suffix}</span> : null}
                </div>
              </Field>
            ))}
            {query.propertyId ? <input type="hidden" name="imovel" value={query.propertyId} /> : null}
            {ref ? <input type="hidden" name="ref" value={ref} /> : null}
            <Button type="submit" variant="primary" size="lg" className="w-full">
              Simular
            </Button>
          </form>
        </Card>

        <div className="space-y-8 lg:col-span-3">
          {query.status === "error" ? <Alert tone="danger">Corrija os campos indicados para ver a simulação.</Alert> : null}
          <FinancingResultPanel result={result} />
          {result ? (
            <LeadFormCard
              lastResult={lastResult}
              brokerId={ref}
              heading="Quero uma simulação com o corretor"
              defaultMessage="Olá! Gostaria de uma simulação de financiamento com as condições dos bancos para este valor."
              note="Os valores desta simulação vão junto com a sua mensagem."
            />
          ) : null}
        </div>
      </div>
    </main>
  );
}

/** Lets a refused post carry its Retry-After (429) to the browser. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => (actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders);
