import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { formatPhone } from "./phone";

/**
 * The one phone normaliser (server only: the library's metadata stays out
 * of the browser): libphonenumber with Brazil's rules as the default
 * country, so "+55 11 98765-4321", "011 98765-4321", "0055 11 …" and
 * "(11) 98765-4321" all become 5511987654321, and "(55) 99999-8888" is
 * DDD 55 (5555999998888). Digits of the E.164 form (what WhatsApp and the
 * duplicate check use), or null when it is not a possible number.
 */
export function normalisePhone(value: string | null | undefined): string | null {
  const raw = (value ?? "").trim();
  if (!raw) return null;
  const digits = raw.replace(/\D/g, "");
  // "0055 …" (international prefix) and "5511987654321" typed without "+": the country code is there already
  const input = digits.startsWith("00") ? `+${digits.slice(2)}` : !raw.startsWith("+") && /^55\d{10,11}$/.test(digits) ? `+${digits}` : raw;
  const phone = parsePhoneNumberFromString(input, "BR");
  if (!phone || !phone.isPossible()) return null;
  // a Brazilian number needs its DDD (10 or 11 national digits)
  if (phone.countryCallingCode === "55" && phone.nationalNumber.length < 10) return null;
  return phone.number.replace(/^\+/, "");
}

/**
 * A phone as a person reads it in an exported file: a Brazilian number in
 * its national form, "(11) 98765-4321" (no leading '+', which a spreadsheet
 * would take for a formula and the export would have to guard with a
 * visible apostrophe); another country's number in its international form
 * ("+1 415 555 0100", still guarded); what was typed when it is not a number.
 */
export function readablePhone(value: string | null | undefined): string {
  const digits = normalisePhone(value);
  if (!digits) return value ?? "";
  if (digits.startsWith("55")) return formatPhone(digits);
  return parsePhoneNumberFromString(`+${digits}`)?.formatInternational() ?? value ?? "";
}
