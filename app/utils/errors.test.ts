import { describe, expect, it } from "vitest";
import { getErrorMessage } from "./errors";

describe("getErrorMessage", () => {
  it("reads errors, strings and message-like objects; else the fallback", () => {
    expect(getErrorMessage(new Error("disco cheio"))).toBe("disco cheio");
    expect(getErrorMessage(new Error(""))).toBe("Erro desconhecido");
    expect(getErrorMessage("texto")).toBe("texto");
    expect(getErrorMessage({ message: "de objeto" })).toBe("de objeto");
    expect(getErrorMessage(42, "outro")).toBe("outro");
    expect(getErrorMessage(null)).toBe("Erro desconhecido");
  });
});
