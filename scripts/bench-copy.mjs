// `npm run db:copy` at scale (issue 27), `npm run bench:copy`: a SQLite
// database filled by the benches' own seeding (seedBulkProperties, as
// bench-postgres.mjs, and bench-crm-leads.ts's seedBenchLeads) is copied by
// the real command into an empty PostgreSQL database (TEST_DATABASE_URL's
// server, else a throwaway cluster with crash-safe settings). Records the
// wall time, the copying process's peak memory and the check it prints in
// docs/performance.md. BENCH_COPY_PROPERTIES / BENCH_COPY_LEADS shrink it.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { writeSection } from "./bench-sections.mjs";
import { databaseUrl, startPostgres } from "./postgres.mjs";

const PROPERTIES = Number(process.env.BENCH_COPY_PROPERTIES ?? 100_000);
const LEADS = Number(process.env.BENCH_COPY_LEADS ?? 100_000);
const log = (...a) => console.log("[bench:copy]", ...a);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-bench-copy-"));
const stops = [async () => fs.rmSync(dataDir, { recursive: true, force: true })];
const cleanup = async () => {
  for (const stop of stops.reverse()) await stop().catch((e) => console.error(e));
};
try {
  // 1. the source: SQLite in its own DATA_DIR, seeded as the benches seed
  // (BENCH_COPY_SOURCE=dir keeps the seeded DATA_DIR there and reuses it on the next run)
  const keep = process.env.BENCH_COPY_SOURCE;
  const sourceDir = keep ? path.resolve(keep) : dataDir;
  const sourceFile = path.join(sourceDir, "app.db");
  if (!fs.existsSync(sourceFile)) {
    fs.mkdirSync(sourceDir, { recursive: true });
    process.env.DATA_DIR = sourceDir;
    process.env.LOG_LEVEL = "silent";
    process.env.SEED_DEMO = "false";
    delete process.env.DATABASE_URL;
    const { createServer } = await import("vite");
    const vite = await createServer({ server: { middlewareMode: true, hmr: false }, appType: "custom", logLevel: "error", configFile: "vite.config.ts" });
    const { migrate, closeDb } = await vite.ssrLoadModule("./app/modules/platform/db.server.ts");
    const { seedBulkProperties } = await vite.ssrLoadModule("./app/modules/platform/seed.server.ts");
    const { seedBenchLeads } = await vite.ssrLoadModule("./scripts/bench-crm-leads.ts");
    await migrate();
    log(`seeding SQLite: ${PROPERTIES} properties, ${LEADS} leads`);
    await seedBulkProperties(PROPERTIES);
    await seedBenchLeads({ leads: LEADS });
    await closeDb();
    await vite.close();
  } else log(`reusing ${sourceFile}`);
  const sourceBytes = fs.statSync(sourceFile).size;

  // 2. the target: an empty database
  const server = await startPostgres({ durable: true });
  stops.push(() => server.stop());
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  const dbName = `imob_copy_${process.pid}`;
  await admin.query(`create database ${dbName}`);
  stops.push(async () => {
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
    await admin.end();
  });
  const target = databaseUrl(server.url, dbName);

  // 3. the command itself, as a person runs it, under /usr/bin/time for its peak memory
  const [load1] = os.loadavg();
  log("npm run db:copy");
  const started = performance.now();
  const child = spawn("/usr/bin/time", ["-f", "PEAK_RSS_KB %M", process.execPath, "scripts/cli.mjs", "db:copy", "--from", sourceFile, "--to", target], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (d) => {
    out += d;
    process.stdout.write(d);
  });
  child.stderr.on("data", (d) => (err += d));
  const code = await new Promise((resolve) => child.on("exit", resolve));
  const wallMs = performance.now() - started;
  if (code !== 0) throw new Error(`db:copy failed (${code}): ${err}`);
  const peakKb = Number(/PEAK_RSS_KB (\d+)/.exec(err)?.[1] ?? NaN);
  const targetBytes = Number((await admin.query("select pg_database_size($1) as n", [dbName])).rows[0].n);
  const [load2] = os.loadavg();
  const checked = [...out.matchAll(/^ {2}(\S+)\s+(\d+)\s+([0-9a-f]{16})\s+ok$/gm)].map((m) => ({ table: m[1], rows: Number(m[2]), checksum: m[3] }));
  const copyS = /in ([\d.]+) s\./.exec(out)?.[1];
  const big = checked.filter((t) => t.rows >= 1000);
  const mb = (b) => (b / 1024 / 1024).toFixed(0);

  log(`wall ${(wallMs / 1000).toFixed(1)} s, copy ${copyS} s, peak RSS ${(peakKb / 1024).toFixed(0)} MB`);
  writeSection(
    "db-copy",
    [
      "## SQLite → PostgreSQL copy (`db:copy`)",
      "",
      `Measured by \`scripts/bench-copy.mjs\` (\`npm run bench:copy\`) on ${new Date().toISOString().slice(0, 10)}, on this machine (load average ${load1.toFixed(1)} before, ${load2.toFixed(1)} after): a SQLite database of ${PROPERTIES.toLocaleString("en")} properties and ${LEADS.toLocaleString("en")} leads (the benches' seeding; ${mb(sourceBytes)} MB) copied by \`npm run db:copy -- --to postgres://…\` into an empty database of a local PostgreSQL with crash-safe settings.`,
      "",
      "| Measure | Value |",
      "|---|---:|",
      `| Wall time of the command (Vite start, snapshot, migrations, copy, check, \`vacuum analyze\`) | ${(wallMs / 1000).toFixed(1)} s |`,
      `| Time the command reports (snapshot to the end of \`vacuum analyze\`) | ${copyS} s |`,
      `| Peak memory of the copying process (RSS) | ${(peakKb / 1024).toFixed(0)} MB |`,
      `| Tables copied and checked (rows and SHA-256 of every row) | ${checked.length}, ${checked.reduce((n, t) => n + t.rows, 0).toLocaleString("en")} rows |`,
      `| Target database size after the copy | ${mb(targetBytes)} MB |`,
      "",
      `The large tables: ${big.map((t) => `${t.table} ${t.rows.toLocaleString("en")} rows (${t.checksum})`).join(", ")}.`,
    ].join("\n"),
  );
} finally {
  await cleanup();
}
