import { describe, expect, it } from "vitest";
import { pathWithQuery, withQuery } from "./url";

describe("withQuery", () => {
  it("sets, replaces and removes keys, keeping the others in order", () => {
    expect(withQuery("?a=1&b=2", { b: 3, c: "x" })).toBe("?a=1&b=3&c=x");
    expect(withQuery("a=1&b=2", { a: undefined, b: null })).toBe("");
    expect(withQuery("?q=praça+são", { page: 2 })).toBe("?q=pra%C3%A7a+s%C3%A3o&page=2");
    expect(withQuery("", { empty: "" })).toBe("");
  });
  it("prefixes a path", () => {
    expect(pathWithQuery("/admin", "?status=sold", { page: 2 })).toBe("/admin?status=sold&page=2");
    expect(pathWithQuery("/admin", "", {})).toBe("/admin");
  });
});
