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

/**
 * Each rule on both sides of its boundary, with the spec's messages (01 §5)
 * written out: the browser check and the schema share LEAD_MESSAGES and
 * LEAD_LIMITS, so the agreement above cannot see a changed limit or text.
 */
describe("the lead form's rules at their boundaries", () => {
  const valid = { name: "Maria Silva", email: "maria@exemplo.com.br", phone: "(11) 98765-4321", message: "Olá" };
  const both = (field: (typeof LEAD_FIELDS)[number], value: string) => {
    const browser = leadFieldError(field, value);
    expect(schemaError(field, value), `${field}: ${JSON.stringify(value).slice(0, 40)}`).toBe(browser);
    return browser;
  };

  it("name: required, 3 to 120 characters after trimming", () => {
    expect(both("name", "")).toBe("Por favor, informe seu nome");
    expect(both("name", "   ")).toBe("Por favor, informe seu nome");
    expect(both("name", "Jo")).toBe("O nome deve ter pelo menos 3 caracteres");
    expect(both("name", " Ana ")).toBeNull();
    expect(both("name", "x".repeat(120))).toBeNull();
    expect(both("name", "x".repeat(121))).toBe("O nome deve ter no máximo 120 caracteres");
  });

  it("e-mail: required, at most 254 characters, one address of the usual form", () => {
    expect(both("email", "")).toBe("Por favor, informe seu e-mail");
    const domain = "@exemplo.com.br"; // 15 characters
    expect(both("email", `${"a".repeat(254 - domain.length)}${domain}`)).toBeNull();
    expect(both("email", `${"a".repeat(255 - domain.length)}${domain}`)).toBe("Informe um e-mail válido");
    for (const good of ["a@x.co", "MARIA@EXEMPLO.COM.BR", "o'neil@x.io", "a.b_c+d-e@sub.x-y.com", "1@2x.br"]) {
      expect(both("email", good), good).toBeNull();
    }
    // nothing before or after the address; two letters at least in the last label, letters only;
    // no dot at either end of the name or two in a row; a label may not start with a hyphen
    for (const bad of ["maria@x.com x", "x maria@x.com", "a@x.c", "a@x.c1", "a@x", "a@.com", "a@-x.com", "a.@x.com", ".a@x.com", "a..b@x.com", "a'@x.com", "a@x..com", "@x.com", "a@@x.com", "a b@x.com"]) {
      expect(both("email", bad), bad).toBe("Informe um e-mail válido");
    }
  });

  it("phone: required, at most 30 characters, 10 or 11 national digits", () => {
    expect(both("phone", "")).toBe("Por favor, informe seu telefone");
    expect(both("phone", "   ")).toBe("Por favor, informe seu telefone");
    expect(both("phone", "119876543")).toBe("Telefone incompleto");
    expect(both("phone", "1198765432")).toBeNull();
    expect(both("phone", "11987654321")).toBeNull();
    expect(both("phone", "119876543210")).toBe("Informe um telefone válido com DDD");
    // 30 characters with 11 digits pass; 31 are refused before the digits are counted
    expect(both("phone", "(11) 98765-4321".padEnd(30, "."))).toBeNull();
    expect(both("phone", "(11) 98765-4321".padEnd(31, "."))).toBe("Informe um telefone válido com DDD");
    expect(both("phone", "+55 11 98765-4321")).toBeNull();
    // the spaces around do not count
    expect(both("phone", ` ${"(11) 98765-4321".padEnd(30, ".")} `)).toBeNull();
  });

  it("message: required, at most 5000 characters", () => {
    expect(both("message", " ")).toBe("Por favor, escreva uma mensagem");
    expect(both("message", "x".repeat(5000))).toBeNull();
    expect(both("message", "x".repeat(5001))).toBe("A mensagem deve ter no máximo 5000 caracteres");
  });

  it("the schema stores the phone in the one display format and the e-mail in lower case", () => {
    const parsed = leadFormSchema.parse({ ...valid, email: "  Maria@Exemplo.COM ", phone: " +55 11 98765-4321 ", name: "  Maria  ", message: " Oi " });
    expect(parsed).toEqual({ name: "Maria", email: "maria@exemplo.com", phone: "(11) 98765-4321", message: "Oi" });
  });

  it("the schema's first message for a missing or wrong-typed field is the field's 'required' text", () => {
    const result = leadFormSchema.safeParse({ name: 5, email: null, phone: undefined, message: [] });
    expect(result.success).toBe(false);
    const messages: Record<string, string> = {};
    for (const issue of result.error!.issues) messages[String(issue.path[0])] ??= issue.message; // the first per field, the one shown
    expect(messages).toEqual({
      name: "Por favor, informe seu nome",
      email: "Por favor, informe seu e-mail",
      phone: "Por favor, informe seu telefone",
      message: "Por favor, escreva uma mensagem",
    });
  });

  it("the referral code is optional and at most 64 characters", () => {
    expect(leadFormSchema.safeParse({ ...valid }).success).toBe(true);
    expect(leadFormSchema.safeParse({ ...valid, ref: "r".repeat(64) }).success).toBe(true);
    expect(leadFormSchema.safeParse({ ...valid, ref: "r".repeat(65) }).success).toBe(false);
    // a code pasted with spaces around is the code
    const ref = "0f8fad5b-d9cb-469f-a165-70867728950e";
    expect(leadFormSchema.parse({ ...valid, ref: `  ${ref} ` }).ref).toBe(ref);
  });
});
