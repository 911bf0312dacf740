import { describe, expect, it } from "vitest";
import { leadFormSchema, LEAD_MESSAGES } from "./lead-form";

/**
 * The lead form's schema answers each wrong field with one message, its
 * first failed rule's: the form's reply (`submission.reply()`) carries
 * exactly what the visitor reads beside the field, not a pile of messages
 * that each screen would have to sort.
 */
const valid = { name: "Maria Oliveira", email: "maria@exemplo.com.br", phone: "(11) 98765-4321", message: "Quero visitar." };

function messagesFor(field: keyof typeof valid, value: unknown): string[] {
  const parsed = leadFormSchema.safeParse({ ...valid, [field]: value });
  if (parsed.success) return [];
  return parsed.error.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message);
}

describe("lead form schema: one message per wrong field", () => {
  it.each([
    ["name", "", [LEAD_MESSAGES.nameRequired]],
    ["name", "   ", [LEAD_MESSAGES.nameRequired]],
    ["name", undefined, [LEAD_MESSAGES.nameRequired]],
    ["name", 42, [LEAD_MESSAGES.nameRequired]],
    ["email", "", [LEAD_MESSAGES.emailRequired]],
    ["email", undefined, [LEAD_MESSAGES.emailRequired]],
    ["phone", "", [LEAD_MESSAGES.phoneRequired]],
    ["phone", undefined, [LEAD_MESSAGES.phoneRequired]],
    // 31 characters: refused for its length alone, the digit rules are not asked
    ["phone", "1".repeat(31), [LEAD_MESSAGES.phoneInvalid]],
    ["phone", "(11) 8765-432", [LEAD_MESSAGES.phoneShort]],
    ["phone", "abc", [LEAD_MESSAGES.phoneShort]],
    ["message", "", [LEAD_MESSAGES.messageRequired]],
    ["message", undefined, [LEAD_MESSAGES.messageRequired]],
  ] as const)("%s = %j → %j", (field, value, expected) => {
    expect(messagesFor(field, value)).toEqual(expected);
  });

  it("a field right on its limits passes, one character past them gets its message", () => {
    expect(messagesFor("name", "Ana")).toEqual([]);
    expect(messagesFor("name", "An")).toEqual([LEAD_MESSAGES.nameShort]);
    expect(messagesFor("phone", "(11) 3456-7890")).toEqual([]);
    expect(messagesFor("phone", "(11) 98765-43210")).toEqual([LEAD_MESSAGES.phoneInvalid]);
  });
});
