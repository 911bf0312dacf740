import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { withDb } from "./database";
import { expect, ready, test } from "./fixtures";
import { demoBrokerId } from "./catalogue-helpers";

/**
 * The map of results, /imoveis/mapa (issue 28): with JavaScript the
 * results are drawn on a Leaflet map from the local tile fake
 * (tests/mocks/tile-server.ts, MAP_TILE_URL), in clusters, with a card on
 * click and 'Buscar nesta área'; without it the same results are listed by
 * neighbourhood. The broker's ref stays on every link.
 */
async function axeSerious(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => ({ rule: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.html.slice(0, 160)) }));
}

async function openPin(page: Page) {
  // clusters zoom in when clicked; a few clicks reach single pins
  for (let i = 0; i < 8 && !(await page.locator(".map-pin").first().isVisible()); i++) {
    await page.locator(".map-cluster").first().click();
    await page.waitForTimeout(400);
  }
  await page.locator(".map-pin").first().click();
  return page.locator(".leaflet-popup");
}

test.describe("map of results", () => {
  test("'Ver no mapa' keeps the filters and ref; the map draws markers on the fake tiles, opens a card, and searches an area", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "the map itself needs JavaScript; the list without it is the next test");
    const ref = await demoBrokerId("ana@larimoveis.com.br");
    await page.goto(`/imoveis?city=S%C3%A3o+Paulo&ref=${ref}`);
    await ready(page, jsEnabled);
    await page.getByRole("link", { name: "Ver no mapa" }).click();
    await expect(page).toHaveURL(new RegExp(`/imoveis/mapa\\?city=S%C3%A3o\\+Paulo&ref=${ref}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Imóveis no mapa" })).toBeVisible();

    // drawn: tiles from the local fake, markers (pins or clusters)
    await expect(page.locator("#results-map")).toBeVisible();
    await expect(page.locator(".map-pin, .map-cluster").first()).toBeVisible();
    const tiles = page.locator("img.leaflet-tile-loaded");
    await expect(tiles.first()).toBeVisible();
    expect(await tiles.first().getAttribute("src")).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\d+\/\d+\/\d+\.png$/);
    await expect(page.locator(".leaflet-control-attribution")).toContainText("OpenStreetMap contributors");
    expect(await axeSerious(page)).toEqual([]);

    // a card on click: photo, price, title linking to the property with the ref
    const popup = await openPin(page);
    await expect(popup).toBeVisible();
    await expect(popup.locator("img")).toHaveCount(1);
    await expect(popup).toContainText(/R\$|Preço sob consulta/);
    const link = popup.locator('a[href*="/imovel/"]');
    expect(await link.getAttribute("href")).toContain(`ref=${ref}`);
    await page.keyboard.press("Escape");

    // moving the map offers 'Buscar nesta área'; it reloads the same search with the area
    const button = page.getByRole("button", { name: "Buscar nesta área" });
    await expect(button).toBeHidden();
    await page.locator(".leaflet-control-zoom-out").click();
    await expect(button).toBeVisible();
    await button.click();
    await expect(page).toHaveURL(/\/imoveis\/mapa\?city=S%C3%A3o\+Paulo&ref=[\w-]+&area=-?\d+(\.\d+)?,-?\d+(\.\d+)?,-?\d+(\.\d+)?,-?\d+(\.\d+)?$/);
    await expect(page.getByText("Mostrando só a área escolhida no mapa.")).toBeVisible();
    await expect(page.locator(".map-pin, .map-cluster").first()).toBeVisible();
    // back to the list, filters and ref kept
    await page.getByRole("link", { name: "Ver lista" }).click();
    await expect(page).toHaveURL(new RegExp(`/imoveis\\?city=S%C3%A3o\\+Paulo&ref=${ref}$`));
  });

  test("without JavaScript the same results are listed by neighbourhood, with the count of those off the map", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    const ref = await demoBrokerId("bruno@larimoveis.com.br");
    await page.goto(`/imoveis/mapa?ref=${ref}`);
    await ready(page, jsEnabled);
    const total = Number((await page.locator("#results-heading").textContent())?.match(/\d+/)?.[0]);
    expect(total).toBeGreaterThan(0);
    await expect(page.getByRole("heading", { name: "Imóveis por bairro" })).toBeVisible();
    const groups = page.locator("#map-results section");
    expect(await groups.count()).toBeGreaterThan(3);
    // one link per property, all listed (the demo has fewer than the map's limit), ref kept
    const links = page.locator("#map-results a[href*='/imovel/']");
    await expect(links).toHaveCount(total);
    expect(await links.first().getAttribute("href")).toContain(`ref=${ref}`);
    // the demo leaves some without coordinates: counted
    await expect(page.getByText(/^\d+ imóve(l|is) sem localização no mapa$/)).toBeVisible();
    // (axe runs on this HTML with JavaScript on, in the test above: the list is there too)
    if (!jsEnabled) await expect(page.locator("#results-map")).toBeHidden();
    // a filter through the plain form keeps the map page
    await page.locator("#f-city").selectOption("Campinas");
    if (!jsEnabled) await page.getByRole("button", { name: "Aplicar filtros" }).click();
    await expect(page).toHaveURL(/\/imoveis\/mapa\?city=Campinas&ref=/);
    await expect(page.locator("#map-results section h3").first()).toContainText("Campinas");
  });

  test("a bad area is dropped, the search stays", async ({ page }) => {
    await page.goto("/imoveis/mapa?city=Campinas&area=1,2,3,abc");
    await expect(page).toHaveURL(/\/imoveis\/mapa\?city=Campinas$/);
    await expect(page.getByRole("heading", { name: "Imóveis por bairro" })).toBeVisible();
  });

  test("the editor's Localização tab: the pin fills latitude and longitude", async ({ page, login, jsEnabled }) => {
    test.skip(!jsEnabled, "the pin needs JavaScript; the fields alone are tested in the integration tests");
    await login({ role: "admin" });
    const { id } = await withDb((db) =>
      db.selectFrom("properties").select("id").where("latitude", "is", null).where("created_at", "<", "2026-11-21").orderBy("id").limit(1).executeTakeFirstOrThrow(),
    );
    await page.goto(`/admin/imoveis/${id}/editar?tab=location`);
    await ready(page, jsEnabled);
    const map = page.getByRole("region", { name: "Mapa para posicionar o imóvel" });
    await expect(map).toBeVisible();
    await expect(page.locator("#pe-latitude")).toHaveValue("");
    await map.click({ position: { x: 120, y: 90 } });
    await expect(page.locator("#pe-latitude")).toHaveValue(/^-\d+,\d{6}$/);
    await expect(page.locator("#pe-longitude")).toHaveValue(/^-\d+,\d{6}$/);
    await page.locator("#pe-latitude").fill("91");
    expect(await axeSerious(page)).toEqual([]);
  });
});
