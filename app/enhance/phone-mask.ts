import { digitsOnly, maskPhone } from "~/utils/phone";

/** Masks a phone input as the visitor types, keeping the caret after the same digit. */
export function enhancePhoneMask(input: HTMLInputElement): void {
  input.addEventListener("input", () => {
    const caret = input.selectionStart ?? input.value.length;
    const digitsBeforeCaret = digitsOnly(input.value.slice(0, caret)).length;
    const masked = maskPhone(input.value);
    if (masked === input.value) return;
    input.value = masked;
    let position = 0;
    let seen = 0;
    while (position < masked.length && seen < digitsBeforeCaret) {
      if (/\d/.test(masked[position])) seen += 1;
      position += 1;
    }
    // after the last digit, jump past the mask's trailing punctuation
    if (seen === digitsOnly(masked).length) position = masked.length;
    if (document.activeElement === input) input.setSelectionRange(position, position);
  });
}
