import { stripAccents } from "~/utils/slug";
import { digitsOnly } from "~/utils/phone";
import { normalisePhone } from "~/utils/phone.server";

/**
 * Numbers to try when sending to a lead (spec 02 §5): the normalised number
 * and its variant with or without the ninth digit (mobile numbers gained a
 * leading 9 over the years, and WhatsApp accounts may be registered under
 * either form). Candidates shorter than 12 digits (55 + DDD + 8) are
 * dropped; at most 4 are tried.
 */
export const MAX_SEND_TRIES = 4;

export function whatsappCandidates(phone: string | null | undefined): string[] {
  const base = normalisePhone(phone);
  if (!base) return [];
  const out = [base];
  if (base.startsWith("55")) {
    const ddd = base.slice(2, 4);
    const local = base.slice(4);
    if (local.length === 9 && local.startsWith("9")) out.push(`55${ddd}${local.slice(1)}`);
    if (local.length === 8) out.push(`55${ddd}9${local}`);
  }
  const raw = digitsOnly(phone);
  if (raw.length >= 12 && !out.includes(raw)) out.push(raw);
  return out.filter((n) => n.length >= 12).slice(0, MAX_SEND_TRIES);
}

/** 'Telefone inválido' rule of the campaign sender (spec 03 §5): 11 to 15 digits after normalising. */
export function campaignNumber(phone: string | null | undefined): string | null {
  return normalisePhone(phone);
}

/**
 * The key of a number on the suppression list (LGPD): the normalised number,
 * with a Brazilian mobile's 12- and 13-digit forms (with and without the
 * ninth digit) folded into one, 55 + DDD + its last 8 digits, the way
 * WhatsApp matches them. Null when it is not a phone number.
 */
export function optOutKey(phone: string | null | undefined): string | null {
  const n = normalisePhone(phone) ?? (/^55\d{10,11}$/.test(digitsOnly(phone)) ? digitsOnly(phone) : null);
  if (!n) return null;
  if (n.startsWith("55") && (n.length === 12 || n.length === 13)) return `55${n.slice(2, 4)}${n.slice(-8)}`;
  return n;
}

/**
 * One recipient per number (issue 25): the first of each number is kept,
 * the 12- and 13-digit forms of a mobile counting as one; how many were
 * left out is returned for the screen.
 */
export function uniqueRecipients<T extends { phone: string }>(list: readonly T[]): { unique: T[]; duplicates: number } {
  const seen = new Set<string>();
  const unique: T[] = [];
  for (const item of list) {
    const key = optOutKey(item.phone) ?? `raw:${digitsOnly(item.phone)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(item);
  }
  return { unique, duplicates: list.length - unique.length };
}

/** SAIR / PARAR (any case, accents or punctuation around) opts a lead out of WhatsApp messages. */
export function isOptOutReply(text: string | null | undefined): boolean {
  const t = stripAccents(text ?? "")
    .replace(/[^a-zA-Z]/g, " ")
    .trim()
    .toUpperCase();
  return /^(SAIR|PARAR|PARE|STOP|CANCELAR)$/.test(t);
}

/** Images in a message (png, jpg, jpeg, gif, webp) are sent as an image with the rest as caption. */
export function imageUrlIn(text: string): string | null {
  const m = text.match(/https?:\/\/\S+?\.(?:png|jpe?g|gif|webp)(?:\?\S*)?(?=\s|$)/i);
  return m ? m[0] : null;
}

/** 'ABCDEFGH' → 'ABC-DEF-GH' (spec 03 §9: grouped in threes with hyphens). */
export function formatPairingCode(code: string): string {
  return (code.match(/.{1,3}/g) ?? []).join("-");
}

/** user_{brokerId}_{name}: lowercase letters, digits and underscore only (spec 03 §5). */
export function sanitiseInstanceName(name: string): string {
  return stripAccents(name)
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 40);
}
