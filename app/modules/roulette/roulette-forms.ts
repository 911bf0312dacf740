import { z } from "zod";
import { checkbox, optionalText, recordId } from "~/utils/form-fields";
import { webhookUrlProblem } from "~/modules/webhooks/webhook-rules";
import { ROULETTE_MESSAGES } from "./roulette-rules";

/**
 * The roulette screens' forms (spec 03 §2.7, §5, §8), shared by the server
 * and the browser: one union on `intent` for /admin/roleta, one button on
 * /broker/roleta.
 */
const hhmm = z.string({ error: ROULETTE_MESSAGES.invalidTimes }).regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, ROULETTE_MESSAGES.invalidTimes);

/** The roulette webhook's URL: optional, but when the webhook is on it must be an http(s) URL (spec 03 §5). */
const webhookFields = { url: optionalText(2000), enabled: checkbox };
function webhookRule(value: { url?: string; enabled: boolean }, ctx: z.RefinementCtx, required: boolean) {
  const url = value.url ?? "";
  if ((required || url) && (!/^https?:\/\//i.test(url) || webhookUrlProblem(url))) ctx.addIssue({ code: "custom", path: ["url"], message: required && !url ? ROULETTE_MESSAGES.webhookTestNeedsUrl : ROULETTE_MESSAGES.webhookUrlInvalid });
}

export const adminRouletteSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("draw") }),
  z.object({ intent: z.literal("run-now") }),
  z.object({ intent: z.literal("auth-test") }),
  z.object({ intent: z.literal("remove-participant"), id: recordId() }),
  z.object({ intent: z.literal("delete-result"), id: recordId() }),
  z.object({ intent: z.literal("save-webhook"), ...webhookFields }).superRefine((v, ctx) => webhookRule(v, ctx, v.enabled)),
  z.object({ intent: z.literal("test-webhook"), ...webhookFields }).superRefine((v, ctx) => webhookRule(v, ctx, true)),
  z
    .object({ intent: z.literal("save-automatic"), enabled: checkbox, time: hhmm, presenceStart: hhmm, presenceEnd: hhmm, webhookEnabled: checkbox })
    .refine((v) => v.presenceStart.slice(0, 5) <= v.presenceEnd.slice(0, 5), { message: ROULETTE_MESSAGES.invalidTimes, path: ["presenceEnd"] }),
]);
export type AdminRouletteIntent = z.infer<typeof adminRouletteSchema>["intent"];

/** 'Marcar Presença' has no field: the button's intent only. */
export const presenceSchema = z.object({ intent: z.literal("register") });
