/** pt-BR number formats, one place: money (BRL), areas, numbers typed by people. Dates and times: ./clock.ts. */
const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const brlCompact = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL", maximumFractionDigits: 0 });
const number = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 2 });

/**
 * Money in pt-BR. cents "always" (default): R$ 1.500,00. cents "auto": whole
 * amounts without cents (R$ 1.500) and any other amount with them
 * (R$ 350.000,50): prices show what is stored, never rounded to another
 * amount (R$ 350.001 for 350.000,50 was issue item 12).
 */
export function formatBRL(value: number | null | undefined, options: { cents?: "always" | "auto" } = {}): string {
  const v = Number.isFinite(value) ? Number(value) : 0;
  const whole = Math.round(v * 100) % 100 === 0;
  return (options.cents === "auto" && whole ? brlCompact : brl).format(v).replace(/\u00a0/g, " ");
}

export function formatArea(value: number | null | undefined): string {
  return `${number.format(Number(value) || 0)} m²`;
}

export function formatNumber(value: number): string {
  return number.format(value);
}

/**
 * The one number parser for what people type: the Brazilian way ("1.500.000",
 * "1.500,50", "75,5") or the plain way ("1500.50"). Dots followed by groups
 * of exactly three digits are thousands separators (so "500.000" is five
 * hundred thousand); otherwise a single dot is the decimal point. Returns
 * null for anything else ("300 mil", "1e5", "12abc").
 */
export function parseDecimal(input: unknown): number | null {
  if (typeof input === "number") return Number.isFinite(input) ? input : null;
  if (typeof input !== "string") return null;
  let s = input.trim().replace(/^R\$/i, "").replace(/[\s\u00a0]/g, "");
  if (s === "" || s.length > 30) return null;
  const sign = s.startsWith("-") ? "-" : "";
  if (sign) s = s.slice(1);
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(s)) s = s.replace(/\./g, "").replace(",", ".");
  else if (/^\d+,\d+$/.test(s)) s = s.replace(",", ".");
  else if (!/^\d+(\.\d+)?$/.test(s)) return null;
  const n = Number(sign + s);
  return Number.isFinite(n) ? n : null;
}
