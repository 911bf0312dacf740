import { describe, expect, it } from "vitest";
import { cityKey, normalisePlaceName, placeKey, uniqueCities } from "./places";

describe("place names (the one normaliser)", () => {
  it("removes the state suffix and title-cases", () => {
    expect(normalisePlaceName("Campinas - SP")).toBe("Campinas");
    expect(normalisePlaceName("CAMPINAS/SP")).toBe("Campinas");
    expect(normalisePlaceName("são josé dos campos, sp")).toBe("São José dos Campos");
    expect(normalisePlaceName("  são josé dos campos - SP ")).toBe("São José dos Campos");
    expect(normalisePlaceName("SANTOS/SP")).toBe("Santos");
    expect(normalisePlaceName("Campinas, SP")).toBe("Campinas");
    expect(normalisePlaceName("São Paulo (SP)")).toBe("São Paulo");
    expect(normalisePlaceName("Rio de Janeiro – RJ")).toBe("Rio de Janeiro");
    expect(normalisePlaceName("  santos  ")).toBe("Santos");
    expect(normalisePlaceName("embu-guaçu")).toBe("Embu-Guaçu");
    expect(normalisePlaceName("Sp")).toBe("Sp"); // a bare two-letter name stays
  });
  it("keys fold accents, case and the suffix", () => {
    expect(cityKey("São Paulo - SP")).toBe("sao paulo");
    expect(cityKey("SAO PAULO")).toBe("sao paulo");
    expect(placeKey("SÃO PAULO/sp")).toBe(placeKey("Sao Paulo"));
  });
  it("de-duplicates and sorts", () => {
    expect(uniqueCities(["Santos", "Campinas - SP", "campinas", "Sao Paulo", "São Paulo - SP", "Águas de Lindóia"])).toEqual(["Águas de Lindóia", "Campinas", "Santos", "São Paulo"]);
  });
});
