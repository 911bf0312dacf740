import { formatPercent, simulateFinancing, type FinancingResult } from "~/modules/financing/financing";
import { formatBRL, parseDecimal } from "~/utils/format";

/**
 * /simulador recomputes as the visitor types (issue 28), with the same
 * maths module as the server; the GET form still gives the shareable URL
 * and the server's messages. Incomplete or invalid input leaves the last
 * figures in place.
 */
export function enhanceSimulator(form: HTMLFormElement): void {
  const panel = document.querySelector<HTMLElement>("[data-sim-result]");
  if (!panel) return;
  const read = (name: string) => {
    const input = form.elements.namedItem(name) as HTMLInputElement | null;
    const text = input?.value.trim() ?? "";
    return text === "" ? 0 : parseDecimal(text);
  };
  const update = () => {
    const term = (form.elements.namedItem("prazo") as HTMLInputElement | null)?.value.trim() ?? "";
    const values = { price: read("preco"), downPayment: read("entrada"), fgts: read("fgts"), rate: read("juros"), income: read("renda") };
    if (Object.values(values).some((v) => v === null) || !/^\d{1,3}$/.test(term)) return;
    const sim = simulateFinancing({
      price: values.price!,
      downPayment: values.downPayment!,
      fgts: values.fgts!,
      termMonths: Number(term),
      annualRatePercent: values.rate!,
      monthlyIncome: values.income || null,
    });
    if (sim.ok) render(panel, sim.result);
  };
  form.addEventListener("input", update);
}

function render(panel: HTMLElement, r: FinancingResult): void {
  const text: Record<string, string> = {
    financed: formatBRL(r.financed),
    totalDownPayment: formatBRL(r.totalDownPayment),
    financedShare: formatPercent(r.financedShare, 1),
    monthlyRate: formatPercent(r.monthlyRate, 4),
  };
  for (const system of ["sac", "price"] as const) {
    for (const [key, value] of Object.entries(r[system])) if (typeof value === "number") text[`${system}.${key}`] = formatBRL(value);
    const fits = panel.querySelector<HTMLElement>(`[data-sim-fits="${system}"]`);
    if (fits) {
      const ok = r[system].incomeFits;
      fits.hidden = ok === null;
      fits.textContent = ok ? "Sua renda comporta a primeira parcela." : "Sua renda fica abaixo da necessária para a primeira parcela.";
      fits.classList.toggle("text-success-700", ok === true);
      fits.classList.toggle("text-danger-700", ok !== true);
    }
  }
  for (const element of panel.querySelectorAll<HTMLElement>("[data-sim]")) {
    const value = text[element.dataset.sim ?? ""];
    if (value !== undefined) element.textContent = value;
  }
  const warning = panel.querySelector<HTMLElement>("[data-sim-warning]");
  if (warning) warning.hidden = !r.highShare;
}
