import list from "./common-passwords";
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from "./password-rules";

/**
 * THE password rule (docs/decisions.md, "Hardening, second round"): at
 * least 8 characters, at most 200, and not one of the 10,000 most common
 * passwords of 8+ characters (SecLists' 10-million list, MIT) plus pt-BR
 * favourites, shipped with the app and compared case-insensitively.
 *
 * Every way a password is set goes through assertPasswordAllowed: the
 * accounts module (users.server.ts: createAdmin, createBroker, setPassword)
 * calls it, so the reset link, the settings page, brokers created or edited
 * by an admin, ADMIN_PASSWORD (also checked by config at start-up) and
 * `npm run admin:create` all refuse `12345678` alike. The browser-side
 * schemas only repeat the length for instant feedback.
 */
let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(list.split("\n").map((l) => l.trim().toLowerCase()).filter(Boolean));
  const key = password.trim().toLowerCase();
  // blanks only (eight spaces, tabs) are as easy to guess as any listed password
  return key === "" || common.has(key);
}

export type PasswordProblem = "too-short" | "too-long" | "common" | null;

export function passwordProblem(password: string): PasswordProblem {
  if (password.length < PASSWORD_MIN_LENGTH) return "too-short";
  if (password.length > PASSWORD_MAX_LENGTH) return "too-long";
  if (isCommonPassword(password)) return "common";
  return null;
}

/** The pt-BR message of a problem (the field's error). */
export function passwordProblemMessage(problem: Exclude<PasswordProblem, null>): string {
  if (problem === "too-short") return `${PASSWORD_MESSAGES.tooShort}. ${PASSWORD_MESSAGES.tooShortHint}`;
  if (problem === "too-long") return PASSWORD_MESSAGES.tooLong;
  return PASSWORD_MESSAGES.common;
}

export class WeakPasswordError extends Error {
  constructor(readonly problem: Exclude<PasswordProblem, null>) {
    super(passwordProblemMessage(problem));
  }
}

/** Throws WeakPasswordError (with the pt-BR message) unless the password follows the rule. */
export function assertPasswordAllowed(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new WeakPasswordError(problem);
}
