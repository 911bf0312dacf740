import { test as base, expect, type Page } from "@playwright/test";

/** Demo accounts created by the seed on the test server's first start. */
export const DEMO = {
  admin: { email: "admin@larimoveis.com.br", password: "admin-demo-2026" },
  broker: { email: "ana@larimoveis.com.br", password: "corretor-demo", name: "Ana Souza" },
  broker2: { email: "bruno@larimoveis.com.br", password: "corretor-demo", name: "Bruno Lima" },
  inactiveBroker: { email: "carla@larimoveis.com.br", password: "corretor-demo" },
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
