import type { Page } from "@playwright/test";
import { DEMO, expect, ready, test } from "./fixtures";
import { demoBrokerId, priceOf } from "./catalogue-helpers";

/** Catalogue, home and SEO resources, with JavaScript on (debounced filters) and off (plain GET form). */

async function applyFilters(page: Page, jsEnabled: boolean) {
  if (!jsEnabled) await page.getByRole("button", { name: "Aplicar filtros" }).click();
}

async function cardTexts(page: Page): Promise<string[]> {
  return page.locator("main article").allInnerTexts();
}

test.describe("catalogue", () => {
  test("home → catalogue → filter by city, price and bedrooms → property page", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    await page.goto("/");
    await ready(page, jsEnabled);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("A história do seu lar começa aqui.");
    await expect(page.getByPlaceholder("Busque por nome do imóvel, cidade ou bairro")).toBeVisible();
    await page.getByRole("link", { name: "Ver todos" }).click();
    await expect(page).toHaveURL(/\/buscar$/);
    await ready(page, jsEnabled);

    await page.getByLabel("Cidade").selectOption("Campinas");
    await page.getByLabel("Quartos").selectOption({ label: "2+" });
    await page.getByLabel("Preço mínimo").fill("300.000");
    await applyFilters(page, jsEnabled);
    await expect(page).toHaveURL(/\/buscar\?city=Campinas&minPrice=300000&bedrooms=2$/);
    await expect(page.getByLabel("Preço mínimo")).toHaveValue("300.000");

    const texts = await cardTexts(page);
    expect(texts.length).toBeGreaterThan(0);
    for (const t of texts) {
      expect(t).toContain("Campinas");
      expect(priceOf(t)).toBeGreaterThanOrEqual(300000);
      expect(Number(/(\d+) quartos?/.exec(t)?.[1] ?? 0)).toBeGreaterThanOrEqual(2);
    }

    const first = page.locator("main article h3 a").first();
    const title = await first.innerText();
    await first.click();
    await expect(page).toHaveURL(/\/imovel\//);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("button", { name: "Enviar mensagem" })).toBeVisible();
  });

  test("changing the city clears the neighbourhood and resets the page", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    await page.goto("/imoveis?city=Santos");
    await ready(page, jsEnabled);
    const nb = page.getByLabel("Bairro");
    const option = await nb.locator("option").nth(1).getAttribute("value");
    await nb.selectOption(option!);
    await applyFilters(page, jsEnabled);
    await expect(page).toHaveURL(new RegExp(`neighborhood=${encodeURIComponent(option!).replace(/%20/g, "(\\+|%20)")}`));
    await page.goto(`${new URL(page.url()).pathname}${new URL(page.url()).search}&page=1`);
    await ready(page, jsEnabled);
    await page.getByLabel("Cidade").selectOption("Campinas");
    await applyFilters(page, jsEnabled);
    await expect(page).toHaveURL(/\/imoveis\?city=Campinas$/);
    await expect(page.getByLabel("Bairro")).toHaveValue("");
  });

  test("a filter change goes back to page 1", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    await page.goto("/imoveis?page=2");
    await ready(page, jsEnabled);
    await expect(page.getByText("Página 2 de")).toBeVisible();
    await page.getByLabel("Quartos").selectOption({ label: "1+" });
    await applyFilters(page, jsEnabled);
    await expect(page).toHaveURL(/\/imoveis\?bedrooms=1$/);
  });

  test("minimum area above maximum sets the other bound equal", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    await page.goto("/imoveis?minArea=100");
    await ready(page, jsEnabled);
    await page.getByLabel("Área máxima").fill("50");
    await applyFilters(page, jsEnabled);
    await expect(page).toHaveURL(/minArea=50&maxArea=50/);
    await expect(page.getByLabel("Área mínima")).toHaveValue("50");
  });

  test("comma decimals, bad values and unknown cities give a normal, cleaned page", async ({ page }) => {
    await page.goto("/imoveis?minArea=80,5&maxPrice=abc&bedrooms=-2&city=Atlantida&page=99999999&sort=hack");
    // a bad number stays as typed, with a message beside its field, and only it is ignored (issue item 15)
    await expect(page).toHaveURL(/\/imoveis\?maxPrice=abc&minArea=80.5&bedrooms=-2(&page=\d+)?$/);
    await expect(page.getByLabel("Área mínima")).toHaveValue("80,5");
    await expect(page.getByLabel("Preço máximo")).toHaveValue("abc");
    await expect(page.getByLabel("Preço máximo")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Preço máximo")).toHaveAccessibleDescription("Informe um número válido");
    await expect(page.getByLabel("Quartos")).toHaveAccessibleDescription("Informe um valor maior ou igual a zero");
    for (const q of [`searchTerm=${encodeURIComponent(`"' OR 1=1 --`)}`, `searchTerm=${encodeURIComponent(`title:*"`)}`, "minPrice=-1", "page=99999999", "propertyType=%3Cscript%3E"]) {
      const res = await page.request.get(`/imoveis?${q}`);
      expect(res.status(), q).toBe(200);
    }
  });

  test("text search is accent- and case-insensitive", async ({ page }) => {
    await page.goto("/buscar?q=SAO+PAULO");
    await expect(page).toHaveURL(/searchTerm=SAO(\+|%20)PAULO/);
    const texts = await cardTexts(page);
    expect(texts.length).toBeGreaterThan(0);
    for (const t of texts) expect(t.toLowerCase()).toMatch(/são paulo|sao paulo/);
  });

  test("text search matches inside words", async ({ page }) => {
    await page.goto("/imoveis?searchTerm=partamento");
    const texts = await cardTexts(page);
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.some((t) => t.toLowerCase().includes("apartamento"))).toBe(true);
    await page.goto("/imoveis?searchTerm=aulo");
    const cities = await cardTexts(page);
    expect(cities.length).toBeGreaterThan(0);
    expect(cities.some((t) => t.toLowerCase().includes("paulo"))).toBe(true);
  });

  test("bedroom options and sorting by price", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    await page.goto("/imoveis");
    await ready(page, jsEnabled);
    await expect(page.getByLabel("Quartos").locator("option")).toHaveText(["Todos", "1+", "2+", "3+", "4+"]);
    // at desktop widths 'Ordenar por' stands on the select's line, not above it
    for (const width of [1024, 1280, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      const label = (await page.getByText("Ordenar por", { exact: true }).boundingBox())!;
      const select = (await page.getByLabel("Ordenar por").boundingBox())!;
      expect(label.y, `at ${width} px`).toBeGreaterThanOrEqual(select.y);
      expect(label.y + label.height, `at ${width} px`).toBeLessThanOrEqual(select.y + select.height);
      expect(label.x + label.width, `at ${width} px`).toBeLessThanOrEqual(select.x);
    }
    await page.getByLabel("Ordenar por").selectOption("price_asc");
    if (!jsEnabled) await page.getByRole("button", { name: "Aplicar filtros" }).click();
    await expect(page).toHaveURL(/sort=price_asc/);
    const prices = (await cardTexts(page)).map(priceOf).filter((n) => !Number.isNaN(n));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  test("rentals and categories", async ({ page }) => {
    await page.goto("/alugar");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Imóveis para Alugar");
    const rentals = await cardTexts(page);
    expect(rentals.length).toBeGreaterThan(0);
    // every card is a rental; a rental-only one shows its rent per month
    expect(rentals.some((t) => /R\$\s*[\d.]+\s*\/mês/.test(t))).toBe(true);
    for (const t of rentals) expect(t).toMatch(/R\$\s*[\d.]+|Preço sob consulta/);
    await page.goto("/categoria/lancamento");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lançamentos");
    const res = await page.goto("/categoria/castelos");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Categoria não encontrada" })).toBeVisible();
  });

  test("the ref code travels on links and shows the active broker's card only", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    const ana = await demoBrokerId(DEMO.broker.email);
    const carla = await demoBrokerId(DEMO.inactiveBroker.email);
    await page.goto(`/imoveis?ref=${ana}`);
    await ready(page, jsEnabled);
    await expect(page.getByTestId("broker-card")).toContainText("Ana Souza");
    await expect(page.getByTestId("broker-card").getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/55/);
    const hrefs = await page.locator("main article h3 a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    for (const h of hrefs) expect(h).toContain(`ref=${ana}`);
    await page.getByLabel("Quartos").selectOption({ label: "2+" });
    await applyFilters(page, jsEnabled);
    await expect(page).toHaveURL(new RegExp(`bedrooms=2&ref=${ana}`));
    await page.locator("main article h3 a").first().click();
    await expect(page).toHaveURL(new RegExp(`ref=${ana}`));
    await expect(page.getByTestId("broker-card")).toContainText("Ana Souza");

    await page.goto(`/imoveis?ref=${carla}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("broker-card")).toHaveCount(0);
  });

  test("featured section: carousel by default, grid on request", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    await page.goto("/");
    await ready(page, jsEnabled);
    const featured = page.locator('[aria-roledescription="carrossel"]');
    await expect(featured.locator("article").first()).toBeVisible();
    expect(await featured.locator("article").count()).toBeLessThanOrEqual(8);
    await page.getByRole("link", { name: "Grade" }).click();
    await expect(page).toHaveURL(/view=grid/);
    await expect(page.locator('[aria-roledescription="carrossel"]')).toHaveCount(0);
    await expect(page.locator("section[aria-labelledby=featured-heading] article").first()).toBeVisible();
  });

  test("sitemap and robots", async ({ request }) => {
    const res = await request.get("/sitemap.xml");
    expect(res.headers()["content-type"]).toContain("application/xml");
    const xml = await res.text();
    expect(xml).toContain("<urlset");
    expect((xml.match(/\/imovel\//g) ?? []).length).toBeGreaterThan(10);
    expect(xml).toContain("/categoria/pronto</loc>");
  });
});
