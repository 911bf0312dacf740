import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "./secrets.server";

describe("stored secrets", () => {
  it("round-trips and never stores the plain text", () => {
    const stored = encryptSecret("senha-smtp-123", "smtp");
    expect(stored).not.toContain("senha-smtp-123");
    expect(stored.startsWith("v1:")).toBe(true);
    expect(decryptSecret(stored, "smtp")).toBe("senha-smtp-123");
  });
  it("refuses a tampered value or another purpose's key", () => {
    const stored = encryptSecret("chave", "gateway");
    expect(decryptSecret(stored, "smtp")).toBeNull();
    const parts = stored.split(":");
    parts[3] = Buffer.from("outra").toString("base64url");
    expect(decryptSecret(parts.join(":"), "gateway")).toBeNull();
    expect(decryptSecret(null)).toBeNull();
    expect(decryptSecret("texto-puro")).toBeNull();
  });
  it("uses a fresh IV each time", () => {
    expect(encryptSecret("x")).not.toBe(encryptSecret("x"));
  });
});
