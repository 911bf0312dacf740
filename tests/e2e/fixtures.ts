import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import { createCookie } from "react-router";
import { hashPassword } from "../../app/modules/auth/passwords.server";
import { withDb } from "./database";

/**
 * Fixtures for the end-to-end specs. Signing in does not go through the UI
 * (auth.spec.ts tests that once): each test creates its OWN user directly in
 * the test server's database and a session row, and puts the signed session
 * cookie in its browser context — the same cookie format as
 * app/modules/auth/session.server.ts, signed with the server's secret
 * (SESSION_SECRET or DATA_DIR/.session-secret). No demo password is used.
 */

/** Demo e-mails the seed creates (ids and data only: never their passwords). */
export const DEMO = {
  admin: { email: "admin@larimoveis.com.br" },
  broker: { email: "ana@larimoveis.com.br", name: "Ana Souza" },
  broker2: { email: "bruno@larimoveis.com.br", name: "Bruno Lima" },
  inactiveBroker: { email: "carla@larimoveis.com.br" },
};

const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run the specs through scripts/e2e.mjs");
  return dir;
}

function sessionSecret(): string {
  return process.env.SESSION_SECRET || fs.readFileSync(path.join(dataDir(), ".session-secret"), "utf8").trim();
}

export type E2eUser = { userId: string; email: string; name: string; password: string; role: "admin" | "broker"; brokerId: string | null };
export type NewE2eUser = { role: "admin" | "broker"; name?: string; isActive?: boolean; password?: string };

/** A fresh user (and broker row) in the server's database, with a password only this test knows. */
export async function createUser(options: NewE2eUser): Promise<E2eUser> {
  const tag = `${Date.now()}-${crypto.randomBytes(3).toString("hex")}`;
  const role = options.role;
  const email = `e2e-${role}-${tag}@teste.com.br`;
  const name = options.name ?? (role === "admin" ? "Admin Teste" : "Corretor Teste");
  const password = options.password ?? `senha-${tag}`;
  const hash = await hashPassword(password);
  const now = new Date().toISOString();
  const userId = crypto.randomUUID();
  const brokerId = role === "broker" ? crypto.randomUUID() : null;
  await withDb((db) =>
    db.transaction().execute(async (tx) => {
      await tx.insertInto("users").values({ id: userId, email, password_hash: hash, role, name, created_at: now, updated_at: now }).execute();
      if (brokerId) {
        await tx
          .insertInto("brokers")
          .values({ id: brokerId, user_id: userId, name, email, phone: "(11) 91234-5678", is_active: options.isActive === false ? 0 : 1, created_at: now, updated_at: now })
          .execute();
      }
    }),
  );
  return { userId, email, name, password, role, brokerId };
}

/**
 * A fresh broker (createUser: own password, hashed by the app's own hashPassword) with leads of
 * its own in the given stages, so board specs never move another spec's cards.
 */
export async function createBrokerWithLeads(label: string, leads: { name: string; stage?: string; value?: number; email?: string }[] = []) {
  const user = await createUser({ role: "broker", name: `Corretor ${label}` });
  const now = new Date().toISOString();
  const leadIds = await withDb(async (db) => {
    const ids: number[] = [];
    for (const [i, l] of leads.entries()) {
      const stage = await db.selectFrom("crm_stages").select("id").where("name", "=", l.stage ?? "Entrada").executeTakeFirst();
      const row = await db
        .insertInto("leads")
        .values({ name: l.name, email: l.email ?? `${label}-${i}-${Date.now()}@cliente.com.br`, phone: "", message: "e2e", broker_id: user.brokerId, stage_id: stage?.id ?? null, total_value: l.value ?? null, order_index: i + 1, tags: "[]", created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(Number(row.id));
    }
    return ids;
  });
  return { ...user, leadIds };
}

/** The test server's address (scripts/e2e.mjs sets E2E_PORT). */
export function serverUrl(): string {
  return `http://localhost:${process.env.E2E_PORT ?? 3900}`;
}

/** A session row for the user and its signed cookie in the browser context (replacing any session there). */
export async function signIn(context: BrowserContext, user: E2eUser, baseURL: string = serverUrl()): Promise<void> {
  const id = crypto.randomBytes(32).toString("base64url");
  const now = Date.now();
  await withDb((db) => db.insertInto("sessions").values({ id, user_id: user.userId, created_at: new Date(now).toISOString(), expires_at: new Date(now + SESSION_TTL_MS).toISOString() }).execute());
  const header = await createCookie("__session", { secrets: [sessionSecret()], path: "/" }).serialize(id);
  const value = header.split(";")[0].slice("__session=".length);
  await context.addCookies([{ name: "__session", value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

/** Removes what createUser made (best effort: rows the test created that point at the user stay). */
async function removeUser(user: E2eUser): Promise<void> {
  await withDb(async (db) => {
    await db.deleteFrom("sessions").where("user_id", "=", user.userId).execute();
    try {
      await db.transaction().execute(async (tx) => {
        if (user.brokerId) await tx.deleteFrom("brokers").where("id", "=", user.brokerId).execute();
        await tx.deleteFrom("users").where("id", "=", user.userId).execute();
      });
    } catch {
      // still referenced (a property or lead the test created): leave it
    }
  });
}

type Fixtures = {
  jsEnabled: boolean;
  /** Creates a user of its own and signs this test's browser context in as it. */
  login: (options: NewE2eUser) => Promise<E2eUser>;
  /** Only creates the user (e.g. to sign in through the form). */
  makeUser: (options: NewE2eUser) => Promise<E2eUser>;
};

export const test = base.extend<Fixtures>({
  jsEnabled: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
  // Playwright reads the fixture's first parameter as a destructuring pattern; an empty one means "no fixtures needed".
  // eslint-disable-next-line no-empty-pattern
  makeUser: async ({}, use) => {
    const made: E2eUser[] = [];
    await use(async (options) => {
      const user = await createUser(options);
      made.push(user);
      return user;
    });
    for (const user of made) await removeUser(user);
  },
  login: async ({ context, baseURL, makeUser }, use) => {
    await use(async (options) => {
      const user = await makeUser(options);
      await signIn(context, user, baseURL!);
      return user;
    });
  },
});
export { expect };

/**
 * Serves /blog without its `Refresh: 5;url=/` header. While no post is published, /blog is the coming-soon
 * page, and the browser follows that header after 5 real seconds with or without JavaScript: any test that
 * looks at the page for longer (axe, page weight, the countdown on a paused clock) would race it. The header
 * itself is checked on the server's answer in pages.spec.ts, and followed once there without JavaScript.
 */
export async function withoutRefreshHeader(page: Page): Promise<void> {
  await page.route(/\/blog(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers["refresh"];
    await route.fulfill({ response, headers });
  });
}

/** Waits until React has hydrated (only meaningful with JavaScript on). */
export async function ready(page: Page, jsEnabled: boolean): Promise<void> {
  if (jsEnabled) await page.locator("html[data-hydrated=true]").waitFor();
}

/** Signs in through the form (auth.spec.ts only: the one UI sign-in test). */
export async function signInThroughForm(page: Page, jsEnabled: boolean, user: { email: string; password: string; role: "admin" | "broker" }): Promise<void> {
  await page.goto(user.role === "admin" ? "/login" : "/broker/login");
  await ready(page, jsEnabled);
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Senha").fill(user.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL(user.role === "admin" ? /\/admin/ : /\/broker\/(dashboard|bloqueado)/);
}
