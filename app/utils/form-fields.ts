import { z } from "zod";
import { agencyInstant, parseLocalDate, parseLocalDateTime } from "./clock";
import { parseDecimal } from "./format";
import { parseRecordId } from "./query-schema";
import { FIELD_MESSAGES } from "./zod-pt-br";

/**
 * zod pieces for posted forms, shared by the browser (Conform's live
 * checks) and the server (the action's parse). Conform turns an empty field
 * into `undefined`, so "required" is simply a field that is not optional;
 * its message comes from the pt-BR error map unless the spec gives one.
 */

/** Text a person types: trimmed, required, at most `max` characters. */
export function requiredText(max: number, message: string = FIELD_MESSAGES.required) {
  // the message for a missing field only; other checks keep their own words
  return z.string({ error: (issue) => (issue.input === undefined ? message : undefined) }).trim().min(1, message).max(max);
}

/** Optional text: trimmed, at most `max` characters; empty becomes undefined. */
export function optionalText(max: number) {
  return z.string().trim().max(max).optional();
}

/** A record's id from a hidden field or a select (positive whole number). */
export function recordId(message: string = FIELD_MESSAGES.invalid) {
  return z.unknown().transform((v, ctx) => {
    const id = parseRecordId(v);
    if (id === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });
}

/** A checkbox: present ("on") is true, absent is false. */
export const checkbox = z
  .unknown()
  .optional()
  .transform((v) => v === true || v === "on" || v === "true" || v === "1");

/** An amount of money or a number typed the Brazilian way (parseDecimal), at least 0. */
export function amount(options: { max?: number; message?: string } = {}) {
  const max = options.max ?? 1_000_000_000_000;
  return z.string().transform((v, ctx) => {
    const n = parseDecimal(v);
    if (n === null) {
      ctx.addIssue({ code: "custom", message: options.message ?? FIELD_MESSAGES.number });
      return z.NEVER;
    }
    if (n < 0) {
      ctx.addIssue({ code: "custom", message: "Informe um valor maior ou igual a zero" });
      return z.NEVER;
    }
    if (n > max) {
      ctx.addIssue({ code: "custom", message: `Informe um valor de no máximo ${max.toLocaleString("pt-BR")}` });
      return z.NEVER;
    }
    return n;
  });
}

/** A calendar date typed in a form (yyyy-mm-dd or dd/mm/yyyy) that exists; the agency's noon of that day. */
export function localDate(message: string = FIELD_MESSAGES.date) {
  return z.string().transform((v, ctx) => {
    const date = parseLocalDate(v);
    if (!date) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return { ...date, noon: agencyInstant(date, 12 * 60) };
  });
}

/** A local date-time typed in a form (datetime-local), read in the agency's time zone; the instant. */
export function localDateTime(message: string = FIELD_MESSAGES.date) {
  return z.string().transform((v, ctx) => {
    const at = parseLocalDateTime(v);
    if (!at) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return at;
  });
}

/** Ticked boxes of a list (`name="ids"` once per row): unique record ids, at most `max`; values that are not ids are dropped. */
export function recordIds(max = 10_000) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => [...new Set((Array.isArray(v) ? v : v === undefined ? [] : [v]).map(parseRecordId).filter((n): n is number => n !== null))].slice(0, max));
}
