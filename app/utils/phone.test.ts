import { describe, expect, it } from "vitest";
import { leadFormSchema, nationalDigits } from "~/modules/leads/lead-form";
import { formatPhone, maskPhone, whatsappLink } from "./phone";
import { normalisePhone } from "./phone.server";

describe("maskPhone", () => {
  it.each([
    ["", ""],
    ["1", "(1"],
    ["11", "(11"],
    ["119", "(11) 9"],
    ["113456", "(11) 3456"],
    ["1134567", "(11) 3456-7"],
    ["1134567890", "(11) 3456-7890"],
    ["11987654321", "(11) 98765-4321"],
    ["(11) 98765-4321", "(11) 98765-4321"],
    ["11 9 8765 4321 99", "(11) 98765-4321"],
    ["abc", ""],
    // issue 13 item 2: what autofill and people type
    ["+55 11 98765-4321", "(11) 98765-4321"],
    ["011 98765-4321", "(11) 98765-4321"],
    ["0055 11 3456-7890", "(11) 3456-7890"],
    ["5511987654321", "(11) 98765-4321"],
    ["(55) 99999-8888", "(55) 99999-8888"],
    ["+55 1", "(1"],
  ])("%s → %s", (input, expected) => {
    expect(maskPhone(input)).toBe(expected);
  });

  it("never keeps more than 11 digits", () => {
    expect(maskPhone("1198765432100000").replace(/\D/g, "")).toHaveLength(11);
  });
});

describe("normalisePhone", () => {
  it.each([
    ["(11) 98765-4321", "5511987654321"],
    ["(11) 3456-7890", "551134567890"],
    ["+55 11 98765-4321", "5511987654321"],
    ["0055 11 98765-4321", "5511987654321"],
    ["011 98765-4321", "5511987654321"],
    ["9876-5432", null],
    ["", null],
    [null, null],
    ["1234567890123456", null],
    ["5511987654321", "5511987654321"],
    ["(55) 99999-8888", "5555999998888"],
    ["+1 415 555 0100", "14155550100"],
  ])("%s → %s", (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
  });
});

describe("phone helpers", () => {
  it("formatPhone shows stored numbers with the mask", () => {
    expect(formatPhone("5511987654321")).toBe("(11) 98765-4321");
    expect(formatPhone("12")).toBe("12");
  });

  it("whatsappLink adds the country code and encodes the text", () => {
    expect(whatsappLink("(11) 98888-7777", "Olá & bem-vindo")).toBe("https://wa.me/5511988887777?text=Ol%C3%A1%20%26%20bem-vindo");
  });

  it("the browser's national digits and the server's normal form agree on what people type", () => {
    for (const typed of ["+55 11 98765-4321", "011 98765-4321", "0055 11 3456-7890", "(55) 99999-8888", "11987654321", "(11) 3456-7890", "5511987654321"]) {
      expect(`55${nationalDigits(typed)}`, typed).toBe(normalisePhone(typed));
    }
  });

  it("nationalDigits drops a +55 or 0055 prefix only from longer numbers", () => {
    expect(nationalDigits("+55 (11) 98765-4321")).toBe("11987654321");
    expect(nationalDigits("0055 11 3456-7890")).toBe("1134567890");
    expect(nationalDigits("(55) 98765-4321")).toBe("55987654321");
  });
});

describe("lead form schema (browser and server)", () => {
  it("accepts a complete form and normalises it", () => {
    const parsed = leadFormSchema.parse({ name: " Ana ", email: " ANA@EXEMPLO.COM ", phone: "11987654321", message: " Oi " });
    expect(parsed).toEqual({ name: "Ana", email: "ana@exemplo.com", phone: "(11) 98765-4321", message: "Oi" });
  });

  it("gives exactly one message per bad field", () => {
    const result = leadFormSchema.safeParse({ name: " ", email: " ", phone: " ", message: " " });
    expect(result.success).toBe(false);
    const byField: Record<string, string[]> = {};
    for (const issue of result.error!.issues) (byField[String(issue.path[0])] ??= []).push(issue.message);
    expect(byField).toEqual({
      name: ["Por favor, informe seu nome"],
      email: ["Por favor, informe seu e-mail"],
      phone: ["Por favor, informe seu telefone"],
      message: ["Por favor, escreva uma mensagem"],
    });
  });
});
