import { databaseHealth, diskHealth } from "~/modules/platform/health.server";

/**
 * 200 when the database can write and DATA_DIR has room, 503 otherwise,
 * naming the part that failed (`failed`, with a pt-BR `problems` line each).
 * Never cached.
 */
export async function loader() {
  const [database, disk] = await Promise.all([databaseHealth(), diskHealth()]);
  const ok = database.ok && disk.ok;
  const body: Record<string, unknown> = { status: ok ? "ok" : "unavailable", database: database.ok, disk: disk.ok };
  if (!ok) {
    body.failed = [...(database.ok ? [] : ["database"]), ...(disk.ok ? [] : ["disk"])];
    body.problems = Object.fromEntries([...(database.ok ? [] : [["database", database.problem]]), ...(disk.ok ? [] : [["disk", disk.problem]])]);
  }
  return Response.json(body, { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
