import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, ready, test } from "./fixtures";

/**
 * axe-core on every page: serious and critical violations (WCAG 2.1 A/AA
 * rules) fail the test. One test per page so a report names the page.
 */
const PUBLIC_PAGES = [
  "/",
  "/imoveis",
  "/buscar",
  "/categoria/pronto",
  "/alugar",
  "/sobre",
  "/contato",
  "/privacidade",
  "/blog",
  "/obrigado?name=Teste",
  "/pagina-que-nao-existe",
  "/login",
  "/broker/login",
  "/broker/forgot-password",
  "/broker/reset-password?token=x",
  "/broker/bloqueado",
];

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ rule: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(" ")} → ${n.html.slice(0, 160)}${n.failureSummary ? ` (${n.failureSummary.split("\n").slice(1).join(" ").trim().slice(0, 160)})` : ""}`) }));
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}

async function visit(page: Page, path: string, jsEnabled: boolean) {
  const response = await page.goto(path);
  expect(response, path).not.toBeNull();
  // Every page renders (a 404 page is still a page); a 500 is a failure here.
  expect(response!.status(), `status of ${path}`).toBeLessThan(500);
  await ready(page, jsEnabled);
}

test.describe("accessibility (axe)", () => {

  for (const path of PUBLIC_PAGES) {
    test(`public page ${path}`, async ({ page, jsEnabled }) => {
      await visit(page, path, jsEnabled);
      await expectNoSeriousViolations(page);
    });
  }

  test("a property page", async ({ page, jsEnabled }) => {
    await visit(page, "/imoveis", jsEnabled);
    const href = await page.locator('a[href^="/imovel/"]').first().getAttribute("href", { timeout: 5000 });
    expect(href, "the catalogue links to a property").toMatch(/^\/imovel\/[a-z0-9-]+$/);
    await visit(page, href!, jsEnabled);
    await expectNoSeriousViolations(page);
  });

  test("signed-in /admin", async ({ page, jsEnabled, login }) => {
    await login({ role: "admin" });
    await visit(page, "/admin", jsEnabled);
    await expectNoSeriousViolations(page);
  });

  for (const width of [390, 1280]) {
    test(`signed-in /broker/dashboard at ${width}px`, async ({ page, jsEnabled, login }) => {
      await page.setViewportSize({ width, height: 900 });
      await login({ role: "broker" });
      await visit(page, "/broker/dashboard", jsEnabled);
      await expectNoSeriousViolations(page);
    });
  }
});
