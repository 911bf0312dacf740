import { describe, expect, it, vi } from "vitest";
import { passwordProblem, passwordProblemMessage } from "~/modules/auth/password-policy.server";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/modules/auth/password-rules";
import { createBroker, setPassword } from "~/modules/auth/users.server";
import { makeBroker, uniqueEmail } from "../../helpers/factories";

/**
 * The password minimum is 8 characters and the maximum 200 (password-policy.server.ts):
 * each boundary on both sides, with passwords that are not common, so only the length decides.
 */
const SHORT_7 = "Ab3$kq9"; // 7 characters, not a common password
const OK_8 = "Ab3$kq9z";

describe("the password length", () => {
  it("refuses 7 characters and accepts 8", async () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(SHORT_7).toHaveLength(7);
    expect(passwordProblem(SHORT_7)).toBe("too-short");
    expect(passwordProblem(OK_8)).toBeNull();
    expect(passwordProblemMessage("too-short")).toBe("Senha muito curta. Use pelo menos 8 caracteres.");

    // every way a password is set: a new account, a changed password
    await expect(createBroker({ name: "Curta", email: uniqueEmail("curta"), password: SHORT_7 })).rejects.toThrow("Senha muito curta");
    const ok = await createBroker({ name: "Oito", email: uniqueEmail("oito"), password: OK_8 });
    expect(ok.userId).toBeTruthy();
    const b = await makeBroker();
    await expect(setPassword(b.userId, SHORT_7)).rejects.toThrow("Senha muito curta");
    await expect(setPassword(b.userId, OK_8)).resolves.toBeUndefined();
  });

  it("accepts 200 characters and refuses 201", () => {
    expect(PASSWORD_MAX_LENGTH).toBe(200);
    expect(passwordProblem("Ab3$".repeat(50))).toBeNull();
    expect(passwordProblem("Ab3$".repeat(50) + "x")).toBe("too-long");
    expect(passwordProblemMessage("too-long")).toBe("Senha muito longa: use no máximo 200 caracteres.");
  });

  it("a common password with spaces around it is still common", () => {
    expect(passwordProblem("  senha123  ")).toBe("common");
  });

  it("the list is compared without case on both sides: entries shipped capitalised are common in any case", async () => {
    // 50 of the shipped entries start with a capital ("Software", "Translator"); only the list's own lower-casing makes them match.
    // A fresh copy of the module, as at a server start, so the list is loaded by this test whatever ran before it.
    vi.resetModules();
    const fresh = await import("~/modules/auth/password-policy.server");
    for (const typed of ["software", "Software", "TRANSLATOR"]) expect(fresh.passwordProblem(typed), typed).toBe("common");
    expect(fresh.passwordProblem("Softwares")).toBeNull();
  });
});
