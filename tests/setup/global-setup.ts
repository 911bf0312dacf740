import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** A SQLite file migrated to the latest schema once per run; each test file copies it (vitest.setup.ts). */
    templateDatabase: string;
  }
}

/**
 * Runs once per `vitest run`, before any test file: migrates one database
 * with the app's own `migrate()` (the same code the server runs at start-up)
 * and hands its path to every test file, which copies it into its own
 * DATA_DIR. Each file still has its own real database; only the ~60 ms of
 * migrations per file are saved.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-template-"));
  const saved = { DATA_DIR: process.env.DATA_DIR, NODE_ENV: process.env.NODE_ENV, LOG_LEVEL: process.env.LOG_LEVEL };
  process.env.DATA_DIR = dir;
  process.env.NODE_ENV = "test";
  process.env.LOG_LEVEL = "silent";
  const { resetConfigCache } = await import("~/modules/platform/config.server");
  const { closeDb, migrate } = await import("~/modules/platform/db.server");
  try {
    resetConfigCache();
    await migrate();
    // Closing the only connection checkpoints the WAL into app.db, so the one file is the whole database.
    await closeDb();
  } finally {
    resetConfigCache();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
  const file = path.join(dir, "app.db");
  if (fs.existsSync(`${file}-wal`) && fs.statSync(`${file}-wal`).size > 0) throw new Error(`the template database ${file} kept a WAL file: it would be copied incomplete`);
  project.provide("templateDatabase", file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
