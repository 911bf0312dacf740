import path from "node:path";
import fs from "node:fs/promises";
import { z } from "zod";
import { config } from "~/modules/platform/config.server";
import { closeDb, migrate, sqliteHandle } from "~/modules/platform/db.server";
import { seedDemo, seedBulkProperties } from "~/modules/platform/seed.server";
import { createAdmin, findUserByEmail } from "~/modules/auth/users.server";
import { backupSqlite } from "#db/connection";
import { getErrorMessage } from "~/utils/errors";
import { privateRoot } from "~/modules/files/storage.server";
import { passwordProblem } from "~/modules/auth/password-policy.server";

/** Commands behind `npm run db:migrate | seed | admin:create | backup`. */
export async function runCli(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  const flag = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  try {
    switch (command) {
      case "migrate": {
        const applied = await migrate();
        console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
        return 0;
      }
      case "seed": {
        await migrate();
        const count = flag("properties");
        if (count) {
          const n = Number(count);
          if (!Number.isInteger(n) || n < 1) throw new Error("--properties must be a positive whole number");
          const started = Date.now();
          await seedBulkProperties(n);
          console.log(`Inserted ${n} properties in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
        } else {
          const result = await seedDemo({ force: args.includes("--force") });
          console.log(result.seeded ? "Demo data created." : "The database already has data; use --force to add the demo anyway.");
          for (const line of result.logins) console.log(`  ${line}`);
        }
        return 0;
      }
      case "admin:create": {
        const email = flag("email") ?? process.env.ADMIN_EMAIL;
        const password = flag("password") ?? process.env.ADMIN_PASSWORD;
        if (!email || !password) throw new Error("Usage: npm run admin:create -- --email admin@example.com --password 'a long secret'");
        if (!z.email().safeParse(email.trim().toLowerCase()).success) throw new Error(`Not an e-mail address: ${email}`);
        // the site's one password rule (auth/password-policy.server.ts)
        const problem = passwordProblem(password);
        if (problem) throw new Error(problem === "common" ? "The password is a common one (e.g. 12345678): choose one that is hard to guess." : problem === "too-long" ? "The password must have at most 200 characters." : "The password must have at least 8 characters.");
        await migrate();
        if (await findUserByEmail(email)) throw new Error(`An account with ${email} already exists.`);
        await createAdmin({ email, password, name: flag("name") });
        console.log(`Admin ${email.trim().toLowerCase()} created.`);
        return 0;
      }
      case "backup": {
        const stamp = new Date().toISOString().replace(/[:]/g, "-").replace(/\..+$/, "");
        const dir = path.resolve(flag("out") ?? path.join(config().dataDir, "backups"), `backup-${stamp}`);
        await fs.mkdir(dir, { recursive: true, mode: 0o700 });
        await backupSqlite(sqliteHandle(), path.join(dir, "app.db"));
        // public files and the private area (course materials, draft photos)
        for (const [from, name] of [
          [config().uploadsDir, "uploads"],
          [privateRoot(), "private"],
        ]) {
          await fs.cp(from, path.join(dir, name), { recursive: true, force: false }).catch((e: NodeJS.ErrnoException) => {
            if (e.code !== "ENOENT") throw e;
          });
        }
        console.log(`Backup written to ${dir}`);
        return 0;
      }
      default:
        console.error("Commands: migrate | seed [--properties N] [--force] | admin:create --email E --password P | backup [--out DIR]");
        return 2;
    }
  } catch (error) {
    console.error(getErrorMessage(error));
    return 1;
  } finally {
    await closeDb();
  }
}
