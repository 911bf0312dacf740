import { Button } from "~/components/ui";
import { simulateFinancing } from "~/modules/financing/financing";
import { SIMULATOR_DEFAULTS, suggestedDownPayment } from "~/modules/financing/financing-form";
import { formatBRL, parseDecimal } from "~/utils/format";

/**
 * The property page's compact simulator (issue 28): the price is the
 * property's, the visitor sets the down payment and the term, and the GET
 * form opens /simulador with the full result (and the property's id, so
 * the 'simulação com o corretor' lead is attached to it).
 */
export function FinancingTeaser({ propertyId, price, refCode }: { propertyId: number; price: number; refCode: string | null }) {
  const priceText = price.toLocaleString("pt-BR", { maximumFractionDigits: 2 });
  const entrada = suggestedDownPayment(priceText);
  const estimate = simulateFinancing({
    price,
    downPayment: parseDecimal(entrada) ?? 0,
    fgts: 0,
    termMonths: Number(SIMULATOR_DEFAULTS.prazo),
    annualRatePercent: parseDecimal(SIMULATOR_DEFAULTS.juros) ?? 0,
  });
  return (
    <section aria-labelledby="simulador-titulo" className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-5 shadow-[var(--shadow-card)]" data-testid="financing-teaser">
      <h2 id="simulador-titulo" className="text-base font-semibold text-slate-900">
        Simule o financiamento
      </h2>
      {estimate.ok ? (
        <p className="mt-1 text-sm text-slate-700">
          Parcelas a partir de <strong className="text-brand-800">{formatBRL(estimate.result.price.firstInstalment)}</strong>/mês (Price, 20% de entrada,{" "}
          {SIMULATOR_DEFAULTS.prazo} meses, {SIMULATOR_DEFAULTS.juros}% a.a.).
        </p>
      ) : null}
      <form method="get" action="/simulador" className="mt-3 grid grid-cols-2 gap-3">
        <input type="hidden" name="preco" value={priceText} />
        <input type="hidden" name="imovel" value={propertyId} />
        <input type="hidden" name="juros" value={SIMULATOR_DEFAULTS.juros} />
        {refCode ? <input type="hidden" name="ref" value={refCode} /> : null}
        <label className="text-xs font-medium text-slate-700">
          Entrada (R$)
          <input name="entrada" defaultValue={entrada} inputMode="decimal" maxLength={20} className="mt-1 block h-10 w-full rounded-lg border border-slate-300 px-3 text-sm text-slate-900" />
        </label>
        <label className="text-xs font-medium text-slate-700">
          Prazo (meses)
          <input name="prazo" defaultValue={SIMULATOR_DEFAULTS.prazo} inputMode="numeric" maxLength={3} className="mt-1 block h-10 w-full rounded-lg border border-slate-300 px-3 text-sm text-slate-900" />
        </label>
        <Button type="submit" variant="secondary" className="col-span-2">
          Simular financiamento
        </Button>
      </form>
    </section>
  );
}
