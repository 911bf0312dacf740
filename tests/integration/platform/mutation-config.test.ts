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

  it("never narrows the tests with Stryker's testFiles, which leaves static mutants inactive (docs/testing.md)", async () => {
    const { default: config } = (await import(new URL("../../../stryker.config.mjs", import.meta.url).href)) as {
      default: { testFiles?: unknown; vitest: { configFile: string } };
    };
    expect(config.testFiles).toBeUndefined();
    expect(config.vitest.configFile).toBe("vitest.mutation.config.ts");
    const scripts = JSON.parse(fs.readFileSync("package.json", "utf8")).scripts as Record<string, string>;
    expect(Object.values(scripts).filter((script) => script.includes("stryker") && script.includes("--testFiles"))).toEqual([]);
  });
});
