import { gzipSync } from "node:zlib";
import { expect, test, withoutRefreshHeader } from "./fixtures";
import { demoPropertyPath } from "./catalogue-helpers";

/**
 * Public pages are plain server HTML: no React, no route modules, one small
 * enhancement module (≤ 20 KB gzipped, issue 13); the back office hydrates.
 * The budgets themselves are measured by `npm run bench` (docs/performance.md).
 */
test.describe("page weight", () => {
  for (const path of ["/", "/imoveis", "PROPERTY", "/contato", "/blog", "/nao-existe", "/favoritos", "/comparar", "/simulador?preco=500.000&entrada=100.000&prazo=360&juros=10", "/alertas", "/alertas/confirmar/AAAAAAAAAAAAAAAAAAAAAA", "/alertas/cancelar/AAAAAAAAAAAAAAAAAAAAAA", "/anuncie"]) {
    test(`${path === "PROPERTY" ? "a property page" : path} loads no framework JavaScript`, async ({ page, request }) => {
      const url = path === "PROPERTY" ? await demoPropertyPath() : path;
      if (path === "/blog") await withoutRefreshHeader(page); // the coming-soon page would load the home page after 5 s
      const scripts: string[] = [];
      page.on("request", (r) => {
        if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
      });
      await page.goto(url);
      await page.locator("html[data-hydrated=true]").waitFor();
      await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
      expect(scripts).toHaveLength(1);
      expect(scripts[0]).toMatch(/^\/assets\/enhance-[\w-]+\.js$/);
      const body = await (await request.get(scripts[0])).body();
      expect(gzipSync(body).length).toBeLessThanOrEqual(20 * 1024);
    });
  }

  test("/imoveis/mapa: the enhancement module (≤ 20 KB), then the map's own module with Leaflet (measured in docs/performance.md)", async ({ page, request }) => {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await page.goto("/imoveis/mapa");
    await page.locator(".map-pin, .map-cluster").first().waitFor();
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    expect(scripts).toHaveLength(2);
    expect(scripts[0]).toMatch(/^\/assets\/enhance-[\w-]+\.js$/);
    expect(scripts[1]).toMatch(/^\/assets\/map-[\w-]+\.js$/);
    expect(gzipSync(await (await request.get(scripts[0])).body()).length).toBeLessThanOrEqual(20 * 1024);
    // Leaflet alone is ~42 KB gzipped: the map page's own budget is 48 KB for its second module
    expect(gzipSync(await (await request.get(scripts[1])).body()).length).toBeLessThanOrEqual(48 * 1024);
  });

  test("the back office still hydrates", async ({ page, login }) => {
    await login({ role: "admin" });
    const response = await page.goto("/admin");
    // The server's HTML preloads the route modules; React Router drops those links at its first re-render after hydration, so the live DOM is not the place to count them.
    expect((await response!.text()).match(/<link rel="modulepreload"/g)?.length ?? 0).toBeGreaterThan(0);
    await page.locator("html[data-hydrated=true]").waitFor();
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
  });
});
