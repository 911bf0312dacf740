import { parseRef, withRef } from "./referral";

/**
 * The broker referral kept for the visit (issue 13 item 7): a page opened
 * with ?ref= stores the code in a session cookie, and a public page opened
 * without one is sent (302) to the same address with it, so a link that
 * forgot the ref, a bookmark of a bare page or a typed address can never
 * lose the broker who brought the visitor. A new ?ref= replaces it.
 */
export const REFERRAL_COOKIE = "__ref";

function cookieRef(cookieHeader: string | null | undefined): string | null {
  const match = new RegExp(`(?:^|;\\s*)${REFERRAL_COOKIE}=([^;]*)`).exec(cookieHeader ?? "");
  return match ? parseRef(decodeURIComponent(match[1])) : null;
}

/** The Set-Cookie header to send for this address, or null when there is nothing new to keep. */
export function referralSetCookie(url: string, cookieHeader: string | null | undefined, secure: boolean): string | null {
  const ref = parseRef(new URL(url, "http://x").searchParams.get("ref"));
  if (!ref || cookieRef(cookieHeader) === ref) return null;
  // Session cookie (no Max-Age): the visit, not forever. Read by the server only.
  return `${REFERRAL_COOKIE}=${ref}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Where a GET of a public page without ?ref goes when the visit has one; null to stay. */
export function referralRedirect(request: Request): string | null {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.searchParams.has("ref")) return null;
  const ref = cookieRef(request.headers.get("Cookie"));
  return ref ? withRef(`${url.pathname}${url.search}`, ref) : null;
}
