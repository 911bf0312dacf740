import type { ReactNode } from "react";
import { Link, useActionData, useLoaderData } from "react-router";
import { Breadcrumb } from "~/components/public/breadcrumb";
import { LeadFormCard } from "~/components/public/lead-form";
import { Alert, buttonClass } from "~/components/ui";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { compareLeadAction, loadComparison, type CompareColumn } from "~/modules/favourites/compare.server";
import { useRef_, withRef } from "~/modules/leads/referral";
import type { Route } from "./+types/compare";

/** /comparar?ids=1,2,3 (issue 28): 2 to 4 properties side by side, one lead naming them all. */
export async function loader({ request }: Route.LoaderArgs) {
  return loadComparison(new URL(request.url).searchParams);
}

export async function action({ request }: Route.ActionArgs) {
  return compareLeadAction(request);
}

export const meta: Route.MetaFunction = () => [{ title: "Comparar imóveis | Lar Imóveis" }, { name: "robots", content: "noindex" }];

const ROWS: { label: string; value: (c: CompareColumn) => ReactNode }[] = [
  { label: "Preço", value: (c) => <span className="font-semibold text-brand-800">{c.price}</span> },
  { label: "Preço por m²", value: (c) => c.pricePerArea },
  { label: "Área", value: (c) => c.area },
  { label: "Quartos", value: (c) => c.bedrooms },
  { label: "Suítes", value: (c) => c.suites },
  { label: "Vagas", value: (c) => c.parkingSpots },
  { label: "Condomínio", value: (c) => c.condoFee },
  { label: "IPTU", value: (c) => c.iptu },
  { label: "Bairro", value: (c) => c.place || "—" },
];

/** A property's photo, title (its link) and, when it is gone, why: the table's column head and the phone card's top. */
function ColumnHead({ column: c, refCode }: { column: CompareColumn; refCode: string | null }) {
  return (
    <>
      <div className="aspect-[4/3] w-full overflow-hidden rounded-md bg-slate-100">
        <ResponsiveImage src={c.image} alt="" sizes="(min-width: 640px) 240px, 100vw" className="size-full object-cover" />
      </div>
      <Link to={withRef(c.path, refCode)} className="mt-2 block font-semibold text-slate-900 [overflow-wrap:anywhere] hover:text-brand-700 hover:underline">
        {c.title}
      </Link>
      {!c.available ? <p className="mt-1 text-xs font-medium text-warning-700">{c.statusLabel}: não está mais disponível</p> : null}
    </>
  );
}

function FeatureMark({ has }: { has: boolean }) {
  return has ? (
    <span className="font-semibold text-success-700">
      <span aria-hidden="true">✓</span> <span className="sr-only">Sim</span>
    </span>
  ) : (
    <span className="text-slate-400">
      <span aria-hidden="true">–</span> <span className="sr-only">Não</span>
    </span>
  );
}

export default function ComparePage() {
  const loaded = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const ref = useRef_();

  return (
    <main id="main" className="container-page py-8 sm:py-10">
      <Breadcrumb links={[{ label: "Meus favoritos", to: "/favoritos" }]} current="Comparar" refCode={ref} />
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Comparar imóveis</h1>

      {!loaded.ok ? (
        <div className="mt-6 max-w-2xl space-y-4">
          <Alert tone="warning">{loaded.message}</Alert>
          <Link to={withRef("/favoritos", ref)} className={buttonClass("primary")}>
            Voltar aos favoritos
          </Link>
        </div>
      ) : (
        <>
          <div className="relative mt-6 hidden overflow-x-auto rounded-[var(--radius-card)] border border-slate-200 bg-white shadow-[var(--shadow-card)] sm:block" tabIndex={0} role="region" aria-label="Tabela de comparação">
            <table className="w-full min-w-[36rem] table-fixed border-collapse text-sm">
              <caption className="sr-only">Comparação de {loaded.columns.length} imóveis</caption>
              <thead>
                <tr>
                  <td className="w-40 border-b border-slate-200 bg-slate-50 p-3" />
                  {loaded.columns.map((c) => (
                    <th key={c.id} scope="col" className="border-b border-l border-slate-200 p-3 text-left align-top font-normal">
                      <ColumnHead column={c} refCode={ref} />
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {ROWS.map((row) => (
                  <tr key={row.label} className="even:bg-slate-50/60">
                    <th scope="row" className="border-b border-slate-200 p-3 text-left font-medium text-slate-600">
                      {row.label}
                    </th>
                    {loaded.columns.map((c) => (
                      <td key={c.id} className="border-b border-l border-slate-200 p-3 text-slate-900 [overflow-wrap:anywhere]">
                        {row.value(c)}
                      </td>
                    ))}
                  </tr>
                ))}
                {loaded.features.map((feature) => (
                  <tr key={feature} className="even:bg-slate-50/60">
                    <th scope="row" className="border-b border-slate-200 p-3 text-left font-medium text-slate-600 [overflow-wrap:anywhere]">
                      {feature}
                    </th>
                    {loaded.columns.map((c) => (
                      <td key={c.id} className="border-b border-l border-slate-200 p-3">
                        <FeatureMark has={c.features.includes(feature)} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          {/* on a phone each property is a card with the same rows, one under the other: nothing scrolls sideways (docs/decisions.md) */}
          <ul className="mt-6 space-y-4 sm:hidden" aria-label={`Comparação de ${loaded.columns.length} imóveis`}>
            {loaded.columns.map((c) => (
              <li key={c.id} className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 shadow-[var(--shadow-card)]">
                <ColumnHead column={c} refCode={ref} />
                <dl className="mt-3 divide-y divide-slate-200 border-t border-slate-200 text-sm">
                  {ROWS.map((row) => (
                    <div key={row.label} className="flex justify-between gap-4 py-2">
                      <dt className="font-medium text-slate-600">{row.label}</dt>
                      <dd className="text-right text-slate-900 [overflow-wrap:anywhere]">{row.value(c)}</dd>
                    </div>
                  ))}
                  {loaded.features.map((feature) => (
                    <div key={feature} className="flex justify-between gap-4 py-2">
                      <dt className="font-medium text-slate-600 [overflow-wrap:anywhere]">{feature}</dt>
                      <dd>
                        <FeatureMark has={c.features.includes(feature)} />
                      </dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>

          <LeadFormCard
            className="mt-8 max-w-2xl"
            lastResult={lastResult}
            brokerId={ref}
            heading="Fale com um corretor sobre estes imóveis"
            defaultMessage="Olá! Estou comparando estes imóveis e gostaria de mais informações para decidir."
            note={`A sua mensagem vai com a lista dos ${loaded.columns.length} imóveis comparados.`}
          />
        </>
      )}
    </main>
  );
}

/** Lets a refused post carry its Retry-After (429) to the browser. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => (actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders);
