// A PostgreSQL server for the tests and the bench: TEST_DATABASE_URL when
// given, else a throwaway cluster in a temporary folder on a free port
// (Debian's postgresql package, installed with apt when missing and running
// as root, as scripts/chromium.mjs does for Chromium). Never downloads
// anything else.
import { execFileSync, execSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** Debian puts the server binaries under /usr/lib/postgresql/<major>/bin, off the PATH. */
function binDir() {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  const majors = fs
    .readdirSync(root)
    .filter((d) => /^\d+$/.test(d) && fs.existsSync(path.join(root, d, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return majors.length ? path.join(root, majors[0], "bin") : null;
}

function install() {
  if (process.platform !== "linux" || process.getuid?.() !== 0) return false;
  console.log("PostgreSQL not found: installing Debian's postgresql package…");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null", { stdio: "inherit" });
  return binDir() !== null;
}

async function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Whether a PostgreSQL can be had here without asking anyone (for `npm test`). */
export function postgresAvailable() {
  if (process.env.TEST_DATABASE_URL) return true;
  if (binDir()) return true;
  return process.platform === "linux" && process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get");
}

/**
 * A server URL (postgres://user@host:port/database) where the caller may
 * create and drop databases, and `stop()` to remove what was started.
 */
export async function startPostgres({ quiet = false, durable = false } = {}) {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop: async () => {}, owned: false };
  let bin = binDir();
  if (!bin && install()) bin = binDir();
  if (!bin) {
    throw new Error(
      "PostgreSQL was not found. Install it (Debian: sudo apt-get install -y postgresql) or set TEST_DATABASE_URL=postgres://user:password@host:port/database (a role that may create databases).",
    );
  }
  const root = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-pg-"));
  fs.chmodSync(dir, 0o755);
  const data = path.join(dir, "data");
  fs.mkdirSync(data, { mode: 0o700 });
  // initdb and the server refuse to run as root: the cluster belongs to the postgres user then.
  const asOwner = (file, args) => {
    if (!root) return execFileSync(file, args, { stdio: quiet ? "ignore" : ["ignore", "ignore", "inherit"] });
    return execFileSync("su", ["postgres", "-s", "/bin/sh", "-c", [file, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ")], { stdio: quiet ? "ignore" : ["ignore", "ignore", "inherit"] });
  };
  if (root) execFileSync("chown", ["-R", "postgres:postgres", dir]);
  const port = await freePort();
  try {
    asOwner(path.join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C.UTF-8"]);
    asOwner(path.join(bin, "pg_ctl"), [
      "-D",
      data,
      "-o",
      // Tests: nothing to keep, so no flushing at all. The bench (durable): crash-safe, commits flushed in the background
      // (synchronous_commit=off), as SQLite's WAL with synchronous=NORMAL does.
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300 -c synchronous_commit=off${durable ? " -c shared_buffers=256MB" : " -c fsync=off -c full_page_writes=off"}`,
      "-l",
      path.join(data, "server.log"),
      "-w",
      "start",
    ]);
  } catch (error) {
    const log = path.join(data, "server.log");
    if (fs.existsSync(log)) console.error(fs.readFileSync(log, "utf8"));
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    try {
      asOwner(path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
    } catch {
      // already gone
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop, owned: true };
}

/** The same server URL naming another database. */
export function databaseUrl(serverUrl, database) {
  const u = new URL(serverUrl);
  u.pathname = `/${database}`;
  return u.toString();
}
