import { z } from "zod";
import { amount } from "~/utils/form-fields";
import { parseRecordId } from "~/utils/query-schema";
import { formatBRL, parseDecimal } from "~/utils/format";
import { FINANCING_LIMITS, formatPercent, type FinancingInput, type FinancingResult } from "./financing";

/**
 * The /simulador form (a GET form: a result has a shareable URL). The query
 * keys are the page's pt-BR words. Browser-safe; the enhancement module does
 * NOT import it (zod would break the public pages' JavaScript budget): it
 * reads the fields with parseDecimal and runs financing.ts directly.
 */
export const SIMULATOR_FIELDS = ["preco", "entrada", "fgts", "prazo", "juros", "renda"] as const;
export type SimulatorField = (typeof SIMULATOR_FIELDS)[number];
export type SimulatorValues = Record<SimulatorField, string>;

/** What the form shows before the visitor types (the rate is a typical market rate, editable). */
export const SIMULATOR_DEFAULTS = { prazo: "360", juros: "11,5", downPaymentShare: 0.2 } as const;

export const SIMULATOR_MESSAGES = {
  price: "Informe o valor do imóvel (até R$ 1 bilhão)",
  pricePositive: "O valor do imóvel deve ser maior que zero",
  money: "Informe um valor em reais, por exemplo 80.000",
  term: `Informe um prazo de ${FINANCING_LIMITS.termMin} a ${FINANCING_LIMITS.termMax} meses`,
  rate: `Informe uma taxa de 0 a ${FINANCING_LIMITS.rateMax}% ao ano, por exemplo 11,5`,
  downPaymentTooHigh: "A entrada (somada ao FGTS) deve ser menor que o valor do imóvel",
} as const;

const money = (message: string = SIMULATOR_MESSAGES.money) => amount({ max: FINANCING_LIMITS.priceMax, message }).optional();

export const simulatorSchema = z
  .object({
    preco: amount({ max: FINANCING_LIMITS.priceMax, message: SIMULATOR_MESSAGES.price }).refine((v) => v > 0, SIMULATOR_MESSAGES.pricePositive),
    entrada: money(),
    fgts: money(),
    prazo: z
      .string()
      .trim()
      .refine((v) => /^\d{1,3}$/.test(v) && Number(v) >= FINANCING_LIMITS.termMin && Number(v) <= FINANCING_LIMITS.termMax, SIMULATOR_MESSAGES.term)
      .transform(Number),
    juros: amount({ max: FINANCING_LIMITS.rateMax, message: SIMULATOR_MESSAGES.rate }),
    renda: money(),
  })
  .superRefine((v, ctx) => {
    if ((v.entrada ?? 0) + (v.fgts ?? 0) >= v.preco) ctx.addIssue({ code: "custom", path: ["entrada"], message: SIMULATOR_MESSAGES.downPaymentTooHigh });
  });

export type SimulatorParse =
  | { status: "empty"; values: SimulatorValues; propertyId: number | null }
  | { status: "error"; values: SimulatorValues; errors: Partial<Record<SimulatorField, string>>; propertyId: number | null }
  | { status: "ok"; values: SimulatorValues; input: FinancingInput; propertyId: number | null };

const text = (params: URLSearchParams, key: string) => (params.get(key) ?? "").slice(0, 40);

/**
 * Reads the simulator's query. Nothing typed: the empty form with defaults.
 * Only a price (the property page's link): the defaults fill the rest
 * (20% down, 360 months, the typical rate) and the result is computed.
 */
export function readSimulatorQuery(params: URLSearchParams): SimulatorParse {
  const propertyId = parseRecordId(params.get("imovel"));
  const values = Object.fromEntries(SIMULATOR_FIELDS.map((f) => [f, text(params, f)])) as SimulatorValues;
  const typed = SIMULATOR_FIELDS.some((f) => values[f].trim() !== "");
  if (!typed) return { status: "empty", values: { ...values, prazo: SIMULATOR_DEFAULTS.prazo, juros: SIMULATOR_DEFAULTS.juros }, propertyId };
  if (!params.has("prazo") && !params.has("juros")) {
    values.prazo = SIMULATOR_DEFAULTS.prazo;
    values.juros = SIMULATOR_DEFAULTS.juros;
    if (!params.has("entrada")) values.entrada = suggestedDownPayment(values.preco);
  }
  // Conform's convention: an empty field is a missing one
  const raw = Object.fromEntries(SIMULATOR_FIELDS.flatMap((f) => (values[f].trim() === "" ? [] : [[f, values[f]]])));
  const parsed = simulatorSchema.safeParse(raw);
  if (!parsed.success) {
    const errors: Partial<Record<SimulatorField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as SimulatorField;
      errors[field] ??= issue.message;
    }
    return { status: "error", values, errors, propertyId };
  }
  const v = parsed.data;
  return {
    status: "ok",
    values,
    propertyId,
    input: { price: v.preco, downPayment: v.entrada ?? 0, fgts: v.fgts ?? 0, termMonths: v.prazo, annualRatePercent: v.juros, monthlyIncome: v.renda ?? null },
  };
}

/** 20% of a typed price, written the Brazilian way ("80.000"), or "". */
export function suggestedDownPayment(price: string): string {
  const n = parseDecimal(price);
  return n !== null && n > 0 ? Math.round(n * SIMULATOR_DEFAULTS.downPaymentShare).toLocaleString("pt-BR") : "";
}

/** The simulation in words, for the lead the visitor sends to a broker ('Quero uma simulação com o corretor'). */
export function describeSimulation(input: FinancingInput, r: FinancingResult): string {
  const lines = [
    "Simulação de financiamento (simulador do site):",
    `Valor do imóvel: ${formatBRL(input.price)}`,
    `Entrada: ${formatBRL(input.downPayment)}${input.fgts > 0 ? ` + FGTS ${formatBRL(input.fgts)}` : ""} (total ${formatBRL(r.totalDownPayment)})`,
    `Valor financiado: ${formatBRL(r.financed)} (${formatPercent(r.financedShare, 1)} do imóvel)`,
    `Prazo: ${input.termMonths} meses · Juros: ${input.annualRatePercent.toLocaleString("pt-BR")}% a.a. efetivos (${formatPercent(r.monthlyRate, 4)} a.m.)`,
    `SAC: 1ª parcela ${formatBRL(r.sac.firstInstalment)}, última ${formatBRL(r.sac.lastInstalment)}, total ${formatBRL(r.sac.totalPaid)}`,
    `Price: parcela ${formatBRL(r.price.firstInstalment)}, total ${formatBRL(r.price.totalPaid)}`,
  ];
  if (input.monthlyIncome) lines.push(`Renda mensal informada: ${formatBRL(input.monthlyIncome)}`);
  return lines.join("\n");
}
