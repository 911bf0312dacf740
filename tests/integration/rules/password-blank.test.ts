import { describe, expect, it } from "vitest";
import { passwordProblem } from "~/modules/auth/password-policy.server";
import { createBroker } from "~/modules/auth/users.server";
import { uniqueEmail } from "../../helpers/factories";

/** A password of blanks only is long enough but refused as easy to guess; blanks inside a real password are kept and allowed. */
describe("a password of blanks", () => {
  it("refuses eight spaces, tabs or a mix, at any length", async () => {
    for (const blank of [" ".repeat(8), "\t".repeat(8), " \t \u00a0 \t  ", " ".repeat(200)]) expect(passwordProblem(blank)).toBe("common");
    await expect(createBroker({ name: "Espaços", email: uniqueEmail("espacos"), password: " ".repeat(12) })).rejects.toThrow("Senha muito comum");
  });

  it("allows spaces inside or around a password that is not common", () => {
    expect(passwordProblem("minha casa azul")).toBeNull();
    expect(passwordProblem("  Ab3$kq9z  ")).toBeNull();
  });
});
