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
