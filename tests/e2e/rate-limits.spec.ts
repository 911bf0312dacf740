import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "./fixtures";
import { ownDataDir, startOwnServer, type OwnServer } from "./own-server";

/**
 * Rate limits through the real server layer that decides the client address
 * (server.mjs + TRUST_PROXY), on a server of its own with the production
 * limits (the shared e2e server raises them for the other specs). The
 * progressive delay is switched off here (it is measured in
 * tests/integration/auth/auth.test.ts); counts and blocks are what is tested.
 */
async function startServer(extraEnv: Record<string, string>): Promise<OwnServer> {
  return startOwnServer(
    { LOGIN_SLOWDOWN: "off", RATE_LIMIT_MAX: "10", ADMIN_EMAIL: "dona@teste.com.br", ADMIN_PASSWORD: "uma-senha-bem-longa", ...extraEnv },
    { dataDir: ownDataDir("limits") },
  );
}

function login(base: string, password: string, headers: Record<string, string> = {}) {
  return fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, ...headers },
    body: new URLSearchParams({ email: "dona@teste.com.br", password }).toString(),
  });
}

test.describe("rate limits through the real server", () => {
  test.setTimeout(120_000);

  test("without TRUST_PROXY a rotating X-Forwarded-For does not escape the limit; the counts survive a restart", async () => {
    const s = await startServer({ TRUST_PROXY: "false" });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await login(s.base, "errada", { "X-Forwarded-For": `203.0.113.${i}` })).status);
      expect(statuses.slice(0, 10).every((st) => st === 401)).toBe(true);
      const last = await login(s.base, "errada", { "X-Forwarded-For": "203.0.113.99" });
      expect(last.status).toBe(429);
      expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
      // the counters are in the database, not in the process
      const sqlite = new Database(path.join(s.dataDir, "app.db"));
      const rows = sqlite.prepare("select count(*) as n from rate_limits").get() as { n: number };
      sqlite.close();
      expect(rows.n).toBeGreaterThan(0);
    } finally {
      await s.stop();
      fs.rmSync(s.dataDir, { recursive: true, force: true });
    }
  });

  test("with one trusted proxy, each real client (the proxy's last hop) is limited apart, and the right password from a clean address gets in", async () => {
    const s = await startServer({ TRUST_PROXY: "1" });
    try {
      // a client behind the proxy that forges its own header: the proxy appends the real address last
      for (let i = 0; i < 10; i++) await login(s.base, "errada", { "X-Forwarded-For": `1.1.1.${i}, 198.51.100.7` });
      expect((await login(s.base, "errada", { "X-Forwarded-For": "9.9.9.9, 198.51.100.7" })).status).toBe(429);
      expect((await login(s.base, "uma-senha-bem-longa", { "X-Forwarded-For": "198.51.100.7" })).status).toBe(429);
      const ok = await login(s.base, "uma-senha-bem-longa", { "X-Forwarded-For": "198.51.100.8" });
      expect(ok.status).toBe(303);
      expect(ok.headers.get("location")).toBe("/admin");
    } finally {
      await s.stop();
      fs.rmSync(s.dataDir, { recursive: true, force: true });
    }
  });
});
