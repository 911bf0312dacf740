import type { Listing } from "./rules";

/** What every feed format provides: its document head and tail, and one listing. */
export type FeedContext = { baseUrl: string; lastModified: Date };
export type FeedFormat = {
  head(ctx: FeedContext): string;
  listing(l: Listing, ctx: FeedContext): string;
  tail: string;
};

const SAFE_PATH = /^[A-Za-z0-9\-._~/%!$&'()*+,;=:@]*$/;
/** A photo or page address as the portal fetches it: absolute, ASCII (RFC 3986). */
export function absoluteUrl(baseUrl: string, url: string): string {
  // a site path of plain ASCII (every stored photo): no parsing needed
  if (url.startsWith("/") && !url.startsWith("//") && SAFE_PATH.test(url)) return baseUrl + url;
  try {
    return new URL(url, `${baseUrl}/`).href;
  } catch {
    return "";
  }
}

/** Prices and areas as integers (VRSync) or plain decimals with a dot (Chaves na Mão). */
export const int = (n: number | null | undefined) => (n === null || n === undefined || !Number.isFinite(n) ? "" : String(Math.round(n)));
export const decimal = (n: number | null | undefined) => (n === null || n === undefined || !Number.isFinite(n) ? "" : String(Math.round(n * 100) / 100));
