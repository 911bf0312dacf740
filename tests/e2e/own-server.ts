import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A server process of a spec's own (the built app, server.mjs) on a free
 * port and its own DATA_DIR, for specs that restart or kill it, or need
 * other settings than the shared e2e server. Ready when /healthz answers;
 * the deadline is generous because under load a start can take long, and a
 * server that exits before it is ready fails at once with its exit code.
 */
export type OwnServer = { child: ChildProcess; base: string; port: number; dataDir: string; stop(): Promise<void> };

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export function ownDataDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `imob-${prefix}-`));
}

export async function startOwnServer(env: NodeJS.ProcessEnv, options: { dataDir: string; readyWithinMs?: number }): Promise<OwnServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ["server.mjs"], {
    env: { ...process.env, NODE_ENV: "production", SEED_DEMO: "false", LOG_LEVEL: "error", ...env, DATA_DIR: options.dataDir, PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let exited: number | string | null = null;
  child.once("exit", (code, signal) => (exited = code ?? signal ?? "?"));
  const base = `http://localhost:${port}`;
  const deadline = Date.now() + (options.readyWithinMs ?? 90_000);
  for (;;) {
    if (exited !== null) throw new Error(`the server stopped before it was ready (exit ${exited})`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not answer /healthz within ${(options.readyWithinMs ?? 90_000) / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    child,
    base,
    port,
    dataDir: options.dataDir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const gone = new Promise((r) => child.once("exit", r));
        child.kill("SIGKILL");
        await gone;
      }
    },
  };
}
