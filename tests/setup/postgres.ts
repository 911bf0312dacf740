import crypto from "node:crypto";
import pg from "pg";

/**
 * Test databases on PostgreSQL (TEST_DB=postgres, set by `npm run
 * test:postgres` with TEST_DATABASE_URL naming a server where databases may
 * be created). Each test file gets its own database, copied from the run's
 * migrated template (tests/setup/postgres-global.ts) and dropped after it.
 */
export function postgresServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL (npm run test:postgres sets it)");
  return url;
}

export function withDatabase(serverUrl: string, database: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function createDatabase(serverUrl: string, name: string, template?: string): Promise<void> {
  await admin(serverUrl, async (c) => {
    // Several files copy the template at once; PostgreSQL refuses a copy while another one reads it, so retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`create database ${ident(name)}${template ? ` template ${ident(template)}` : ""}`);
        return;
      } catch (error) {
        if (!template || attempt >= 50 || !/being accessed by other users/.test((error as Error).message)) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  });
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await admin(serverUrl, (c) => c.query(`drop database if exists ${ident(name)} with (force)`));
}

/** A fresh database for this test file; returns its URL and how to drop it. */
export async function postgresTestDatabase(template: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = postgresServerUrl();
  const name = `imob_test_${process.pid}_${crypto.randomBytes(4).toString("hex")}`;
  await createDatabase(server, name, template);
  return { url: withDatabase(server, name), drop: () => dropDatabase(server, name) };
}
