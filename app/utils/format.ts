/** pt-BR formats, one place: money (BRL), dates, areas. */
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

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/** The agency's time zone: dates on screen, the roulette's day and the campaign send window are in it. */
export const AGENCY_TIME_ZONE = "America/Sao_Paulo";

// Built once: constructing an Intl formatter costs far more than using it (CSV export formats 100k dates).
const dateTimeFormat = new Intl.DateTimeFormat("pt-BR", {
  timeZone: AGENCY_TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

/**
 * The agency's UTC offset (ms) during the hour that contains `ms`. Time-zone
 * rules change on whole hours, so one formatToParts per hour is exact; it
 * makes formatDateTime about ten times cheaper (a 120,000-lead CSV export
 * spent 1.4 s formatting dates).
 */
const offsetByHour = new Map<number, number>();
function agencyOffsetMs(ms: number): number {
  const hour = Math.floor(ms / 3_600_000);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const start = hour * 3_600_000;
    const parts = dateTimeFormat.formatToParts(new Date(start));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    const local = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour") % 24, get("minute"));
    offset = local - start;
    if (offsetByHour.size > 50_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/** dd/MM/yyyy HH:mm in the agency's time zone (America/Sao_Paulo). */
export function formatDateTime(iso: string | Date | null | undefined): string {
  if (!iso) return "";
  const ms = (typeof iso === "string" ? new Date(iso) : iso).getTime();
  if (Number.isNaN(ms)) return "";
  const local = new Date(ms + agencyOffsetMs(ms));
  return `${pad(local.getUTCDate())}/${pad(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

export function formatDate(iso: string | Date | null | undefined): string {
  return formatDateTime(iso).slice(0, 10);
}

/** dd-MM-yyyy for file names (CSV exports). */
export function formatDateForFile(d: Date = new Date()): string {
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}`;
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
