import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, ready, test, withoutRefreshHeader } from "./fixtures";

/**
 * axe-core on every page: serious and critical violations (WCAG 2.1 A/AA
 * rules) fail the test. One test per page so a report names the page.
 */
const PUBLIC_PAGES = [
  "/",
  "/imoveis",
  // /buscar and /categoria/:type are the same module and markup as /imoveis (app/routes.ts); /alugar shows rent cards
  "/alugar",
  "/sobre",
  "/contato",
  "/privacidade",
  "/blog",
  "/obrigado?name=Teste",
  // 'Anuncie seu imóvel' (issue 28) and its own /obrigado
  "/anuncie",
  "/obrigado?form=anuncie",
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
  if (path === "/blog") await withoutRefreshHeader(page); // axe takes longer than the page's 5 s refresh
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

/**
 * The back office as a browser without JavaScript gets it. axe runs as a script and a page with scripts
 * off cannot run it, so each page is rendered in a JavaScript-off browser (same session, same viewport),
 * its DOM taken as that browser built it (<noscript> content shown, no script), and that DOM is then
 * served at the same address to a page where axe can run. The CSS is the page's own. One test per area
 * (the renders share one browser context); the report names every page with its violations.
 */
const BACK_OFFICE = {
  admin: ["/admin", "/admin/imoveis/novo", "/admin/corretores", "/admin/webhook"],
  broker: ["/broker/dashboard", "/broker/properties", "/broker/crm", "/broker/leads", "/broker/settings"],
} as const;

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ rule: v.id, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(" ")} → ${n.html.slice(0, 160)}`) }));
}

test.describe("accessibility (axe) of the back office without JavaScript", () => {
  for (const [role, paths] of Object.entries(BACK_OFFICE) as ["admin" | "broker", readonly string[]][]) {
    test(`${role} pages as rendered without JavaScript`, async ({ page, browser, context, login }) => {
      test.setTimeout(120_000);
      const viewport = { width: 1280, height: 900 };
      await page.setViewportSize(viewport);
      await login({ role });
      const noJs = await browser.newContext({ javaScriptEnabled: false, locale: "pt-BR", timezoneId: "America/Sao_Paulo", viewport });
      await noJs.addCookies(await context.cookies());
      const plain = await noJs.newPage();
      const found: Record<string, unknown> = {};
      for (const path of paths) {
        const response = await plain.goto(path);
        expect(response!.status(), `status of ${path} without JavaScript`).toBeLessThan(400);
        expect(new URL(plain.url()).pathname, `${path} without JavaScript stayed on its page`).toBe(path);
        // page.evaluate runs even with the page's scripts off; it only reads and tidies the DOM that browser built
        const html = await plain.evaluate(() => {
          for (const script of [...document.querySelectorAll("script")]) script.remove();
          for (const noscript of [...document.querySelectorAll("noscript")]) {
            const shown = document.createElement("div");
            shown.setAttribute("data-noscript", "");
            shown.append(...noscript.childNodes);
            noscript.replaceWith(shown);
          }
          return `<!DOCTYPE html>${document.documentElement.outerHTML}`;
        });
        await page.route((url) => url.pathname === path, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
        await page.goto(path);
        await expect(page.locator("main").first()).toBeVisible();
        const violations = await seriousViolations(page);
        if (violations.length) found[path] = violations;
      }
      await noJs.close();
      expect(found, `axe violations (serious, critical) in the ${role} area without JavaScript`).toEqual({});
    });
  }
});
