import list from "./common-passwords.txt?raw";
import { PASSWORD_MIN_LENGTH } from "./password-rules";

/**
 * Passwords refused whatever their length: the 10,000 most common ones of
 * 8+ characters (SecLists' 10-million list, MIT) plus pt-BR favourites,
 * shipped with the app, compared case-insensitively.
 */
let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(list.split("\n").map((l) => l.trim().toLowerCase()).filter(Boolean));
  return common.has(password.trim().toLowerCase());
}

export type PasswordProblem = "too-short" | "common" | null;

export function passwordProblem(password: string): PasswordProblem {
  if (password.length < PASSWORD_MIN_LENGTH) return "too-short";
  if (isCommonPassword(password)) return "common";
  return null;
}
