/**
 * The one honeypot for public forms: a text field people never see (off
 * screen, out of the tab order) and naive bots fill. A filled honeypot means
 * the action answers with its usual success and stores nothing.
 * The field itself: `HoneypotField` in ~/components/public/honeypot-field.
 */
export const HONEYPOT_FIELD = "website";
export const HONEYPOT_LABEL = "Não preencha este campo";

export function isHoneypotFilled(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}
