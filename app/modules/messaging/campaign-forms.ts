import { z } from "zod";
import { checkbox, optionalText, recordId, requiredText } from "~/utils/form-fields";
import { CAMPAIGN_MESSAGES } from "./campaign-rules";
import { MIN_INTERVAL_SECONDS, TIMING_MESSAGES, WEEKDAY_LABELS, type Timing } from "./timing";

/**
 * The campaign sender's and monitor's forms (spec 03 §2.4, §2.5, §5),
 * shared by the server and the browser: one union on `intent` each.
 */
export const CSV_FILE_MESSAGES = { required: "Escolha o arquivo CSV", tooBig: "O arquivo passa de 512 KB" } as const;

const hhmm = z.string({ error: TIMING_MESSAGES.time }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, TIMING_MESSAGES.time);
const interval = z.number({ error: TIMING_MESSAGES.interval }).int(TIMING_MESSAGES.interval).min(MIN_INTERVAL_SECONDS, TIMING_MESSAGES.intervalMin).max(24 * 3600, TIMING_MESSAGES.intervalMax);
const weekdayFields = Object.fromEntries(WEEKDAY_LABELS.map((_, i) => [`weekday${i}`, checkbox])) as Record<`weekday${0 | 1 | 2 | 3 | 4 | 5 | 6}`, typeof checkbox>;

/** Step 4: when to send. The intent says whether to keep the draft or launch it. */
const timingFields = { startTime: hhmm, endTime: hhmm, intervalSeconds: interval, ...weekdayFields };

export const senderActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("details"), name: requiredText(120, CAMPAIGN_MESSAGES.name), message: requiredText(4000, CAMPAIGN_MESSAGES.message) }),
  z.object({ intent: z.literal("pick-leads"), lead: z.array(recordId()).max(500).default([]) }),
  z.object({ intent: z.literal("pick-all"), q: optionalText(200) }),
  // the file itself is streamed to disk and checked by the action (files/multipart.server.ts); the fields are only the intent
  z.object({ intent: z.literal("csv") }),
  z
    .object({ intent: z.enum(["save", "launch"]), ...timingFields })
    .refine((t) => t.startTime < t.endTime, { message: TIMING_MESSAGES.endAfterStart, path: ["endTime"] })
    .refine((t) => WEEKDAY_LABELS.some((_, i) => t[`weekday${i}` as keyof typeof t]), { message: TIMING_MESSAGES.weekdays, path: ["weekdays"] }),
]);
export type SenderAction = z.infer<typeof senderActionSchema>;

/** The timing a step-4 submission describes. */
export function timingOf(value: { startTime: string; endTime: string; intervalSeconds: number } & Partial<Record<`weekday${number}`, boolean>>): Timing {
  return { startTime: value.startTime, endTime: value.endTime, intervalSeconds: value.intervalSeconds, weekdays: WEEKDAY_LABELS.map((_, i) => value[`weekday${i}`] === true) };
}

/** The form values of a stored timing (step 4's defaults). */
export function timingDefaults(timing: Timing): Record<string, string | boolean> {
  return { startTime: timing.startTime, endTime: timing.endTime, intervalSeconds: String(timing.intervalSeconds), ...Object.fromEntries(timing.weekdays.map((on, i) => [`weekday${i}`, on ? "on" : ""])) };
}

export const monitorActionSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("pause") }), z.object({ intent: z.literal("resume") })]);

/** The monitor's refresh choices (spec 03 §2.5, §9): 1, 2, 5 or 10 s, 2 s by default; `0` is off. */
export const REFRESH_CHOICES = [1, 2, 5, 10] as const;
export const DEFAULT_REFRESH = 2;
export function refreshChoice(value: string | null): number {
  if (value === "0" || value === "off") return 0;
  const n = Number(value);
  return (REFRESH_CHOICES as readonly number[]).includes(n) ? n : DEFAULT_REFRESH;
}
