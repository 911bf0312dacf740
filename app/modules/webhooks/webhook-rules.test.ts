import { describe, expect, it } from "vitest";
import { RETRY_FIRST_DELAY_MS, RETRY_MAX_DELAY_MS, retryDelayMs, WEBHOOK_MESSAGES, webhookActionSchema, webhookUrlProblem } from "./webhook-rules";

describe("the webhook URL rule (spec 03 §5)", () => {
  it("wants an address", () => {
    expect(webhookUrlProblem("")).toBe(WEBHOOK_MESSAGES.urlRequired);
    expect(webhookUrlProblem("   ")).toBe(WEBHOOK_MESSAGES.urlRequired);
  });

  it("takes http and https addresses, with spaces around them", () => {
    expect(webhookUrlProblem("https://crm.example.com/hook")).toBeNull();
    expect(webhookUrlProblem("http://crm.example.com:8080/hook?x=1")).toBeNull();
    expect(webhookUrlProblem("  https://crm.example.com/hook  ")).toBeNull();
  });

  it("refuses what does not parse, other schemes and addresses carrying a login", () => {
    for (const bad of ["crm.example.com/hook", "not a url", "ftp://crm.example.com/hook", "javascript:alert(1)", "file:///etc/passwd"]) {
      expect(webhookUrlProblem(bad), bad).toBe(WEBHOOK_MESSAGES.urlInvalid);
    }
    expect(webhookUrlProblem("https://user:secret@crm.example.com/hook")).toBe(WEBHOOK_MESSAGES.urlInvalid);
    expect(webhookUrlProblem("https://user@crm.example.com/hook")).toBe(WEBHOOK_MESSAGES.urlInvalid);
    expect(webhookUrlProblem("https://:secret@crm.example.com/hook")).toBe(WEBHOOK_MESSAGES.urlInvalid);
  });
});

describe("when a failed delivery is tried again", () => {
  it("waits 30 s after the first failure and doubles each time", () => {
    expect(RETRY_FIRST_DELAY_MS).toBe(30_000);
    expect(retryDelayMs(0)).toBe(30_000);
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(3)).toBe(120_000);
    expect(retryDelayMs(10)).toBe(30_000 * 512); // 4 h 16 min: still under the cap
  });

  it("never waits more than 6 hours", () => {
    expect(RETRY_MAX_DELAY_MS).toBe(6 * 3600_000);
    expect(retryDelayMs(11)).toBe(6 * 3600_000);
    expect(retryDelayMs(40)).toBe(6 * 3600_000);
  });
});

describe("the /admin/webhook forms", () => {
  const messageOf = (input: Record<string, unknown>) => {
    const result = webhookActionSchema.safeParse(input);
    return result.success ? null : result.error.issues.map((i) => i.message);
  };

  it("adds a webhook with an address and at least one known event", () => {
    expect(webhookActionSchema.parse({ intent: "add", url: " https://crm.example.com/hook ", events: ["novo_lead"] })).toEqual({
      intent: "add",
      url: "https://crm.example.com/hook",
      events: ["novo_lead"],
      allowPrivate: false,
    });
    expect(webhookActionSchema.parse({ intent: "add", url: "https://crm.example.com/hook", events: ["novo_lead"], allowPrivate: "on" })).toMatchObject({ allowPrivate: true });
    expect(messageOf({ intent: "add", url: "https://crm.example.com/hook", events: [] })).toEqual([WEBHOOK_MESSAGES.eventsRequired]);
    expect(messageOf({ intent: "add", url: "https://crm.example.com/hook", events: ["apagar_tudo"] })).toEqual([WEBHOOK_MESSAGES.eventsRequired]);
    expect(messageOf({ intent: "add", url: "https://crm.example.com/hook" })).toEqual([WEBHOOK_MESSAGES.eventsRequired]);
    expect(messageOf({ intent: "add", events: ["novo_lead"] })).toEqual([WEBHOOK_MESSAGES.urlRequired]);
    expect(messageOf({ intent: "add", url: "ftp://x.example.com", events: ["novo_lead"] })).toEqual([WEBHOOK_MESSAGES.urlInvalid]);
  });

  it("acts on a row only with a valid id, and knows no other intent", () => {
    expect(webhookActionSchema.parse({ intent: "delete", id: "7" })).toEqual({ intent: "delete", id: 7 });
    for (const id of ["0", "-1", "abc", "1; drop table webhooks", undefined]) {
      expect(messageOf({ intent: "test", id }), String(id)).toEqual([WEBHOOK_MESSAGES.notFound]);
    }
    expect(webhookActionSchema.safeParse({ intent: "drop", id: "1" }).success).toBe(false);
    expect(webhookActionSchema.parse({ intent: "portal-address" })).toEqual({ intent: "portal-address" });
  });

  it("acts on a row with each of the row buttons' intents", () => {
    for (const intent of ["activate", "deactivate", "delete", "test", "rotate"]) {
      expect(webhookActionSchema.parse({ intent, id: "3" }), intent).toEqual({ intent, id: 3 });
    }
  });

  it("edits a webhook, the confirmed address at most 2000 characters like the address itself", () => {
    const edit = { intent: "update", id: "4", url: "https://crm.example.com/novo", events: ["novo_lead"] };
    expect(webhookActionSchema.parse(edit)).toEqual({ intent: "update", id: 4, url: "https://crm.example.com/novo", events: ["novo_lead"], allowPrivate: false });
    expect(webhookActionSchema.parse({ ...edit, confirmedUrl: "https://crm.example.com/novo" })).toMatchObject({ confirmedUrl: "https://crm.example.com/novo" });
    const long = `https://crm.example.com/${"x".repeat(2000 - "https://crm.example.com/".length)}`;
    expect(long).toHaveLength(2000);
    expect(webhookActionSchema.safeParse({ ...edit, url: long, confirmedUrl: long }).success).toBe(true);
    expect(webhookActionSchema.safeParse({ ...edit, confirmedUrl: `${long}x` }).success).toBe(false);
    expect(messageOf({ ...edit, id: "0" })).toEqual([WEBHOOK_MESSAGES.notFound]);
  });
});
