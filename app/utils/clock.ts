/**
 * The agency's clock: every "now in São Paulo", local day, local date-time
 * typed in a form, date on screen and daily window goes through here, so the
 * time zone is computed one way. Shared by the server and the browser.
 *
 * The offset comes from the platform's time-zone data (Intl), never a fixed
 * −3 h: Brazil kept summer time until February 2019 and old records (and
 * imported CSVs) still carry dates of those years. Zone rules change on whole
 * hours, so the offset is looked up once per hour of time and cached.
 */
export const AGENCY_TIME_ZONE = "America/Sao_Paulo";

const HOUR_MS = 3_600_000;

// Built once: constructing an Intl formatter costs far more than using it (a CSV export formats 100k dates).
const partsFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: AGENCY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

const offsetByHour = new Map<number, number>();

/** The agency's UTC offset (ms, negative west of Greenwich) during the hour that contains `ms`. */
export function agencyOffsetMs(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const start = hour * HOUR_MS;
    const parts: Record<string, string> = {};
    for (const p of partsFormat.formatToParts(new Date(start))) parts[p.type] = p.value;
    const local = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour) % 24, Number(parts.minute));
    offset = local - start;
    if (offsetByHour.size > 50_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/** A wall-clock reading in the agency's time zone. */
export type AgencyTime = {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
  /** yyyy-mm-dd */
  date: string;
  /** minutes after local midnight (whole) */
  minutes: number;
  /** seconds after local midnight (whole) */
  seconds: number;
};

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

function instantOf(value: Date | number | string): number {
  return typeof value === "number" ? value : typeof value === "string" ? new Date(value).getTime() : value.getTime();
}

/** The agency's wall clock at an instant (default: now). */
export function agencyTime(at: Date | number | string = Date.now()): AgencyTime {
  const ms = instantOf(at);
  const local = new Date(ms + agencyOffsetMs(ms));
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + 1;
  const day = local.getUTCDate();
  const hour = local.getUTCHours();
  const minute = local.getUTCMinutes();
  const second = local.getUTCSeconds();
  return {
    year,
    month,
    day,
    hour,
    minute,
    second,
    weekday: local.getUTCDay(),
    date: `${year}-${pad(month)}-${pad(day)}`,
    minutes: hour * 60 + minute,
    seconds: hour * 3600 + minute * 60 + second,
  };
}

/** Today's date in the agency (yyyy-mm-dd). */
export function agencyToday(now: Date | number = Date.now()): string {
  return agencyTime(now).date;
}

/** A calendar date that exists: yyyy-mm-dd with a real month and day (30/02 and 2026-13-45 are not). */
export type LocalDate = { year: number; month: number; day: number };

export function isRealDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The instant a wall-clock time happens in the agency (the zone's offset at
 * that moment). A time that does not exist (skipped at the start of summer
 * time) moves forward by the gap; a time that happens twice (end of summer
 * time) is the first.
 */
export function agencyInstant(date: LocalDate, minutes = 0): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, 0, minutes);
  // the offsets in force half a day before and after: equal except near a change
  const before = wall - agencyOffsetMs(wall - 12 * HOUR_MS);
  const after = wall - agencyOffsetMs(wall + 12 * HOUR_MS);
  const hits = [before, after].filter((t) => t + agencyOffsetMs(t) === wall);
  if (hits.length) return new Date(Math.min(...hits));
  // in the gap: the wall time never shows; with the earlier offset it lands just after the gap
  return new Date(Math.max(before, after));
}

/** Local midnight of the agency's day containing `at`, as an instant. */
export function agencyDayStart(at: Date | number = Date.now()): Date {
  const t = agencyTime(at);
  return agencyInstant(t);
}

/** The agency's day containing `at`: [start, end) as instants. */
export function agencyDayBounds(at: Date | number = Date.now()): { start: Date; end: Date } {
  const t = agencyTime(at);
  const next = new Date(Date.UTC(t.year, t.month - 1, t.day + 1));
  return { start: agencyInstant(t), end: agencyInstant({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() }) };
}

/** The calendar date `days` after a local date (negative goes back). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

// ── parsing what people type ────────────────────────────────────────────────

/**
 * A date typed in a form: yyyy-mm-dd (what `<input type="date">` sends) or
 * dd/mm/yyyy (typed by hand). Null for anything else or a date that does not
 * exist.
 */
export function parseLocalDate(input: unknown): LocalDate | null {
  if (typeof input !== "string") return null;
  const s = input.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  let year: number, month: number, day: number;
  if (m) [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else {
    m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
    if (!m) return null;
    [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  }
  return isRealDate(year, month, day) ? { year, month, day } : null;
}

/** "08:00" or "08:00:00" → minutes after midnight, or null. */
export function parseHourMinute(input: unknown): number | null {
  if (typeof input !== "string") return null;
  const m = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/.exec(input.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Minutes after midnight → "HH:MM". */
export function formatHourMinute(minutes: number): string {
  return `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;
}

/**
 * A local date-time typed in a form: yyyy-mm-ddTHH:MM (what
 * `<input type="datetime-local">` sends, seconds allowed) or
 * dd/mm/yyyy HH:MM, read in the agency's time zone. Null when it is not one,
 * or names a day that does not exist.
 */
export function parseLocalDateTime(input: unknown): Date | null {
  if (typeof input !== "string") return null;
  const s = input.trim();
  const m = /^(\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{4})[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(s);
  if (!m) return null;
  const date = parseLocalDate(m[1]);
  const minutes = parseHourMinute(m[2]);
  if (!date || minutes === null) return null;
  return agencyInstant(date, minutes);
}

// ── formatting ──────────────────────────────────────────────────────────────

/** dd/MM/yyyy HH:mm in the agency's time zone; "" for nothing or a bad date. */
export function formatDateTime(value: string | Date | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const ms = instantOf(value);
  if (Number.isNaN(ms)) return "";
  const t = agencyTime(ms);
  return `${pad(t.day)}/${pad(t.month)}/${t.year} ${pad(t.hour)}:${pad(t.minute)}`;
}

/** dd/MM/yyyy in the agency's time zone. */
export function formatDate(value: string | Date | number | null | undefined): string {
  return formatDateTime(value).slice(0, 10);
}

/** HH:mm in the agency's time zone. */
export function formatTime(value: string | Date | number | null | undefined): string {
  return formatDateTime(value).slice(11);
}

/** dd-MM-yyyy of the agency's day, for file names (CSV exports). */
export function formatDateForFile(at: Date | number = Date.now()): string {
  const t = agencyTime(at);
  return `${pad(t.day)}-${pad(t.month)}-${t.year}`;
}

/** yyyy-MM-dd HH:mm:ss (or with a T) in the agency's time zone, as the portal feeds write dates. */
export function formatLocalIso(value: string | Date | number, separator: " " | "T" = "T"): string {
  const ms = instantOf(value);
  if (Number.isNaN(ms)) return "";
  const t = agencyTime(ms);
  return `${t.date}${separator}${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;
}

/** The value an `<input type="date">` shows for an instant (the agency's day). */
export function dateInputValue(value: string | Date | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const ms = instantOf(value);
  return Number.isNaN(ms) ? "" : agencyTime(ms).date;
}

/** The value an `<input type="datetime-local">` shows for an instant (agency wall clock). */
export function dateTimeInputValue(value: string | Date | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const ms = instantOf(value);
  if (Number.isNaN(ms)) return "";
  const t = agencyTime(ms);
  return `${t.date}T${pad(t.hour)}:${pad(t.minute)}`;
}

// ── daily windows and weekdays ──────────────────────────────────────────────

/**
 * A daily window [start, end] in local minutes, inclusive to the minute of
 * its end (08:00–09:30 is open at 09:30:59). At `at`: open with the seconds
 * left, or closed with the seconds until it next opens (tomorrow once past
 * its end).
 */
export function dailyWindow(at: Date | number, startMinutes: number, endMinutes: number): { open: boolean; secondsLeft: number; secondsToOpen: number } {
  const { minutes, seconds } = agencyTime(at);
  const open = minutes >= startMinutes && minutes <= endMinutes;
  const endSecond = endMinutes * 60 + 59;
  const secondsToOpen = minutes < startMinutes ? startMinutes * 60 - seconds : 24 * 3600 - seconds + startMinutes * 60;
  return { open, secondsLeft: open ? endSecond - seconds + 1 : 0, secondsToOpen: open ? 0 : secondsToOpen };
}

/**
 * The first instant at or after `at` that falls on an allowed weekday
 * (Sunday first) inside [startMinutes, endMinutes), looking ahead at most
 * `lookaheadDays`; null when there is none.
 */
export function nextInWeeklyWindow(at: Date, window: { startMinutes: number; endMinutes: number; weekdays: readonly boolean[] }, lookaheadDays: number): Date | null {
  const today = agencyTime(at);
  for (let offset = 0; offset <= lookaheadDays; offset++) {
    const date = addDays(today, offset);
    const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
    if (!window.weekdays[weekday]) continue;
    if (offset === 0) {
      const nowMinutes = today.seconds / 60;
      if (nowMinutes < window.startMinutes) return agencyInstant(date, window.startMinutes);
      if (nowMinutes < window.endMinutes) return at;
      continue;
    }
    return agencyInstant(date, window.startMinutes);
  }
  return null;
}

/** The next instant the local wall clock reads `minutes` after `at` (today if still ahead, else tomorrow). */
export function nextDailyAt(at: Date | number, minutes: number): Date {
  const t = agencyTime(at);
  const today = agencyInstant(t, minutes);
  return today.getTime() > instantOf(at) ? today : agencyInstant(addDays(t, 1), minutes);
}

