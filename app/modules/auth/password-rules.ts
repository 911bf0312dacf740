/** The password rule's lengths and texts, browser-safe; the rule itself (common passwords included) is password-policy.server.ts. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const PASSWORD_MESSAGES = {
  tooShort: "Senha muito curta",
  tooShortHint: "Use pelo menos 8 caracteres.",
  weak: "Senha fraca",
  common: "Senha muito comum: escolha outra, mais difícil de adivinhar.",
  tooLong: "Senha muito longa: use no máximo 200 caracteres.",
} as const;
