import fs from "node:fs";
import { expect, ready, test, withoutRefreshHeader } from "./fixtures";
import { ownDataDir, startOwnServer, type OwnServer } from "./own-server";

/**
 * /blog on both sides of its rule (spec 03 §1; docs/decisions.md 'Blog'):
 * the demo publishes articles, so the shared server lists them; the
 * coming-soon page is what an agency without a published article sees, on a
 * server of its own with no demo data.
 */
test.describe("/blog with published articles (the demo)", () => {
  test("lists the articles, newest first, each opening with its contents table", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    const answer = await page.goto("/blog");
    expect(answer!.headers()["refresh"]).toBeUndefined();
    await ready(page, jsEnabled);
    await expect(page.getByRole("heading", { name: "Dicas e novidades" })).toBeVisible();
    const titles = page.locator("article h2");
    await expect(titles.first()).toHaveText("Financiamento do primeiro imóvel: o passo a passo");
    expect(await titles.count()).toBeGreaterThanOrEqual(3);
    await titles.first().getByRole("link").click();
    await expect(page).toHaveURL(/\/blog\/financiamento-do-primeiro-imovel-passo-a-passo$/);
    await expect(page.getByRole("heading", { name: "1. Simule antes de escolher o imóvel" })).toBeVisible();
  });
});

test.describe("/blog with no published article: coming soon", () => {
  let server: OwnServer;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startOwnServer({ SEED_DEMO: "false" }, { dataDir: ownDataDir("blog") });
  });
  test.afterAll(async () => {
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  // The coming-soon page sends a real `Refresh: 5;url=/` header, which the browser follows after 5 real
  // seconds with or without JavaScript. A test that must finish within those seconds races it under load, so
  // the header is checked on the server's own answer, and the page is then served without it wherever the
  // test is about something else (the countdown script, the link); the browser following the real header
  // is tested once, without JavaScript, where nothing else can move the page.

  test("/blog is a coming-soon page that returns home after 5 seconds", { tag: "@no-js" }, async ({ page, jsEnabled, request }) => {
    const blog = `${server.base}/blog`;
    const answer = await request.get(blog, { maxRedirects: 0 });
    expect(answer.status()).toBe(200);
    // the browser's own refresh (with or without JavaScript), never a <meta> refresh in the page
    expect(answer.headers()["refresh"]).toBe("5;url=/");
    expect(await answer.text()).not.toMatch(/http-equiv="refresh"/i);
    if (jsEnabled) {
      // the countdown script alone, on a paused clock: it moves only when the test says so
      await withoutRefreshHeader(page);
      const start = new Date("2026-11-23T12:00:00.000Z");
      await page.clock.install({ time: start });
      await page.clock.pauseAt(new Date(start.getTime() + 1_000));
      await page.goto(blog);
      await ready(page, jsEnabled);
      await expect(page.getByRole("heading", { name: "Em breve" })).toBeVisible();
      await expect(page.getByRole("link", { name: "clique aqui" })).toHaveAttribute("href", "/");
      await page.clock.runFor(4_000);
      await expect(page).toHaveURL(/\/blog$/);
      await expect(page.getByText("em 1 segundo.", { exact: false })).toBeVisible();
      await page.clock.runFor(1_500);
      await expect(page).toHaveURL((url) => url.pathname === "/");
    } else {
      // the page, then the real header followed by the browser (no script can move the page here)
      await withoutRefreshHeader(page);
      await page.goto(blog);
      await expect(page.getByRole("heading", { name: "Em breve" })).toBeVisible();
      await expect(page.getByRole("link", { name: "clique aqui" })).toHaveAttribute("href", "/");
      await page.unrouteAll();
      await page.goto(blog);
      await page.waitForURL((url) => url.pathname === "/", { timeout: 30_000 });
    }
  });

  test("the click-here link goes home at once and keeps the ref", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    const ref = "a2145918-fb00-4492-9fed-78d34b314abc";
    // without the header, only the link can take the page home (the refresh would go to the same URL and hide a broken link)
    await withoutRefreshHeader(page);
    await page.goto(`${server.base}/blog?ref=${ref}`);
    await ready(page, jsEnabled);
    await page.getByRole("link", { name: "clique aqui" }).click();
    await expect(page).toHaveURL(`${server.base}/?ref=${ref}`);
  });
});
