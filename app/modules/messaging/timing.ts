import { z } from "zod";
import { nextInWeeklyWindow, parseHourMinute } from "~/utils/clock";

/**
 * When a campaign may send (spec 03 §5 'Scheduling', §9): allowed weekdays
 * (7 booleans, Sunday first) and a daily window in the agency's time zone
 * (utils/clock.ts); a send that falls outside is pushed to the start of the
 * next allowed day, looking ahead at most 14 days. Shared by the sender
 * wizard (preview) and the server (scheduling).
 */
export const LOOKAHEAD_DAYS = 14;
export const DEFAULT_INTERVAL_SECONDS = 180;
export const MIN_INTERVAL_SECONDS = 15;
export const WEEKDAY_LABELS = ["Dom", "Seg", "Ter", "Qua", "Qui", "Sex", "Sáb"] as const;

export const TIMING_MESSAGES = {
  time: "Horário inválido",
  endAfterStart: "O horário final deve ser depois do inicial",
  weekdays: "Escolha ao menos um dia da semana",
  intervalMin: `O intervalo mínimo entre envios é de ${MIN_INTERVAL_SECONDS} segundos`,
  intervalMax: "O intervalo máximo entre envios é de 24 horas",
  interval: "Informe o intervalo em segundos (um número inteiro)",
} as const;

const hhmm = z.string({ error: TIMING_MESSAGES.time }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, TIMING_MESSAGES.time);

/**
 * A campaign's timing as stored: what the sender saved. The interval's
 * lower bound here is 1 s (the sender's form asks for at least 15, see
 * `campaign-forms.ts`); a timing that does not parse falls back to the
 * defaults.
 */
export const timingSchema = z
  .object({
    startTime: hhmm,
    endTime: hhmm,
    weekdays: z.array(z.boolean()).length(7),
    intervalSeconds: z.number().int().min(1).max(24 * 3600),
  })
  .refine((t) => t.startTime < t.endTime, { message: TIMING_MESSAGES.endAfterStart, path: ["endTime"] })
  .refine((t) => t.weekdays.some(Boolean), { message: TIMING_MESSAGES.weekdays, path: ["weekdays"] });

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

/**
 * The first instant at or after `at` inside an allowed window, or null when
 * none exists within the lookahead.
 */
export function nextAllowedTime(at: Date, timing: Timing): Date | null {
  return nextInWeeklyWindow(at, { startMinutes: parseHourMinute(timing.startTime)!, endMinutes: parseHourMinute(timing.endTime)!, weekdays: timing.weekdays }, LOOKAHEAD_DAYS);
}

/**
 * Send times for `count` messages from `from`: one every intervalSeconds,
 * each with up to ±20% random jitter (so the pace is not machine-regular),
 * every one inside the window. Stops early (shorter array) when the
 * lookahead runs out.
 */
export function scheduleSendTimes(from: Date, count: number, timing: Timing, random: () => number = Math.random): Date[] {
  // the first one may leave at `from`; each next one an interval later, with jitter
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

/** The least gap between two sends of one number: the interval minus its largest jitter. */
export function minimumGapMs(timing: Timing): number {
  return Math.round(timing.intervalSeconds * 1000 * 0.8);
}

/** The weekdays of a timing as people read them ('Seg, Ter, Qua'). */
export function weekdaysText(timing: Timing): string {
  return WEEKDAY_LABELS.filter((_, i) => timing.weekdays[i]).join(", ");
}
