import { z } from "zod";
import { AGENCY_TIME_ZONE } from "~/utils/format";

/**
 * When a campaign may send (spec 03 §5 'Scheduling', §9): allowed weekdays
 * (7 booleans, Sunday first) and a daily window in the agency's time zone
 * (AGENCY_TIME_ZONE); a send that falls outside is pushed to the start of the
 * next allowed day, looking ahead at most 14 days. Shared by the sender
 * wizard (preview) and the server (scheduling).
 */
export const LOOKAHEAD_DAYS = 14;
export const DEFAULT_INTERVAL_SECONDS = 180;
export const MIN_INTERVAL_SECONDS = 15;
export const WEEKDAY_LABELS = ["Dom", "Seg", "Ter", "Qua", "Qui", "Sex", "Sáb"] as const;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Horário inválido");

export const timingSchema = z
  .object({
    startTime: hhmm,
    endTime: hhmm,
    weekdays: z.array(z.boolean()).length(7),
    intervalSeconds: z.number().int().min(MIN_INTERVAL_SECONDS).max(24 * 3600),
  })
  .refine((t) => t.startTime < t.endTime, { message: "O horário final deve ser depois do inicial", path: ["endTime"] })
  .refine((t) => t.weekdays.some(Boolean), { message: "Escolha ao menos um dia da semana", path: ["weekdays"] });

export type Timing = z.infer<typeof timingSchema>;

export const DEFAULT_TIMING: Timing = {
  startTime: "09:00",
  endTime: "18:00",
  weekdays: [false, true, true, true, true, true, false],
  intervalSeconds: DEFAULT_INTERVAL_SECONDS,
};

export function parseTiming(json: string | null | undefined): Timing {
  try {
    const parsed = timingSchema.safeParse(JSON.parse(json ?? ""));
    return parsed.success ? parsed.data : DEFAULT_TIMING;
  } catch {
    return DEFAULT_TIMING;
  }
}

type LocalParts = { year: number; month: number; day: number; weekday: number; minutes: number };

const partsFormatter = new Intl.DateTimeFormat("en-US", {
  timeZone: AGENCY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  weekday: "short",
  hourCycle: "h23",
});
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

export function localParts(date: Date): LocalParts {
  const p = Object.fromEntries(partsFormatter.formatToParts(date).map((x) => [x.type, x.value]));
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    weekday: WEEKDAYS.indexOf(p.weekday),
    minutes: Number(p.hour) * 60 + Number(p.minute) + Number(p.second) / 60,
  };
}

/** The UTC instant of a wall-clock time on a local calendar day (the zone's offset at that moment). */
export function localTimeToDate(year: number, month: number, day: number, minutes: number): Date {
  const guess = Date.UTC(year, month - 1, day, 0, minutes);
  // offset = local - utc at the guessed instant; one correction is enough for zones without DST jumps at these hours
  const p = localParts(new Date(guess));
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, 0, Math.round(p.minutes));
  return new Date(guess - (asUtc - guess));
}

function toMinutes(hm: string): number {
  const [h, m] = hm.split(":").map(Number);
  return h * 60 + m;
}

/**
 * The first instant at or after `at` inside an allowed window, or null when
 * none exists within the lookahead.
 */
export function nextAllowedTime(at: Date, timing: Timing): Date | null {
  const start = toMinutes(timing.startTime);
  const end = toMinutes(timing.endTime);
  for (let offset = 0; offset <= LOOKAHEAD_DAYS; offset++) {
    const probe = new Date(at.getTime() + offset * 86_400_000);
    const p = localParts(probe);
    if (!timing.weekdays[p.weekday]) continue;
    if (offset === 0) {
      if (p.minutes < start) return localTimeToDate(p.year, p.month, p.day, start);
      if (p.minutes < end) return at;
      continue;
    }
    return localTimeToDate(p.year, p.month, p.day, start);
  }
  return null;
}

/**
 * Send times for `count` messages from `from`: one every intervalSeconds,
 * each with up to ±20% random jitter (so the pace is not machine-regular),
 * every one inside the window. Stops early (shorter array) when the
 * lookahead runs out.
 */
export function scheduleSendTimes(from: Date, count: number, timing: Timing, random: () => number = Math.random): Date[] {
  const times: Date[] = [];
  let cursor = from;
  for (let i = 0; i < count; i++) {
    const slot = nextAllowedTime(cursor, timing);
    if (!slot) break;
    times.push(slot);
    const jitter = 1 + (random() * 0.4 - 0.2);
    cursor = new Date(slot.getTime() + Math.round(timing.intervalSeconds * 1000 * jitter));
  }
  return times;
}
