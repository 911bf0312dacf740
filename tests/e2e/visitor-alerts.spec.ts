import AxeBuilder from "@axe-core/playwright";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { parseEml } from "../mocks/eml";
import { withDb } from "./database";
import { expect, ready, test } from "./fixtures";

/**
 * Saved-search alerts in the browser (issue 28), JavaScript on and off: the
 * form on /imoveis, the confirmation link read from the server's outbox
 * (the e2e server runs without SMTP_URL), the confirm and unsubscribe pages,
 * axe on each.
 */
const dataDir = process.env.E2E_DATA_DIR ?? "";

function mailsTo(email: string) {
  const dir = path.join(dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => parseEml(fs.readFileSync(path.join(dir, f), "utf8")))
    .filter((m) => m.to === email);
}

/** axe runs in the page's JavaScript: the js project checks it (as a11y.spec.ts does). */
async function expectAccessible(page: Page, jsEnabled: boolean) {
  if (!jsEnabled) return;
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => ({ rule: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}

async function alertRow(email: string) {
  return withDb((db) => db.selectFrom("search_alerts").select(["status", "query", "path", "lead_id", "unsubscribe_token"]).where("email", "=", email).executeTakeFirst());
}

test("subscribe on /imoveis, confirm by the e-mailed link, unsubscribe", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
  const email = `alerta-${jsEnabled ? "js" : "nojs"}-${Date.now()}@teste.com.br`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/imoveis?bedrooms=2");
  await ready(page, jsEnabled);
  const form = page.locator("#alert-form");
  await expect(form.getByRole("heading", { name: "Receber novidades desta busca" })).toBeVisible();
  await expect(form.getByText("2+ quartos")).toBeVisible();
  await expectAccessible(page, jsEnabled);

  // a refused post: the message beside the field, what was typed kept
  await form.getByLabel("Seu e-mail").fill("nao-e-email");
  await form.getByRole("button", { name: "Criar alerta" }).click();
  await expect(page).toHaveURL(/\/alertas/);
  await expect(page.getByText("Informe um e-mail válido")).toBeVisible();
  await expect(page.getByLabel("Seu e-mail")).toHaveValue("nao-e-email");
  await expect(page.getByText("2+ quartos")).toBeVisible();

  await page.getByLabel("Seu e-mail").fill(email);
  await page.getByLabel("Diária").check();
  await page.getByRole("button", { name: "Criar alerta" }).click();
  await expect(page.getByRole("heading", { name: "Confirme seu e-mail" })).toBeVisible();
  await expectAccessible(page, jsEnabled);
  expect(await alertRow(email)).toMatchObject({ status: "pending", path: "/imoveis", query: "?bedrooms=2" });

  const mails = mailsTo(email);
  expect(mails).toHaveLength(1);
  const link = new URL(mails[0].text.match(/https?:\/\/\S+\/alertas\/confirmar\/[\w-]+/)![0]);
  await page.goto(link.pathname);
  await ready(page, jsEnabled);
  await expect(page.getByRole("heading", { name: "Confirmar alerta de imóveis" })).toBeVisible();
  expect((await alertRow(email))?.status).toBe("pending"); // opening the link changes nothing
  await expectAccessible(page, jsEnabled);
  await page.getByRole("button", { name: "Confirmar alerta" }).click();
  await expect(page.getByRole("heading", { name: "Alerta confirmado" })).toBeVisible();
  const row = (await alertRow(email))!;
  expect(row.status).toBe("active");
  expect(row.lead_id).not.toBeNull();

  await page.goto(`/alertas/cancelar/${row.unsubscribe_token}`);
  await ready(page, jsEnabled);
  await expect(page.getByRole("heading", { name: "Cancelar alerta de imóveis" })).toBeVisible();
  await expectAccessible(page, jsEnabled);
  await page.getByRole("button", { name: "Cancelar alerta" }).click();
  await expect(page.getByRole("heading", { name: "Alerta cancelado" })).toBeVisible();
  expect((await alertRow(email))?.status).toBe("cancelled");
});

test("on a phone the alert form is folded under its title and opens", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/imoveis");
  await ready(page, jsEnabled);
  await expect(page.getByLabel("Seu e-mail")).toBeHidden();
  await page.locator("summary", { hasText: "Receber novidades desta busca" }).click();
  await expect(page.getByLabel("Seu e-mail")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("with JavaScript the live filters keep the form's search in step", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, "the live filters need JavaScript");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/imoveis");
  await ready(page, jsEnabled);
  await page.locator("#f-bedrooms").selectOption("3");
  await expect(page).toHaveURL(/bedrooms=3/);
  await expect(page.locator('#alert-form input[name="query"]')).toHaveValue("?bedrooms=3");
});
