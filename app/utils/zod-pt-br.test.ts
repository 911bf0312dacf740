import { describe, expect, it } from "vitest";
import { z } from "zod";
import "./zod-pt-br";

const firstMessage = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? null : r.error.issues[0]?.message;
};

describe("zod speaks pt-BR", () => {
  it("words every default message in Portuguese", () => {
    expect(firstMessage(z.object({ a: z.string() }), {})).toBe("Campo obrigatório");
    expect(firstMessage(z.string().min(1), "")).toBe("Campo obrigatório");
    expect(firstMessage(z.string().min(3), "ab")).toBe("Mínimo de 3 caracteres");
    expect(firstMessage(z.string().max(200), "x".repeat(201))).toBe("No máximo 200 caracteres");
    expect(firstMessage(z.number(), "abc")).toBe("Informe um número");
    expect(firstMessage(z.coerce.number().int(), "1.5")).toBe("Informe um número inteiro");
    expect(firstMessage(z.number().min(15), 5)).toBe("O valor mínimo é 15");
    expect(firstMessage(z.number().max(1000000), 2000000)).toBe("O valor máximo é 1.000.000");
    expect(firstMessage(z.number().positive(), 0)).toBe("Informe um valor maior que 0");
    expect(firstMessage(z.enum(["a", "b"]), "c")).toBe("Opção inválida");
    expect(firstMessage(z.email(), "x@")).toBe("E-mail inválido");
    expect(firstMessage(z.url(), "nada")).toBe("URL inválida");
    expect(firstMessage(z.string().regex(/^\d+$/), "x")).toBe("Formato inválido");
    expect(firstMessage(z.array(z.string()).min(1), [])).toBe("Escolha pelo menos uma opção");
    expect(firstMessage(z.discriminatedUnion("intent", [z.object({ intent: z.literal("a") }), z.object({ intent: z.literal("b") })]), { intent: "x" })).toBe("Ação desconhecida");
  });

  it("leaves the schema's own message (the spec's text) in place", () => {
    expect(firstMessage(z.string().min(1, "Nome é obrigatório"), "")).toBe("Nome é obrigatório");
    expect(firstMessage(z.number().min(15, { message: "Intervalo mínimo de 15 segundos" }), 5)).toBe("Intervalo mínimo de 15 segundos");
  });

  it("lets no English word through for any issue code", () => {
    const english = /\b(expected|invalid|received|too|must|string|number|option|required)\b/i;
    const schemas: [z.ZodType, unknown][] = [
      [z.string(), 1],
      [z.boolean(), "x"],
      [z.date(), "x"],
      [z.number().multipleOf(5), 7],
      [z.object({}).strict(), { a: 1 }],
      [z.union([z.string(), z.number()]), {}],
      [z.string().startsWith("a"), "b"],
      [z.file().max(10), new File(["x".repeat(20)], "a.txt")],
      [z.array(z.string()).max(1), ["a", "b"]],
    ];
    for (const [schema, input] of schemas) {
      const message = firstMessage(schema, input);
      expect(message).toBeTruthy();
      expect(message).not.toMatch(english);
    }
  });
});
