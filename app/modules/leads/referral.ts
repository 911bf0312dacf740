import { useSearchParams } from "react-router";

/** The broker referral code travels on every internal link while present (spec 01 §1). */
export function withRef(path: string, ref: string | null | undefined): string {
  if (!ref) return path;
  const [base, hash = ""] = path.split("#");
  const url = new URL(base, "http://x");
  url.searchParams.set("ref", ref);
  return `${url.pathname}${url.search}${hash ? `#${hash}` : ""}`;
}

/**
 * The one referral-code check: a ref is a broker id, a UUID (spec 02 §5).
 * Returns it trimmed and lower-cased, or null for anything else. Whether the
 * broker exists and is active is the server's question (findActiveBroker).
 */
const REFERRAL_CODE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function parseRef(input: string | null | undefined): string | null {
  const value = (input ?? "").trim();
  return REFERRAL_CODE.test(value) ? value.toLowerCase() : null;
}

/** The current page's valid ref, or null. */
export function useRef_(): string | null {
  const [params] = useSearchParams();
  return parseRef(params.get("ref"));
}

/** `to` with the current ref appended. */
export function useRefLink(): (path: string) => string {
  const ref = useRef_();
  return (path: string) => withRef(path, ref);
}
