/**
 * The financing simulator's maths (issue 28): SAC and Price (Tabela Price)
 * for a home loan. Pure and browser-safe: the /simulador page computes on
 * the server, and the enhancement module (app/enhance/simulator.ts) runs the
 * same functions as the visitor types.
 *
 * Rate convention (docs/decisions.md): the annual rate is EFFECTIVE; the
 * monthly rate is its equivalent, (1 + a)^(1/12) − 1, not a/12.
 */

export const FINANCING_LIMITS = {
  termMin: 1,
  termMax: 420,
  /** Above this a price is a typo, not a home (R$ 1 bilhão). */
  priceMax: 1_000_000_000,
  /** % a.a. */
  rateMax: 100,
  /** The income commitment banks accept for the first instalment. */
  commitment: 0.3,
  /** Above this financed share most banks refuse (warned on the page). */
  highShare: 0.8,
} as const;

export type FinancingInput = {
  price: number;
  /** The visitor's own money, without the FGTS. */
  downPayment: number;
  /** FGTS used in the down payment (counted in it). */
  fgts: number;
  termMonths: number;
  /** Effective annual rate in percent (10 = 10% a.a.). */
  annualRatePercent: number;
  monthlyIncome?: number | null;
};

export type ScheduleSummary = {
  firstInstalment: number;
  lastInstalment: number;
  totalPaid: number;
  totalInterest: number;
  /** The monthly income at which the first instalment is 30% of it. */
  incomeNeeded: number;
  /** Whether the informed income covers it (null without an income). */
  incomeFits: boolean | null;
};

export type FinancingResult = {
  financed: number;
  /** Down payment plus FGTS. */
  totalDownPayment: number;
  /** financed / price, 0..1. */
  financedShare: number;
  highShare: boolean;
  monthlyRate: number;
  sac: ScheduleSummary;
  price: ScheduleSummary;
};

export type FinancingError = "downPaymentTooHigh" | "termOutOfRange" | "invalid";

/** The monthly rate equivalent to an effective annual rate given in percent. */
export function monthlyRateFromAnnual(annualRatePercent: number): number {
  return Math.pow(1 + annualRatePercent / 100, 1 / 12) - 1;
}

/** Price (French system): constant instalment. */
export function priceInstalment(principal: number, monthlyRate: number, months: number): number {
  if (monthlyRate === 0) return principal / months;
  return (principal * monthlyRate) / (1 - Math.pow(1 + monthlyRate, -months));
}

/** SAC: constant amortisation; instalment k (1-based) = A + balance before it × i. */
export function sacInstalment(principal: number, monthlyRate: number, months: number, k: number): number {
  const amortisation = principal / months;
  return amortisation + (principal - (k - 1) * amortisation) * monthlyRate;
}

function summary(first: number, last: number, totalPaid: number, principal: number, income: number | null | undefined): ScheduleSummary {
  const incomeNeeded = first / FINANCING_LIMITS.commitment;
  return {
    firstInstalment: first,
    lastInstalment: last,
    totalPaid,
    totalInterest: totalPaid - principal,
    incomeNeeded,
    incomeFits: income != null && income > 0 ? income >= incomeNeeded : null,
  };
}

/** Both systems for one input, or why it cannot be simulated. */
export function simulateFinancing(input: FinancingInput): { ok: true; result: FinancingResult } | { ok: false; error: FinancingError } {
  const { price, downPayment, fgts, termMonths: n, annualRatePercent } = input;
  const numbers = [price, downPayment, fgts, n, annualRatePercent];
  if (numbers.some((v) => !Number.isFinite(v) || v < 0) || price <= 0 || annualRatePercent > FINANCING_LIMITS.rateMax) return { ok: false, error: "invalid" };
  if (!Number.isInteger(n) || n < FINANCING_LIMITS.termMin || n > FINANCING_LIMITS.termMax) return { ok: false, error: "termOutOfRange" };
  const totalDownPayment = downPayment + fgts;
  if (totalDownPayment >= price) return { ok: false, error: "downPaymentTooHigh" };

  const financed = price - totalDownPayment;
  const i = monthlyRateFromAnnual(annualRatePercent);
  const pmt = priceInstalment(financed, i, n);
  // SAC interest is i × the sum of the balances: i × A × n(n+1)/2 = i × P × (n+1)/2.
  const sacTotal = financed + (i * financed * (n + 1)) / 2;
  const financedShare = financed / price;
  return {
    ok: true,
    result: {
      financed,
      totalDownPayment,
      financedShare,
      highShare: financedShare > FINANCING_LIMITS.highShare,
      monthlyRate: i,
      sac: summary(sacInstalment(financed, i, n, 1), sacInstalment(financed, i, n, n), sacTotal, financed, input.monthlyIncome),
      price: summary(pmt, pmt, pmt * n, financed, input.monthlyIncome),
    },
  };
}

/** A rate for people: 0,7974% a.m. */
export function formatPercent(fraction: number, digits = 2): string {
  return `${(fraction * 100).toLocaleString("pt-BR", { minimumFractionDigits: digits, maximumFractionDigits: digits })}%`;
}
