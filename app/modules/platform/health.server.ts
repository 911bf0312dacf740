import fs from "node:fs/promises";
import path from "node:path";
import { config } from "./config.server";
import { db } from "./db.server";

/**
 * What /healthz checks (issue 23): the database answers AND can write (one
 * row of health_probe is rewritten: a full disk or a read-only file still
 * reads but fails here), and DATA_DIR has room (free space above a floor,
 * and a small file can be written and removed). Each part says what failed.
 */
export const MIN_FREE_BYTES = 64 * 1024 * 1024;

export type PartHealth = { ok: true } | { ok: false; problem: string };

export async function databaseHealth(now: Date = new Date()): Promise<PartHealth> {
  try {
    const at = now.toISOString();
    await db()
      .insertInto("health_probe")
      .values({ id: 1, checked_at: at })
      .onConflict((oc) => oc.column("id").doUpdateSet({ checked_at: at }))
      .execute();
    return { ok: true };
  } catch (error) {
    const code = String((error as { code?: unknown })?.code ?? "");
    if (code === "SQLITE_FULL") return { ok: false, problem: "o banco de dados não grava: disco cheio (SQLITE_FULL)" };
    if (code.startsWith("SQLITE_READONLY")) return { ok: false, problem: "o banco de dados não grava: somente leitura" };
    if (code.startsWith("SQLITE_CANTOPEN") || code === "SQLITE_NOTADB" || code === "SQLITE_CORRUPT") return { ok: false, problem: `o banco de dados não abre (${code})` };
    return { ok: false, problem: `o banco de dados não responde${code ? ` (${code})` : ""}` };
  }
}

export async function diskHealth(minFreeBytes: number = MIN_FREE_BYTES): Promise<PartHealth> {
  const dir = config().dataDir;
  try {
    const stats = await fs.statfs(dir);
    const free = Number(stats.bavail) * Number(stats.bsize);
    if (free < minFreeBytes) return { ok: false, problem: `DATA_DIR sem espaço: ${Math.floor(free / 1024 / 1024)} MB livres (mínimo ${Math.round(minFreeBytes / 1024 / 1024)} MB)` };
    const probe = path.join(dir, `.health-${process.pid}`);
    await fs.writeFile(probe, "ok");
    await fs.rm(probe, { force: true });
    return { ok: true };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException)?.code ?? "erro";
    return { ok: false, problem: `DATA_DIR não grava (${code})` };
  }
}
