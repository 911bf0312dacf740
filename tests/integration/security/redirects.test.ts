import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/modules/auth/auth.server";

describe("redirect targets are same-origin paths only", () => {
  it.each([
    ["/admin", "/admin"],
    ["/broker/lead/1?x=1#notas", "/broker/lead/1?x=1#notas"],
    ["/imoveis?cidade=S%C3%A3o%20Paulo", "/imoveis?cidade=S%C3%A3o%20Paulo"],
  ])("keeps %s", (input, expected) => {
    expect(safeRedirect(input, "/fallback")).toBe(expected);
  });

  it.each([
    "/\t/evil.test", // what redirectTo=%2F%09%2Fevil.test decodes to
    "/\n/evil.test",
    "/\r\n/evil.test",
    "/%0d%0aSet-Cookie:%20x=1",
    "//evil.test",
    "/\\evil.test",
    "\\\\evil.test",
    "/%2F%2Fevil.test",
    "/%5Cevil.test",
    "/%09/evil.test",
    "https://evil.test/",
    "javascript:alert(1)",
    "evil.test",
    "",
    null,
    undefined,
  ])("refuses %j", (input) => {
    expect(safeRedirect(input as string, "/fallback")).toBe("/fallback");
  });
});
