import { z } from "zod";
import { parseDecimal } from "./format";

/**
 * Lenient zod pieces for list filters read from a URL: a bad value is
 * dropped (undefined), never an error page.
 */
export const lenientText = z
  .string()
  .trim()
  .max(120)
  .optional()
  .catch(undefined)
  .transform((v) => (v ? v : undefined));

/** A non-negative amount typed by a person (parseDecimal's rules), or undefined. */
export const lenientAmount = z
  .string()
  .max(30)
  .optional()
  .catch(undefined)
  .transform((v) => {
    const n = v === undefined ? null : parseDecimal(v);
    return n !== null && n >= 0 ? n : undefined;
  });

/** A page number from the URL: 1 when missing or bad. */
export const pageParam = z.coerce.number().int().min(1).max(100_000).catch(1);

/** A list's search box from the URL: trimmed, at most 200 characters, "" when missing. */
export const searchParam = z.string().trim().max(200).catch("");

/** The plain list query (search box and page) used by the back office's simple lists. */
export const listQuerySchema = z.object({ q: searchParam, page: pageParam });
export type ListQuery = z.infer<typeof listQuerySchema>;

/** Reads a list query from a URL's search params. */
export function readListQuery(url: URL | string): ListQuery {
  const params = (typeof url === "string" ? new URL(url) : url).searchParams;
  return listQuerySchema.parse({ q: params.get("q") ?? "", page: params.get("page") ?? 1 });
}

/**
 * The one id parser for what arrives in a URL or a hidden field (`/broker/lead/:id`,
 * `?edit=3`, `name="note"`): a positive whole number of at most 12 digits, else null.
 */
export function parseRecordId(value: unknown): number | null {
  const s = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^[1-9]\d{0,11}$/.test(s)) return null;
  return Number(s);
}
