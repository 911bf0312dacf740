import { leadSentHeader } from "./lead-sent.server";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import { LEAD_MESSAGES, leadFormSchema } from "~/modules/leads/lead-form";
import { isHoneypotFilled } from "./honeypot";
import { createLead } from "./leads.server";
import type { LeadSource } from "#db/schema";
import { errorFields, log } from "~/modules/platform/logger.server";
import { RATE_LIMIT_MESSAGE, clientIp, hitFormLimit, retryAfterHeaders } from "~/modules/auth/rate-limit.server";
import { config } from "~/modules/platform/config.server";
import { parseSubmission, readFormData } from "~/modules/platform/forms.server";

export { leadFormSchema } from "~/modules/leads/lead-form";

/**
 * The public forms' flood limits (the lead forms and /anuncie), per visitor
 * address and 10 minutes: RATE_LIMIT_MAX leads, and three times as many
 * posts of any kind (invalid ones too, so a flood of bad posts cannot keep
 * the server rendering error pages).
 */
const LEAD_WINDOW_S = 10 * 60;
export const hitPublicPostLimit = (ip: string) => hitFormLimit("lead_posts", ip, { max: config().RATE_LIMIT_MAX * 3, windowSeconds: LEAD_WINDOW_S });
export const hitPublicLeadLimit = (ip: string) => hitFormLimit("lead_created", ip, { windowSeconds: LEAD_WINDOW_S });

/**
 * Where the form sits: the property the lead is about, and for the visitor
 * features of issue 28 their own source and what the page adds to the
 * visitor's message (the simulation, the properties compared).
 */
export type LeadFormContext = { propertyId: number | null; source?: LeadSource; messageSuffix?: string | null };

/**
 * The action behind every public lead form (/contato, /imovel/…): validates
 * with the shared schema, drops bots, limits floods, creates the lead through
 * createLead and sends the visitor to /obrigado. On failure it returns the
 * Conform reply, so the form shows the messages with or without JavaScript.
 */
export async function leadFormAction(request: Request, context: LeadFormContext) {
  const ip = clientIp(request);
  const posts = await hitPublicPostLimit(ip);
  if (!posts.ok) {
    const refused: SubmissionResult<string[]> = { status: "error", initialValue: {}, error: { "": [RATE_LIMIT_MESSAGE] } };
    return data(refused, { status: 429, headers: retryAfterHeaders(posts) });
  }
  const formData = await readFormData(request);
  const url = new URL(request.url);

  const submission = await parseSubmission(formData, leadFormSchema);

  // A filled honeypot is a bot: it sees the usual success and nothing is stored.
  if (isHoneypotFilled(formData)) {
    log.info("lead honeypot triggered", { ip });
    const name = submission.status === "success" ? submission.value.name : "";
    return redirect(thanksUrl({ name, brokerId: null, brokerPhone: null, ref: null }), { headers: { "Set-Cookie": await leadSentHeader(name) } });
  }

  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const limit = await hitPublicLeadLimit(ip);
  if (!limit.ok) return data(submission.reply({ formErrors: [RATE_LIMIT_MESSAGE] }), { status: 429, headers: retryAfterHeaders(limit) });

  const { name, email, phone } = submission.value;
  const message = context.messageSuffix ? `${submission.value.message}\n\n${context.messageSuffix}` : submission.value.message;
  const ref = submission.value.ref || url.searchParams.get("ref") || null;
  try {
    const lead = await createLead({ name, email, phone, message, propertyId: context.propertyId, brokerId: ref, source: context.source ?? "site" });
    return redirect(thanksUrl({ name, brokerId: lead.brokerId, brokerPhone: lead.brokerPhone, ref: lead.brokerId ?? null }), { headers: { "Set-Cookie": await leadSentHeader(name) } });
  } catch (error) {
    log.error("lead creation failed", { ...errorFields(error), propertyId: context.propertyId });
    return data(submission.reply({ formErrors: [LEAD_MESSAGES.failure] }), { status: 500 });
  }
}

/** Forms whose /obrigado says something of its own (thanks.tsx); the others get the lead form's message. */
export type ThanksForm = "anuncie";

/** /obrigado with the visitor's name (shown only with the lead-sent cookie), and the broker when one was attached (spec 01 §2). */
export function thanksUrl(input: { name: string; brokerId: string | null; brokerPhone: string | null; ref: string | null; form?: ThanksForm }): string {
  const params = new URLSearchParams();
  if (input.form) params.set("form", input.form);
  if (input.name) params.set("name", input.name);
  if (input.brokerId) {
    params.set("broker_id", input.brokerId);
    if (input.brokerPhone) params.set("broker_phone", input.brokerPhone);
  }
  if (input.ref) params.set("ref", input.ref);
  const query = params.toString();
  return query ? `/obrigado?${query}` : "/obrigado";
}
