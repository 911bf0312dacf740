import { describe, expect, it } from "vitest";
import { parseRef, withRef } from "./referral";

describe("referral code (the one check)", () => {
  it("accepts a UUID, trimmed and lower-cased", () => {
    expect(parseRef(" 3F2504E0-4F89-41D3-9A0C-0305E82C3301 ")).toBe("3f2504e0-4f89-41d3-9a0c-0305e82c3301");
  });
  it("refuses anything else", () => {
    for (const bad of [null, undefined, "", "abc", "nao-e-um-uuid' OR 1=1 --", "3f2504e0-4f89-41d3-9a0c-0305e82c330", "------------------------------------"]) expect(parseRef(bad)).toBeNull();
  });
  it("withRef keeps the path and hash", () => {
    expect(withRef("/imoveis?page=2#lista", "abc")).toBe("/imoveis?page=2&ref=abc#lista");
    expect(withRef("/", null)).toBe("/");
  });
});
