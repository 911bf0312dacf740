/** The password rule's lengths and texts (each length written once: the texts say it), browser-safe; the rule itself (common passwords included) is password-policy.server.ts. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const PASSWORD_MESSAGES = {
  tooShort: "Senha muito curta",
  tooShortHint: `Use pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`,
  weak: "Senha fraca",
  common: "Senha muito comum: escolha outra, mais difícil de adivinhar.",
  tooLong: `Senha muito longa: use no máximo ${PASSWORD_MAX_LENGTH} caracteres.`,
} as const;
