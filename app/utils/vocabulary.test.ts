import { describe, expect, it } from "vitest";
import { z } from "zod";
import { vocabulary } from "./vocabulary";

describe("vocabulary", () => {
  const sorts = vocabulary({ recent: "Mais recentes", price_asc: "Menor preço", none: "Destaques primeiro" });

  it("lists the codes in the labels' order, each with its label", () => {
    expect(sorts.codes).toEqual(["recent", "price_asc", "none"]);
    expect(sorts.codes.map((c) => sorts.labels[c])).toEqual(["Mais recentes", "Menor preço", "Destaques primeiro"]);
    expect(Object.isFrozen(sorts.codes)).toBe(true);
  });

  it("knows its own codes only: not a label, not another case, not an object's inherited key", () => {
    expect(sorts.is("price_asc")).toBe(true);
    for (const value of ["Menor preço", "PRICE_ASC", "", "toString", "constructor", "__proto__", null, undefined, 1, ["recent"]]) {
      expect(sorts.is(value)).toBe(false);
    }
  });

  it("gives zod an enum of its codes", () => {
    const schema = z.enum(sorts.codes);
    expect(schema.parse("none")).toBe("none");
    expect(schema.safeParse("oldest").success).toBe(false);
  });
});
