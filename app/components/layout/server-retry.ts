import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/**
 * A back-office page whose data request failed because the server did not
 * answer (a restart, a dropped connection) tries again by itself: every
 * `everyMs` it asks /healthz and, once the server answers, reloads the
 * page's data, which replaces the error with the page. Used by the area
 * error boundaries and the self-refreshing pages (campaign monitor,
 * pairing); it runs only in the browser, with JavaScript.
 */
export async function serverAnswers(): Promise<boolean> {
  try {
    return (await fetch("/healthz", { cache: "no-store", signal: AbortSignal.timeout(4000) })).ok;
  } catch {
    return false;
  }
}

/**
 * `revalidate` reloads the data of the page's routes (a route boundary on a live page); `reload` loads the
 * document again (an area's boundary, which replaced the whole area: a fresh document is the sure way back).
 */
export function useRetryWhenServerAnswers(active: boolean, how: "revalidate" | "reload", everyMs = 5000): void {
  const revalidator = useRevalidator();
  const ref = useRef(revalidator);
  ref.current = revalidator;
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(async () => {
      if (ref.current.state !== "idle" || !(await serverAnswers())) return;
      if (how === "reload") window.location.reload();
      else void ref.current.revalidate().catch(() => undefined);
    }, everyMs);
    return () => window.clearInterval(timer);
  }, [active, how, everyMs]);
}
