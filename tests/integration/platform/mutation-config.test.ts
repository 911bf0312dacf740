import fs from "node:fs";
import { describe, expect, it } from "vitest";

/** The mutation run names the rule modules by path: a module moved without updating the list would silently drop out of it. */
describe("stryker.config.mjs", () => {
  it("every file it mutates exists", async () => {
    const { default: config } = (await import(new URL("../../../stryker.config.mjs", import.meta.url).href)) as { default: { mutate: string[] } };
    const missing = config.mutate.filter((file) => !fs.existsSync(file));
    expect(missing).toEqual([]);
    expect(config.mutate.length).toBeGreaterThan(10);
  });
});
