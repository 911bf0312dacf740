import { useEffect } from "react";

/** Spec 03 §9: the session is checked again every 240000 ms. */
export const SESSION_CHECK_MS = 240_000;

/**
 * With JavaScript, the back office asks `endpoint` every 240 s whether the
 * session still holds (spec 03 §2.8, §6). When it has ended, the page is
 * loaded again: its guard sends the person to the login with
 * 'Sessão expirada…' and brings them back to this same page afterwards —
 * what happens without JavaScript at the next click.
 */
export function SessionWatch({ endpoint, intervalMs = SESSION_CHECK_MS }: { endpoint: string; intervalMs?: number }) {
  useEffect(() => {
    let stopped = false;
    const timer = window.setInterval(async () => {
      try {
        const response = await fetch(endpoint, { redirect: "manual", cache: "no-store", credentials: "same-origin" });
        // a redirect (manual: opaque) or a refusal means the session is over
        if (!stopped && (response.type === "opaqueredirect" || response.status === 401 || response.status === 403)) {
          stopped = true;
          window.location.assign(window.location.pathname + window.location.search + window.location.hash);
        }
      } catch {
        // offline or the server restarting: ask again next time
      }
    }, intervalMs);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [endpoint, intervalMs]);
  return null;
}
