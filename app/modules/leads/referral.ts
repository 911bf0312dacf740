import { useSearchParams } from "react-router";

/** The broker referral code travels on every internal link while present (spec 01 §1). */
export function withRef(path: string, ref: string | null | undefined): string {
  if (!ref) return path;
  const [base, hash = ""] = path.split("#");
  const url = new URL(base, "http://x");
  url.searchParams.set("ref", ref);
  return `${url.pathname}${url.search}${hash ? `#${hash}` : ""}`;
}

export function useRef_(): string | null {
  const [params] = useSearchParams();
  const ref = params.get("ref");
  return ref && /^[0-9a-f-]{36}$/i.test(ref) ? ref : null;
}

/** `to` with the current ref appended. */
export function useRefLink(): (path: string) => string {
  const ref = useRef_();
  return (path: string) => withRef(path, ref);
}
