import { describe, expect, it } from "vitest";
import { leadFormSchema } from "./lead-form";
import { LEAD_FIELDS, leadFieldError } from "./lead-rules";

/** The browser's field check (lead-rules.ts) and the server's schema give the same first message for every value. */
const VALUES: Record<(typeof LEAD_FIELDS)[number], string[]> = {
  name: ["", "   ", "Jo", "  Jo ", "Ana", "x".repeat(120), "x".repeat(121), "<script>alert(1)</script>"],
  email: ["", "maria@", "maria@x", "maria@x.c", "MARIA@EXEMPLO.COM.BR", "a..b@x.com", ".a@x.com", "a.b@x.com", "a b@x.com", `${"a".repeat(250)}@x.com`, "o'neil@x.io", "a@b-.com"],
  phone: ["", "119876543", "(11) 9876-543", "(11) 98765-4321", "+55 11 98765-4321", "011 98765-4321", "(55) 99999-8888", "1198765432100", "abc", "1".repeat(31)],
  message: ["", "  ", "Olá", "x".repeat(5000), "x".repeat(5001)],
};

function schemaError(field: (typeof LEAD_FIELDS)[number], value: string): string | null {
  const valid = { name: "Maria Silva", email: "maria@exemplo.com.br", phone: "(11) 98765-4321", message: "Olá" };
  const result = leadFormSchema.safeParse({ ...valid, [field]: value });
  if (result.success) return null;
  return result.error.issues.find((issue) => issue.path[0] === field)?.message ?? null;
}

describe("lead field rules", () => {
  for (const field of LEAD_FIELDS) {
    it.each(VALUES[field])(`${field}: %j gets the server's message`, (value) => {
      expect(leadFieldError(field, value)).toBe(schemaError(field, value));
    });
  }

  it("refuses what it should", () => {
    expect(leadFieldError("email", "maria@")).toBe("Informe um e-mail válido");
    expect(leadFieldError("phone", "119876543")).toBe("Telefone incompleto");
    expect(leadFieldError("name", "  Jo ")).toBe("O nome deve ter pelo menos 3 caracteres");
  });
});
