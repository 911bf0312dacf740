import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * Demo data only when asked for (issue 23): a start without SEED_DEMO seeds
 * nothing; `npm start` asks for it; the start that creates the demo prints
 * its passwords once, later starts print nothing (DATA_DIR keeps them).
 */
const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  vi.restoreAllMocks();
});

/** One start of the real bootstrap in a fresh module graph (bootstrap() runs once per process otherwise). */
async function start(env: Record<string, string | undefined>): Promise<string> {
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  vi.resetModules();
  const { resetConfigCache } = await import("~/modules/platform/config.server");
  resetConfigCache();
  const out: string[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    out.push(String(chunk));
    return true;
  });
  const { bootstrap } = await import("~/modules/platform/bootstrap.server");
  await bootstrap();
  vi.restoreAllMocks();
  return out.join("");
}

async function counts() {
  const { db } = await import("~/modules/platform/db.server");
  const n = async (table: "users" | "brokers" | "leads") => Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  return { users: await n("users"), brokers: await n("brokers"), leads: await n("leads") };
}

describe("start-up and the demo data", () => {
  it("the scripts: `npm start` and `npm run dev` ask for the demo, `npm run serve` and the image do not", () => {
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toMatch(/node server\.mjs --seed-demo$/);
    expect(pkg.scripts.dev).toContain("--seed-demo");
    expect(pkg.scripts.serve).not.toContain("--seed-demo");
    expect(fs.readFileSync("Dockerfile", "utf8")).toMatch(/SEED_DEMO=false/);
    expect(fs.readFileSync("Dockerfile", "utf8")).toMatch(/CMD \["node", "server\.mjs"\]/);
    // server.mjs turns the flag into SEED_DEMO=true only when SEED_DEMO is not set
    expect(fs.readFileSync("server.mjs", "utf8")).toContain('if (process.argv.includes("--seed-demo") && !process.env.SEED_DEMO) process.env.SEED_DEMO = "true";');
  });

  it("without SEED_DEMO (a production start, `npm run serve`, the image) nothing is seeded and no password printed", async () => {
    const printed = await start({ SEED_DEMO: undefined, LOG_LEVEL: "info" });
    expect(await counts()).toEqual({ users: 0, brokers: 0, leads: 0 });
    expect(printed).not.toContain("Demo logins:");
    expect(fs.existsSync(path.join(process.env.DATA_DIR!, "demo-logins.json"))).toBe(false);
  });

  it("SEED_DEMO=true seeds an empty database and prints the passwords on that start only", async () => {
    const first = await start({ SEED_DEMO: "true", LOG_LEVEL: "info", PORT: "4555" });
    const after = await counts();
    expect(after.users).toBe(4);
    expect(after.leads).toBe(45); // 42 over the stages, and one from each portal
    expect(first).toContain("Demo logins:");
    const kept = JSON.parse(fs.readFileSync(path.join(process.env.DATA_DIR!, "demo-logins.json"), "utf8")) as Record<string, string>;
    expect(first).toContain(`admin@larimoveis.com.br / ${kept["admin@larimoveis.com.br"]}  (http://localhost:4555/login)`);
    const second = await start({ SEED_DEMO: "true", LOG_LEVEL: "info" });
    expect(second).not.toContain("Demo logins:");
    expect(second).not.toContain(kept["admin@larimoveis.com.br"]);
    expect(await counts()).toEqual(after);
  }, 120_000);
});
