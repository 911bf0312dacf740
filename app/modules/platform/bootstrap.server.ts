import { config } from "./config.server";
import { enhanceScriptSrc } from "./enhance.server";
import { closeDb, migrate } from "./db.server";
import { ensureDefaultPipeline } from "~/modules/crm/pipeline.server";
import { errorFields, log } from "./logger.server";
import { seedDemo } from "./seed.server";
import { ensureAdmin } from "~/modules/auth/users.server";
import { ensureProjectLogo } from "~/modules/properties/watermarks.server";
import { movePrivateFilesOutOfUploads } from "~/modules/files/storage.server";
import { startJobs, stopJobs } from "./jobs.server";
import { settleLeadHooks } from "~/modules/leads/lead-hooks.server";
import { housekeeping } from "./housekeeping.server";
import { failClaimsOfDeadProcesses } from "~/modules/messaging/campaign-dispatcher.server";

/**
 * Start-up, in order: validate the environment (throws ConfigError naming
 * the variable, ADMIN_PASSWORD's strength included), migrate, seed the demo
 * on an empty database when SEED_DEMO=true (printing its logins that once),
 * create the ADMIN_EMAIL account when missing.
 */
let started: Promise<{ port: number }> | null = null;

export function bootstrap(): Promise<{ port: number }> {
  started ??= run();
  return started;
}

async function run(): Promise<{ port: number }> {
  const cfg = config();
  // Canonical links, the sitemap, feeds and share links are absolute: without PUBLIC_URL they name localhost.
  if (process.env.NODE_ENV === "production" && !cfg.PUBLIC_URL) {
    log.warn(`PUBLIC_URL is not set: canonical links, the sitemap, portal feeds and share links will say ${cfg.publicUrl}. Set PUBLIC_URL to the site's public address (e.g. https://www.larimoveis.com.br).`);
  }
  // A build made without scripts/build.mjs serves public pages with no script (no phone mask, menus, live filters): say so.
  if (process.env.NODE_ENV === "production" && !import.meta.env.DEV && enhanceScriptSrc() === null) {
    log.warn(`${cfg.BUILD_DIR}/enhance.json is missing: public pages will have no enhancement script. Build with \`npm run build\` (or \`npm start\`).`);
  }
  const applied = await migrate();
  if (applied.length) log.info("migrations applied", { migrations: applied });
  await ensureDefaultPipeline();
  // The demo goes in first (only when asked for, SEED_DEMO=true): it only seeds an empty database, and the
  // ADMIN_EMAIL account below must not make the database look used.
  if (cfg.SEED_DEMO === "true") {
    const result = await seedDemo();
    if (result.seeded) {
      log.info("demo data created");
      // Printed once, by the start that created them; DATA_DIR/demo-logins.json keeps them (owner-only).
      const lines = result.logins.map((l) => l.replaceAll("PORT", String(cfg.PORT)));
      if (lines.length && cfg.LOG_LEVEL !== "silent") process.stdout.write(`\nDemo logins:\n  ${lines.join("\n  ")}\n\n`);
    }
  }
  if (cfg.ADMIN_EMAIL && cfg.ADMIN_PASSWORD) {
    const result = await ensureAdmin(cfg.ADMIN_EMAIL, cfg.ADMIN_PASSWORD);
    if (result === "created") log.info("admin account created", { email: cfg.ADMIN_EMAIL });
  }
  const moved = await movePrivateFilesOutOfUploads();
  if (moved) log.info("private files moved out of uploads", { folders: moved });
  await ensureProjectLogo();
  await housekeeping.run(new Date()).catch((error: unknown) => log.warn("housekeeping failed", errorFields(error)));
  // Messages a previous process claimed and never confirmed: failed, never re-sent.
  const interrupted = await failClaimsOfDeadProcesses(new Date());
  if (interrupted) log.warn("campaign messages interrupted by a restart", { count: interrupted });
  startSchedules();
  return { port: cfg.PORT };
}

/** The registered jobs (jobs.server.ts) run in-process with croner; not under tests, which call run(now). */
function startSchedules(): void {
  if (config().NODE_ENV === "test") return;
  startJobs();
}


export async function shutdown(): Promise<void> {
  stopJobs();
  await settleLeadHooks();
  await closeDb();
}
