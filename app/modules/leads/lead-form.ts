import { z } from "zod";
import { maskPhone, nationalDigits } from "~/utils/phone";

import { EMAIL_PATTERN, LEAD_LIMITS, LEAD_MESSAGES } from "./lead-rules";

export { LEAD_LIMITS, LEAD_MESSAGES, nationalDigits };

/** A visitor's e-mail, as every public form asks it (the lead forms, the saved-search alert). */
export const visitorEmail = z
  .string({ error: LEAD_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: LEAD_MESSAGES.emailRequired, abort: true })
  .max(LEAD_LIMITS.email, LEAD_MESSAGES.emailInvalid)
  .regex(EMAIL_PATTERN, LEAD_MESSAGES.emailInvalid);

/**
 * The lead form's one schema, used by the action (spec 01 §5); the browser
 * checks fields with lead-rules.ts, built on the same constants.
 */
export const leadFormSchema = z.object({
  name: z
    .string({ error: LEAD_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: LEAD_MESSAGES.nameRequired, abort: true })
    .min(3, LEAD_MESSAGES.nameShort)
    .max(LEAD_LIMITS.name, LEAD_MESSAGES.nameLong),
  email: visitorEmail,
  phone: z
    .string({ error: LEAD_MESSAGES.phoneRequired })
    .trim()
    .min(1, { error: LEAD_MESSAGES.phoneRequired, abort: true })
    .max(LEAD_LIMITS.phone, { error: LEAD_MESSAGES.phoneInvalid, abort: true })
    .refine((v) => nationalDigits(v).length >= 10, { error: LEAD_MESSAGES.phoneShort, abort: true })
    .refine((v) => nationalDigits(v).length <= 11, LEAD_MESSAGES.phoneInvalid)
    // stored in the one display format, whatever the visitor typed
    .transform((v) => maskPhone(nationalDigits(v))),
  message: z
    .string({ error: LEAD_MESSAGES.messageRequired })
    .trim()
    .min(1, { error: LEAD_MESSAGES.messageRequired, abort: true })
    .max(LEAD_LIMITS.message, LEAD_MESSAGES.messageLong),
  /** The broker referral code (a UUID); anything else is ignored by createLead. */
  ref: z.string().trim().max(64).optional(),
});

export type LeadFormValues = z.infer<typeof leadFormSchema>;

