/** The one phone module: masks, normalisation and WhatsApp numbers. */

export function digitsOnly(value: string | null | undefined): string {
  return (value ?? "").replace(/\D/g, "");
}

/** (DD) NNNN-NNNN or (DD) NNNNN-NNNN, at most 11 digits, as the visitor types. */
export function maskPhone(value: string): string {
  const d = digitsOnly(value).slice(0, 11);
  if (d.length === 0) return "";
  if (d.length <= 2) return `(${d}`;
  const area = d.slice(0, 2);
  const rest = d.slice(2);
  if (rest.length <= 4) return `(${area}) ${rest}`;
  if (d.length <= 10) return `(${area}) ${rest.slice(0, 4)}-${rest.slice(4)}`;
  return `(${area}) ${rest.slice(0, 5)}-${rest.slice(5)}`;
}

/**
 * Digits only, leading 00 and zeros dropped, 55 added to 10/11-digit
 * numbers; null unless 11 to 15 digits remain (spec 03 §5).
 */
export function normalisePhone(value: string | null | undefined): string | null {
  let d = digitsOnly(value);
  d = d.replace(/^00/, "").replace(/^0+/, "");
  if ((d.length === 10 || d.length === 11) && !d.startsWith("55")) d = `55${d}`;
  return d.length >= 11 && d.length <= 15 ? d : null;
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
