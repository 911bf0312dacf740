import fs from "node:fs";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";

/**
 * Demo accounts created by the seed on the test server's first start. Their
 * passwords are generated per installation: read from the server's
 * DATA_DIR/demo-logins.json, never written in the repository.
 */
let creds: Record<string, string> | null = null;
function demoPassword(email: string): string {
  creds ??= JSON.parse(fs.readFileSync(path.join(process.env.E2E_DATA_DIR ?? "", "demo-logins.json"), "utf8")) as Record<string, string>;
  const password = creds[email];
  if (!password) throw new Error(`no demo password for ${email}`);
  return password;
}
function demo<T extends object>(email: string, extra: T) {
  return {
    email,
    ...extra,
    get password() {
      return demoPassword(email);
    },
  };
}
export const DEMO = {
  admin: demo("admin@larimoveis.com.br", {}),
  broker: demo("ana@larimoveis.com.br", { name: "Ana Souza" }),
  broker2: demo("bruno@larimoveis.com.br", { name: "Bruno Lima" }),
  inactiveBroker: demo("carla@larimoveis.com.br", {}),
};

export const test = base.extend<{ jsEnabled: boolean }>({
  jsEnabled: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
});
export { expect };

/** Waits until React has hydrated (only meaningful with JavaScript on). */
export async function ready(page: Page, jsEnabled: boolean): Promise<void> {
  if (jsEnabled) await page.locator("html[data-hydrated=true]").waitFor();
}

export async function loginAsAdmin(page: Page, jsEnabled: boolean): Promise<void> {
  await page.goto("/login");
  await ready(page, jsEnabled);
  await page.getByLabel("E-mail").fill(DEMO.admin.email);
  await page.getByLabel("Senha").fill(DEMO.admin.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL(/\/admin/);
}

export async function loginAsBroker(page: Page, jsEnabled: boolean, who: { email: string; password: string } = DEMO.broker): Promise<void> {
  await page.goto("/broker/login");
  await ready(page, jsEnabled);
  await page.getByLabel("E-mail").fill(who.email);
  await page.getByLabel("Senha").fill(who.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL(/\/broker\/(dashboard|bloqueado)/);
}
