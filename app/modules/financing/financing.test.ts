import { describe, expect, it } from "vitest";
import { monthlyRateFromAnnual, sacInstalment, simulateFinancing } from "./financing";

const base = { price: 500_000, downPayment: 100_000, fgts: 0, termMonths: 360, annualRatePercent: 10 };

function ok(input: Parameters<typeof simulateFinancing>[0]) {
  const r = simulateFinancing(input);
  if (!r.ok) throw new Error(r.error);
  return r.result;
}

describe("financing maths (hand-computed cases)", () => {
  it("converts an effective annual rate to its monthly equivalent", () => {
    // (1.10)^(1/12) - 1 = 0.0079741404
    expect(monthlyRateFromAnnual(10)).toBeCloseTo(0.0079741404, 9);
    expect(monthlyRateFromAnnual(0)).toBe(0);
  });

  it("R$ 400.000 over 360 months at 10% a.a.: Price ≈ R$ 3.383,5x; SAC first ≈ R$ 4.300,7x", () => {
    const r = ok(base);
    expect(r.financed).toBe(400_000);
    // i = 0.00797414; PMT = 400000 × i / (1 − 1.1^−30) = 3189.656 / 0.942691 = 3383.56
    expect(r.price.firstInstalment).toBeCloseTo(3383.56, 1);
    expect(r.price.lastInstalment).toBeCloseTo(3383.56, 1);
    expect(r.price.totalPaid).toBeCloseTo(3383.56 * 360, -1);
    expect(r.price.totalInterest).toBeCloseTo(3383.56 * 360 - 400_000, -1);
    // SAC: A = 1111.11; first = 1111.11 + 400000 × i = 4300.77; last = 1111.11 × (1 + i) = 1119.97
    expect(r.sac.firstInstalment).toBeCloseTo(4300.77, 1);
    expect(r.sac.lastInstalment).toBeCloseTo(1119.97, 1);
    // interest = i × 400000 × 361 / 2 = 575,732.9
    expect(r.sac.totalInterest).toBeCloseTo(575_732.9, 0);
    expect(r.sac.totalPaid).toBeCloseTo(975_732.9, 0);
    // income at 30%: 4300.77 / 0.3 = 14335.9
    expect(r.sac.incomeNeeded).toBeCloseTo(14_335.9, 0);
    expect(r.price.incomeNeeded).toBeCloseTo(11_278.5, 0);
    expect(r.financedShare).toBeCloseTo(0.8, 10);
    expect(r.highShare).toBe(false);
  });

  it("the SAC total equals the sum of every instalment", () => {
    const r = ok({ ...base, termMonths: 120 });
    let sum = 0;
    for (let k = 1; k <= 120; k++) sum += sacInstalment(r.financed, r.monthlyRate, 120, k);
    expect(r.sac.totalPaid).toBeCloseTo(sum, 4);
  });

  it("warns above 80% financed, not at 80%", () => {
    expect(ok({ ...base, downPayment: 100_000 }).highShare).toBe(false);
    expect(ok({ ...base, downPayment: 99_999 }).highShare).toBe(true);
  });

  it("counts the FGTS in the down payment", () => {
    const r = ok({ ...base, downPayment: 60_000, fgts: 40_000 });
    expect(r.totalDownPayment).toBe(100_000);
    expect(r.financed).toBe(400_000);
  });

  it("0% interest: equal instalments, no interest", () => {
    const r = ok({ ...base, annualRatePercent: 0, termMonths: 100 });
    expect(r.price.firstInstalment).toBe(4000);
    expect(r.sac.firstInstalment).toBe(4000);
    expect(r.sac.lastInstalment).toBe(4000);
    expect(r.price.totalInterest).toBeCloseTo(0, 6);
    expect(r.sac.totalInterest).toBe(0);
  });

  it("term 1: one instalment of principal plus a month of interest", () => {
    const r = ok({ ...base, termMonths: 1 });
    expect(r.price.firstInstalment).toBeCloseTo(400_000 * (1 + r.monthlyRate), 6);
    expect(r.sac.firstInstalment).toBeCloseTo(r.price.firstInstalment, 6);
    expect(r.sac.lastInstalment).toBeCloseTo(r.sac.firstInstalment, 6);
  });

  it("term 420 is accepted, 421 and 0 are refused", () => {
    expect(simulateFinancing({ ...base, termMonths: 420 }).ok).toBe(true);
    expect(simulateFinancing({ ...base, termMonths: 421 })).toEqual({ ok: false, error: "termOutOfRange" });
    expect(simulateFinancing({ ...base, termMonths: 0 })).toEqual({ ok: false, error: "termOutOfRange" });
    expect(simulateFinancing({ ...base, termMonths: 12.5 })).toEqual({ ok: false, error: "termOutOfRange" });
  });

  it("refuses a down payment (with FGTS) equal to or above the price", () => {
    expect(simulateFinancing({ ...base, downPayment: 500_000 })).toEqual({ ok: false, error: "downPaymentTooHigh" });
    expect(simulateFinancing({ ...base, downPayment: 300_000, fgts: 200_000 })).toEqual({ ok: false, error: "downPaymentTooHigh" });
    expect(simulateFinancing({ ...base, downPayment: 499_999 }).ok).toBe(true);
  });

  it("refuses negative or non-finite numbers", () => {
    expect(simulateFinancing({ ...base, price: -1 }).ok).toBe(false);
    expect(simulateFinancing({ ...base, annualRatePercent: Number.NaN }).ok).toBe(false);
    expect(simulateFinancing({ ...base, price: Number.POSITIVE_INFINITY }).ok).toBe(false);
  });

  it("tells whether the income covers the first instalment at 30%", () => {
    expect(ok({ ...base, monthlyIncome: 14_336 }).sac.incomeFits).toBe(true);
    expect(ok({ ...base, monthlyIncome: 14_335 }).sac.incomeFits).toBe(false);
    expect(ok({ ...base, monthlyIncome: 14_335 }).price.incomeFits).toBe(true);
    expect(ok(base).sac.incomeFits).toBeNull();
  });
});
