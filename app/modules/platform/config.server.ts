import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { passwordProblem } from "~/modules/auth/password-policy.server";

/**
 * Environment, validated once at start-up. A bad value stops the server with
 * a message naming the variable (see ConfigError).
 */
const PORT_MESSAGE = "must be a whole number between 1 and 65535";
const PASSWORD_COST_MESSAGE = "must be a power of two between 1024 and 1048576";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: PORT_MESSAGE })
    .int(PORT_MESSAGE)
    .min(1, PORT_MESSAGE)
    .max(65535, PORT_MESSAGE)
    .default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  /** PostgreSQL instead of the SQLite file in DATA_DIR (several processes; docs/scaling.md). */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, "must be a postgres:// address, e.g. postgres://imobiliaria:password@localhost:5432/imobiliaria")
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// address, e.g. https://www.larimoveis.com.br" }).optional(),
  SESSION_SECRET: z.string().min(32, "must have at least 32 characters").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Lar Imóveis <nao-responda@larimoveis.com.br>"),
  ADMIN_EMAIL: z.email({ error: "must be an e-mail address" }).optional(),
  ADMIN_PASSWORD: z.string().min(8, "must have at least 8 characters").optional(),
  /** Demo data only when asked for: `npm start` / `npm run dev` pass --seed-demo (server.mjs); a production start, the image and `npm run serve` do not. */
  SEED_DEMO: z.enum(["true", "false"], { error: "must be true or false" }).default("false"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"], { error: "must be one of debug, info, warn, error, silent" }).default("info"),
  /**
   * scrypt's cost N for new password hashes (a power of two). Each hash stores its own N, so a
   * change applies to passwords set afterwards; tests lower it to hash in ~1 ms.
   */
  PASSWORD_HASH_COST: z.coerce
    .number({ error: PASSWORD_COST_MESSAGE })
    .int(PASSWORD_COST_MESSAGE)
    .refine((n) => n >= 1024 && n <= 1_048_576 && (n & (n - 1)) === 0, PASSWORD_COST_MESSAGE)
    .default(32768),
  /** Requests per window for login and public forms; tests raise it. */
  RATE_LIMIT_MAX: z.coerce.number({ error: "must be a whole number of at least 1" }).int("must be a whole number of at least 1").min(1, "must be a whole number of at least 1").default(10),
  /**
   * Behind a reverse proxy: how far to trust X-Forwarded-For (read by server.mjs): false, a number
   * of proxy hops (true = 1), or the proxies' addresses/subnets separated by commas.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*|loopback|linklocal|uniquelocal)$/, "must be false, a number of proxy hops, or proxy addresses separated by commas")
    .default("false"),
  /** WhatsApp gateway (Evolution API v2); when set, they take the place of the admin's stored settings. */
  EVOLUTION_API_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// address" }).optional(),
  EVOLUTION_API_KEY: z.string().min(8, "must have at least 8 characters").optional(),
  /**
   * Map tiles of /imoveis/mapa and the editor's pin (docs/decisions.md, "The map of results"): an http(s) URL
   * template with {z}, {x} and {y}; OpenStreetMap's own tiles by default (no key; their usage policy applies).
   */
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s"'<>]+$/, "must be an http:// or https:// tile URL template")
    .refine((v) => v.includes("{z}") && v.includes("{x}") && v.includes("{y}"), "must contain {z}, {x} and {y}")
    .default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  /** Where `npm run build` wrote the app (read by server.mjs and scripts/cli.mjs). */
  BUILD_DIR: z.string().min(1).default("build"),
});

export type Config = z.infer<typeof schema> & {
  dataDir: string;
  databaseFile: string;
  uploadsDir: string;
  outboxDir: string;
  sessionSecret: string;
  publicUrl: string;
};

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

let cached: Config | null = null;

/**
 * mkdir -p one level at a time: Node's recursive mkdir never returns on
 * some pseudo file systems (DATA_DIR=/proc/x hung the start), a plain
 * mkdir fails there at once with a clear code.
 */
function makeDirectory(dir: string): void {
  if (fs.existsSync(dir)) return;
  const parent = path.dirname(dir);
  if (parent !== dir) makeDirectory(parent);
  fs.mkdirSync(dir, { mode: 0o700 });
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "unset", as in a .env file with `SMTP_URL=`.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const values = parsed.data;
  if (values.ADMIN_EMAIL && !values.ADMIN_PASSWORD) {
    throw new ConfigError("Invalid environment configuration:\n  ADMIN_PASSWORD: required when ADMIN_EMAIL is set");
  }
  // the site's one password rule (auth/password-policy.server.ts): `12345678` opens nothing
  const adminPasswordProblem = values.ADMIN_PASSWORD ? passwordProblem(values.ADMIN_PASSWORD) : null;
  if (adminPasswordProblem) {
    const why = adminPasswordProblem === "common" ? "is a common password: choose one that is hard to guess" : adminPasswordProblem === "too-long" ? "must have at most 200 characters" : "must have at least 8 characters";
    throw new ConfigError(`Invalid environment configuration:\n  ADMIN_PASSWORD: ${why}`);
  }
  const dataDir = path.resolve(values.DATA_DIR);
  try {
    makeDirectory(dataDir);
    fs.accessSync(dataDir, fs.constants.W_OK | fs.constants.R_OK);
    // A directory can exist yet refuse files (read-only mount, wrong owner): try a real write.
    const probe = path.join(dataDir, `.write-test-${process.pid}`);
    fs.writeFileSync(probe, "");
    fs.rmSync(probe);
  } catch (error) {
    throw new ConfigError(`Invalid environment configuration:\n  DATA_DIR: ${dataDir} cannot be used for data (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  return {
    ...values,
    dataDir,
    databaseFile: path.join(dataDir, "app.db"),
    uploadsDir: path.join(dataDir, "uploads"),
    outboxDir: path.join(dataDir, "outbox"),
    sessionSecret: values.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ""),
  };
}

/** A secret made once and kept beside the data, so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, ".session-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: create it below
  }
  const secret = crypto.randomBytes(48).toString("base64url");
  try {
    // Exclusive create: processes sharing DATA_DIR that start together all keep the one written first.
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  for (let i = 0; i < 20; i++) {
    const written = fs.readFileSync(file, "utf8").trim();
    if (written.length >= 32) return written;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10); // another process is writing it
  }
  // A file too short to be a secret (damaged): replaced, as before.
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function config(): Config {
  cached ??= loadConfig();
  return cached;
}

/** Tests switch DATA_DIR between files; production never calls this. */
export function resetConfigCache(): void {
  cached = null;
}

/**
 * A value that belongs to one configuration (its secret, its DATA_DIR, its
 * database): made on first use, and made again when the configuration is
 * loaded again. Production loads it once; the test files, which share a
 * process and each load their own (vitest.setup.ts), never see another
 * file's cookies, caches or counters.
 */
export function configScoped<T>(make: (config: Config) => T): () => T {
  const made = new WeakMap<Config, T>();
  return () => {
    const current = config();
    if (!made.has(current)) made.set(current, make(current));
    return made.get(current)!;
  };
}
