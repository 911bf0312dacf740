/** The one phone module (shared with the browser): national digits, the mask, WhatsApp links. The stored normal form is phone.server.ts. */

export function digitsOnly(value: string | null | undefined): string {
  return (value ?? "").replace(/\D/g, "");
}

/**
 * A Brazilian number's national digits (DDD + number) as a person or the
 * browser's autofill may type it: "+55 11 …" / "0055 11 …" drop the
 * country code, "011 …" drops the trunk zero (no DDD starts with 0), and a
 * 12–13 digit "5511…" is the country code too. "(55) 9…" stays: DDD 55.
 * The server's normalisePhone (phone.server.ts, libphonenumber) agrees.
 */
export function nationalDigits(value: string): string {
  const trimmed = value.trim();
  let d = digitsOnly(trimmed);
  if (trimmed.startsWith("+") || d.startsWith("00")) {
    d = d.replace(/^00/, "");
    return d.startsWith("55") ? d.slice(2) : d;
  }
  d = d.replace(/^0+/, "");
  return d.length > 11 && d.startsWith("55") ? d.slice(2) : d;
}

/** (DD) NNNN-NNNN or (DD) NNNNN-NNNN, at most 11 national digits, as the visitor types. */
export function maskPhone(value: string): string {
  const d = nationalDigits(value).slice(0, 11);
  if (d.length === 0) return "";
  if (d.length <= 2) return `(${d}`;
  const area = d.slice(0, 2);
  const rest = d.slice(2);
  if (rest.length <= 4) return `(${area}) ${rest}`;
  if (d.length <= 10) return `(${area}) ${rest.slice(0, 4)}-${rest.slice(4)}`;
  return `(${area}) ${rest.slice(0, 5)}-${rest.slice(5)}`;
}

/** wa.me number for links: digits with 55 prepended when missing. */
export function whatsappNumber(value: string | null | undefined): string {
  const d = digitsOnly(value);
  if (!d) return "";
  return d.startsWith("55") ? d : `55${d}`;
}

export function whatsappLink(phone: string | null | undefined, text?: string): string {
  const n = whatsappNumber(phone);
  const q = text ? `?text=${encodeURIComponent(text)}` : "";
  return `https://wa.me/${n}${q}`;
}

export function formatPhone(value: string | null | undefined): string {
  let d = digitsOnly(value);
  if (d.length > 11 && d.startsWith("55")) d = d.slice(2);
  return d.length >= 10 ? maskPhone(d) : (value ?? "");
}
