/** One password rule for every form that sets a password (reset, settings, broker management). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MESSAGES = {
  tooShort: "Senha muito curta",
  tooShortHint: "Use pelo menos 8 caracteres.",
  weak: "Senha fraca",
  common: "Senha muito comum: escolha outra, mais difícil de adivinhar.",
} as const;
