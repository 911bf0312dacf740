import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { config, configScoped, ConfigError, loadConfig, resetConfigCache } from "~/modules/platform/config.server";
import { db } from "~/modules/platform/db.server";
import { DEMO_ADMIN, DEMO_LOGINS_FILE } from "~/modules/platform/seed.server";
import { createAdmin } from "~/modules/auth/users.server";

/** The environment is validated at start-up; a bad value names the variable. */
const made: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-config-"));
  made.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

function errorOf(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig({ DATA_DIR: tempDir(), ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  it("uses the documented defaults", () => {
    const dir = tempDir();
    const cfg = loadConfig({ DATA_DIR: dir });
    expect(cfg.PORT).toBe(3000);
    expect(cfg.publicUrl).toBe("http://localhost:3000");
    expect(cfg.databaseFile).toBe(path.join(dir, "app.db"));
    expect(cfg.uploadsDir).toBe(path.join(dir, "uploads"));
    expect(cfg.outboxDir).toBe(path.join(dir, "outbox"));
    // demo data only when asked for (issue 23)
    expect(cfg.SEED_DEMO).toBe("false");
    expect(cfg.RATE_LIMIT_MAX).toBe(10);
    expect(cfg.PASSWORD_HASH_COST).toBe(32768);
    expect(cfg.SMTP_URL).toBeUndefined();
  });

  it.each([
    ["PORT", { PORT: "abc" }],
    ["PORT", { PORT: "70000" }],
    ["PUBLIC_URL", { PUBLIC_URL: "notaurl" }],
    ["PUBLIC_URL", { PUBLIC_URL: "ftp://example.com" }],
    ["SESSION_SECRET", { SESSION_SECRET: "curto" }],
    ["SMTP_URL", { SMTP_URL: "mail.example.com:25" }],
    ["ADMIN_EMAIL", { ADMIN_EMAIL: "nao-e-email", ADMIN_PASSWORD: "senha-longa-123" }],
    ["ADMIN_PASSWORD", { ADMIN_EMAIL: "dono@larimoveis.com.br" }],
    ["ADMIN_PASSWORD", { ADMIN_EMAIL: "dono@larimoveis.com.br", ADMIN_PASSWORD: "curta" }],
    ["SEED_DEMO", { SEED_DEMO: "sim" }],
    ["LOG_LEVEL", { LOG_LEVEL: "verbose" }],
    ["RATE_LIMIT_MAX", { RATE_LIMIT_MAX: "0" }],
    ["PASSWORD_HASH_COST", { PASSWORD_HASH_COST: "1000" }],
    ["PASSWORD_HASH_COST", { PASSWORD_HASH_COST: "512" }],
    ["PASSWORD_HASH_COST", { PASSWORD_HASH_COST: "2097152" }],
    ["TRUST_PROXY", { TRUST_PROXY: "yes" }],
  ])("names %s when it is bad (%o)", (variable, env) => {
    const error = errorOf(env);
    expect(error.message).toContain("Invalid environment configuration");
    expect(error.message).toMatch(new RegExp(`^  ${variable}: .+`, "m"));
  });

  it("refuses a DATA_DIR it cannot write, with one line naming it", () => {
    expect(() => loadConfig({ DATA_DIR: "/dev/null/dados" })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: "/dev/null/dados" })).toThrow(/DATA_DIR: \/dev\/null\/dados cannot be used/);
    // a pseudo file system: refused at once (Node's recursive mkdir never returned here)
    expect(() => loadConfig({ DATA_DIR: "/proc/nao-existe/dados" })).toThrow(/DATA_DIR: \/proc\/nao-existe\/dados cannot be used/);
  });

  it("lists every bad variable at once", () => {
    const error = errorOf({ PORT: "abc", PUBLIC_URL: "notaurl" });
    expect(error.message).toMatch(/^ {2}PORT: must be a whole number between 1 and 65535$/m);
    expect(error.message).toMatch(/^ {2}PUBLIC_URL: /m);
  });

  it("MAP_TILE_URL: OpenStreetMap's tiles by default; another http(s) template with {z}, {x} and {y}, or a clear refusal", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).MAP_TILE_URL).toBe("https://tile.openstreetmap.org/{z}/{x}/{y}.png");
    expect(loadConfig({ DATA_DIR: tempDir(), MAP_TILE_URL: "http://127.0.0.1:8080/{z}/{x}/{y}.png" }).MAP_TILE_URL).toBe("http://127.0.0.1:8080/{z}/{x}/{y}.png");
    expect(errorOf({ MAP_TILE_URL: "https://tiles.example.com/{z}/{x}.png" }).message).toMatch(/^ {2}MAP_TILE_URL: must contain \{z\}, \{x\} and \{y\}$/m);
    expect(errorOf({ MAP_TILE_URL: "javascript:alert(1)//{z}/{x}/{y}" }).message).toMatch(/^ {2}MAP_TILE_URL: must be an http:\/\/ or https:\/\/ tile URL template$/m);
    expect(errorOf({ MAP_TILE_URL: 'https://x.test/{z}/{x}/{y}.png" onerror="x' }).message).toMatch(/^ {2}MAP_TILE_URL: /m);
  });

  it("treats empty values as unset (a .env line like `SMTP_URL=`)", () => {
    const cfg = loadConfig({ DATA_DIR: tempDir(), SMTP_URL: "", PORT: "" });
    expect(cfg.SMTP_URL).toBeUndefined();
    expect(cfg.PORT).toBe(3000);
  });

  it("generates SESSION_SECRET once and keeps it in DATA_DIR", () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, ".session-secret");
    expect(fs.readFileSync(file, "utf8")).toBe(first);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
    // A given SESSION_SECRET wins and writes nothing.
    const other = tempDir();
    expect(loadConfig({ DATA_DIR: other, SESSION_SECRET: "s".repeat(40) }).sessionSecret).toBe("s".repeat(40));
    expect(fs.existsSync(path.join(other, ".session-secret"))).toBe(false);
  });

  it("PUBLIC_URL loses a trailing slash and sets the public base of links", () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: "https://www.larimoveis.com.br/" }).publicUrl).toBe("https://www.larimoveis.com.br");
  });
});

describe("start-up (bootstrap)", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetConfigCache();
    vi.restoreAllMocks();
  });

  it("creates the ADMIN_EMAIL admin when missing; a start that creates no demo prints no demo passwords", async () => {
    // an installation whose demo seed ran on an earlier start: its generated passwords stay in DATA_DIR/demo-logins.json
    const demoPassword = "gerada-nesta-instalacao";
    await createAdmin({ email: DEMO_ADMIN.email, password: demoPassword });
    fs.writeFileSync(path.join(config().dataDir, DEMO_LOGINS_FILE), JSON.stringify({ [DEMO_ADMIN.email]: demoPassword, "ana@larimoveis.com.br": "outra-senha" }));
    process.env.ADMIN_EMAIL = "Dona@LarImoveis.com.br";
    process.env.ADMIN_PASSWORD = "uma-senha-bem-longa";
    process.env.LOG_LEVEL = "info";
    process.env.PORT = "4321";
    process.env.SEED_DEMO = "true";
    resetConfigCache();
    const out: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      out.push(String(chunk));
      return true;
    });
    const { bootstrap } = await import("~/modules/platform/bootstrap.server");
    const { port } = await bootstrap();
    vi.restoreAllMocks();
    expect(port).toBe(4321);
    const admin = await db().selectFrom("users").select(["role"]).where("email", "=", "dona@larimoveis.com.br").executeTakeFirst();
    expect(admin?.role).toBe("admin");
    const printed = out.join("");
    expect(printed).not.toContain("Demo logins:");
    expect(printed).not.toContain(demoPassword);
    expect(JSON.parse(fs.readFileSync(path.join(config().dataDir, DEMO_LOGINS_FILE), "utf8"))[DEMO_ADMIN.email]).toBe(demoPassword);
  });
});

/**
 * BUILD_DIR with server/index.js exporting the real bootstrap/shutdown (and a
 * no-op app), built with Vite in a child process. It sits under node_modules/.cache
 * so its bare imports (zod, kysely…) resolve from the project's node_modules.
 */
function buildBootstrapBundle(): string {
  const root = path.resolve(".");
  fs.mkdirSync(path.join(root, "node_modules", ".cache"), { recursive: true });
  const dir = fs.mkdtempSync(path.join(root, "node_modules", ".cache", "imob-config-test-"));
  const entry = path.join(dir, "entry.ts");
  fs.writeFileSync(entry, `export { bootstrap, shutdown } from ${JSON.stringify(path.join(root, "app/modules/platform/bootstrap.server.ts"))};\nexport function app(): void {}\n`);
  const script = `import { build } from "vite";
await build({ configFile: false, publicDir: false, root: ${JSON.stringify(root)}, logLevel: "error", resolve: { tsconfigPaths: true },
  build: { ssr: ${JSON.stringify(entry)}, outDir: ${JSON.stringify(path.join(dir, "server"))}, emptyOutDir: true, rollupOptions: { output: { entryFileNames: "index.js" } } } });`;
  const built = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8", timeout: 60_000 });
  expect(built.status, built.stderr).toBe(0);
  expect(fs.existsSync(path.join(dir, "server/index.js"))).toBe(true);
  return dir;
}

/** The real server process: a bad variable prints the message and exits 1. */
function startServer(args: string[], env: NodeJS.ProcessEnv) {
  return spawnSync(process.execPath, ["server.mjs", ...args], {
    env: { ...process.env, DATA_DIR: tempDir(), LOG_LEVEL: "warn", ...env },
    encoding: "utf8",
    // The dev start loads Vite first: under a CPU stress load beside the suite it took over 60 s
    // (the stress run of 2026-11-26); what is tested is the exit and its message, not the speed.
    timeout: 150_000,
  });
}

describe("node server.mjs with a bad variable", () => {
  it("dev mode: exits 1 with the message naming PORT on stderr", () => {
    const result = startServer(["--dev"], { PORT: "abc", NODE_ENV: "development" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Invalid environment configuration");
    expect(result.stderr).toMatch(/PORT: must be a whole number/);
    expect(result.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
  }, 180_000);

  it("production: exits 1 with the message naming PORT on stderr", () => {
    // No dependence on `npm run build` having run first: a tiny production bundle of
    // the real bootstrap (config, migrations…) is built here, and server.mjs loads it
    // exactly as it loads build/server/index.js.
    const buildDir = buildBootstrapBundle();
    try {
      const result = startServer([], { PORT: "abc", NODE_ENV: "production", BUILD_DIR: buildDir });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain("Invalid environment configuration");
      expect(result.stderr).toMatch(/^ {2}PORT: /m);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    } finally {
      fs.rmSync(buildDir, { recursive: true, force: true });
    }
  }, 180_000);

  it("production without a build: exits 1 and says to build", () => {
    const result = startServer([], { NODE_ENV: "production", BUILD_DIR: path.join(tempDir(), "no-build") });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("No build found");
  }, 90_000);
});

describe("configScoped", () => {
  afterEach(() => resetConfigCache());

  it("makes a value once per configuration, and again when the configuration is loaded again", () => {
    let makes = 0;
    const scoped = configScoped((c) => ({ dir: c.dataDir, serial: ++makes }));
    const first = scoped();
    expect(first).toEqual({ dir: config().dataDir, serial: 1 });
    expect(scoped()).toBe(first);
    resetConfigCache();
    const second = scoped();
    expect(second).not.toBe(first);
    expect(second.serial).toBe(2);
    expect(scoped()).toBe(second);
  });
});
