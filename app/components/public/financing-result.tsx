import { Alert, cx } from "~/components/ui";
import { FINANCING_LIMITS, formatPercent, type FinancingResult, type ScheduleSummary } from "~/modules/financing/financing";
import { formatBRL } from "~/utils/format";

const dash = "—";
const money = (v: number | undefined) => (v === undefined ? dash : formatBRL(v));

/**
 * The simulator's figures for SAC and Price. Every figure carries a
 * data-sim key so the enhancement (app/enhance/simulator.ts) can recompute it
 * as the visitor types; without JavaScript the server's figures are final.
 */
export function FinancingResultPanel({ result }: { result: FinancingResult | null }) {
  return (
    <section aria-labelledby="resultado-titulo" aria-live="polite" data-sim-result="" className="space-y-4">
      <h2 id="resultado-titulo" className="text-lg font-semibold text-slate-900">
        Resultado da simulação
      </h2>
      <div className="grid gap-3 rounded-[var(--radius-card)] border border-slate-200 bg-slate-50 p-4 text-sm sm:grid-cols-3">
        <Figure label="Valor financiado" sim="financed" value={money(result?.financed)} />
        <Figure label="Entrada total (com FGTS)" sim="totalDownPayment" value={money(result?.totalDownPayment)} />
        <Figure label="Parte financiada" sim="financedShare" value={result ? formatPercent(result.financedShare, 1) : dash} />
      </div>
      <div data-sim-warning="" hidden={!result?.highShare}>
        <Alert tone="warning" title="Financiamento acima de 80% do valor do imóvel">
          A maioria dos bancos financia até 80% do valor. Considere uma entrada maior ou fale com um corretor sobre as alternativas.
        </Alert>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <System id="sac" title="SAC" subtitle="Parcelas decrescentes: a amortização é fixa e os juros caem a cada mês." summary={result?.sac} />
        <System id="price" title="Price (Tabela Price)" subtitle="Parcelas fixas: o mesmo valor do primeiro ao último mês." summary={result?.price} />
      </div>
      <p className="text-xs text-slate-600">
        Taxa de juros efetiva ao ano; a taxa mensal é a equivalente, (1 + taxa anual)<sup>1/12</sup> − 1
        {result ? (
          <>
            {" "}
            = <span data-sim="monthlyRate">{formatPercent(result.monthlyRate, 4)}</span> ao mês
          </>
        ) : null}
        . A renda necessária considera a primeira parcela em até {FINANCING_LIMITS.commitment * 100}% da renda. Valores estimados, sem seguros (MIP e DFI), taxas
        administrativas e correção pela TR; a aprovação e as condições finais dependem do banco.
      </p>
    </section>
  );
}

function Figure({ label, sim, value }: { label: string; sim: string; value: string }) {
  return (
    <div>
      <p className="text-slate-600">{label}</p>
      <p className="text-base font-semibold text-slate-900" data-sim={sim}>
        {value}
      </p>
    </div>
  );
}

function System({ id, title, subtitle, summary }: { id: "sac" | "price"; title: string; subtitle: string; summary: ScheduleSummary | undefined }) {
  const rows: [string, keyof ScheduleSummary, string][] = [
    [id === "price" ? "Parcela (fixa)" : "Primeira parcela", "firstInstalment", money(summary?.firstInstalment)],
    ["Última parcela", "lastInstalment", money(summary?.lastInstalment)],
    ["Total pago", "totalPaid", money(summary?.totalPaid)],
    ["Total de juros", "totalInterest", money(summary?.totalInterest)],
    ["Renda necessária (30%)", "incomeNeeded", money(summary?.incomeNeeded)],
  ];
  return (
    <div className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-5 shadow-[var(--shadow-card)]">
      <h3 className="text-base font-semibold text-brand-800">{title}</h3>
      <p className="mt-1 text-xs text-slate-600">{subtitle}</p>
      <p className="mt-3 text-2xl font-bold text-slate-900" data-sim={`${id}.firstInstalment`}>
        {money(summary?.firstInstalment)}
      </p>
      <p className="text-xs text-slate-600">{id === "price" ? "por mês" : "no primeiro mês"}</p>
      <dl className="mt-3 space-y-1.5 border-t border-slate-100 pt-3 text-sm">
        {rows.slice(1).map(([label, key, value]) => (
          <div key={key} className="flex justify-between gap-3">
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-right font-medium text-slate-900" data-sim={`${id}.${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p
        className={cx("mt-3 text-sm font-medium", summary?.incomeFits ? "text-success-700" : "text-danger-700")}
        data-sim-fits={id}
        hidden={summary?.incomeFits == null}
      >
        {summary?.incomeFits ? "Sua renda comporta a primeira parcela." : "Sua renda fica abaixo da necessária para a primeira parcela."}
      </p>
    </div>
  );
}
