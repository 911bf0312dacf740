import { config } from "./config.server";
import { closeDb, migrate } from "./db.server";
import { ensureDefaultPipeline } from "./crm-setup.server";
import { log } from "./logger.server";
import { seedDemo } from "./seed.server";
import { purgeExpiredSessions } from "./session.server";
import { ensureAdmin } from "./users.server";

/**
 * Start-up, in order: validate the environment (throws ConfigError naming
 * the variable), migrate, create the ADMIN_EMAIL account, seed the demo on
 * an empty database.
 */
let started: Promise<{ port: number }> | null = null;

export function bootstrap(): Promise<{ port: number }> {
  started ??= run();
  return started;
}

async function run(): Promise<{ port: number }> {
  const cfg = config();
  const applied = await migrate();
  if (applied.length) log.info("migrations applied", { migrations: applied });
  await ensureDefaultPipeline();
  if (cfg.ADMIN_EMAIL && cfg.ADMIN_PASSWORD) {
    const result = await ensureAdmin(cfg.ADMIN_EMAIL, cfg.ADMIN_PASSWORD);
    if (result === "created") log.info("admin account created", { email: cfg.ADMIN_EMAIL });
  }
  if (cfg.SEED_DEMO === "true") {
    const result = await seedDemo();
    if (result.seeded) {
      const lines = result.logins.map((l) => l.replace("PORT", String(cfg.PORT)));
      log.info("demo data created", { logins: lines });
      if (cfg.LOG_LEVEL !== "silent") process.stdout.write(`\nDemo logins:\n  ${lines.join("\n  ")}\n\n`);
    }
  }
  await purgeExpiredSessions();
  return { port: cfg.PORT };
}

export async function shutdown(): Promise<void> {
  await closeDb();
}
