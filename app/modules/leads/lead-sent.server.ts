import { signedCookie } from "~/modules/platform/cookies.server";
import { LEAD_LIMITS } from "./lead-form";

/**
 * /obrigado greets the visitor by name only when this browser has just sent
 * a lead (issue 13 item 15): the name travels in a signed, short-lived,
 * httpOnly cookie, not in the query, so a crafted link cannot make the
 * agency's page say anything (decisions.md). Path "/": with JavaScript the
 * page's data comes from /obrigado.data, which a "/obrigado" path misses.
 */
const leadSentCookie = signedCookie("__lead_sent", 10 * 60);

export async function leadSentHeader(name: string): Promise<string> {
  return leadSentCookie().serialize({ name: name.trim().slice(0, LEAD_LIMITS.name) });
}

/** The name of the lead this browser just sent, or "" (a missing, expired or forged cookie). */
export async function leadSentName(request: Request): Promise<string> {
  const value = (await leadSentCookie().parse(request.headers.get("Cookie"))) as { name?: unknown } | null;
  return typeof value?.name === "string" ? value.name : "";
}
