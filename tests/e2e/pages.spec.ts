import { expect, ready, test } from "./fixtures";

/** The static public pages and the broker link, with JavaScript on and off. */
test.describe("broker link /corretor/{brokerUrl}", () => {
  test("an active broker's path goes to the catalogue with her ref", async ({ page }) => {
    await page.goto("/corretor/ana-souza");
    await expect(page).toHaveURL(/\/imoveis\?ref=[0-9a-f-]{36}$/);
  });

  for (const path of ["carla-mendes", "nao-existe"]) {
    test(`/corretor/${path} is 'Corretor não encontrado' with 404`, async ({ page }) => {
      const response = await page.goto(`/corretor/${path}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Corretor não encontrado" })).toBeVisible();
      await expect(page.getByText("Corretor não encontrado ou inativo.")).toBeVisible();
    });
  }
});

test.describe("blog", () => {
  // The list of the demo's articles and the coming-soon page (on a server without articles): blog-public.spec.ts.
  test("/blog/{slug} is 'Artigo não encontrado.' with 404", async ({ page }) => {
    const response = await page.goto("/blog/como-financiar-seu-imovel");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Artigo não encontrado.")).toBeVisible();
  });
});

test.describe("static pages", () => {
  test("every public page has the same link-preview tags, with the agency's image when it has none of its own", async ({ page, request }) => {
    for (const path of ["/", "/imoveis", "/sobre", "/contato", "/privacidade"]) {
      await page.goto(path);
      for (const tag of ["og:title", "og:description", "og:url", "og:type", "og:site_name", "og:locale"]) await expect(page.locator(`meta[property="${tag}"]`), `${tag} on ${path}`).toHaveCount(1);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
      await expect(page.locator('meta[property="og:image"]'), path).toHaveAttribute("content", /^https?:\/\/[^/]+\/(og-default\.jpg|og\/imovel\/\d+\.jpg)$/);
    }
    await page.goto("/sobre");
    const image = new URL((await page.locator('meta[property="og:image"]').getAttribute("content"))!);
    expect((await request.get(image.pathname)).headers()["content-type"]).toBe("image/jpeg");
  });

  test("/sobre shows the figures, history, mission, vision and values", async ({ page }) => {
    await page.goto("/sobre");
    await expect(page).toHaveTitle("Sobre nós | Lar Imóveis");
    for (const figure of ["+200", "+45", "+8", "97%"]) await expect(page.getByText(figure, { exact: true })).toBeVisible();
    for (const heading of ["Nossa história", "Missão", "Visão", "Nossos valores"]) await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/sobre$/);
  });

  test("/privacidade is the LGPD policy", async ({ page }) => {
    await page.goto("/privacidade");
    await expect(page.getByRole("heading", { level: 1, name: "Política de Privacidade" })).toBeVisible();
    for (const heading of ["Quem é o controlador", "Bases legais", "Seus direitos", "Encarregado", "Cookies"]) {
      await expect(page.getByRole("heading", { name: new RegExp(heading) })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "privacidade@larimoveis.com.br" })).toHaveAttribute("href", "mailto:privacidade@larimoveis.com.br");
  });

  test("/contato has phones, e-mail, address, hours, CNPJ, social links and a four-question FAQ", async ({ page }) => {
    await page.goto("/contato");
    await expect(page).toHaveTitle("Contato | Lar Imóveis");
    const main = page.locator("main");
    await expect(main.getByText("(11) 3456-7890")).toBeVisible();
    await expect(main.getByText("contato@larimoveis.com.br")).toBeVisible();
    await expect(main.getByText("Avenida Paulista, 1000", { exact: false }).first()).toBeVisible();
    await expect(main.getByText("Segunda a sexta: 9h às 18h")).toBeVisible();
    await expect(main.getByText("Sábado: 9h às 13h")).toBeVisible();
    await expect(main.getByText("CNPJ 12.345.678/0001-90")).toBeVisible();
    await expect(main.getByRole("link", { name: "Instagram" })).toHaveAttribute("href", /instagram\.com/);
    await expect(main.locator("details")).toHaveCount(4);
    // <details> opens without JavaScript
    const answer = main.getByText("Simulamos as condições nos principais bancos", { exact: false });
    await expect(answer).toBeHidden();
    await main.getByText("Vocês ajudam com o financiamento imobiliário?").click();
    await expect(answer).toBeVisible();
  });

  test("/contato loads the map only on request (a link without JavaScript)", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    let mapRequests = 0;
    await page.route(/openstreetmap\.org/, (route) => {
      mapRequests += 1;
      return route.fulfill({ contentType: "text/html", body: "<p>mapa</p>" });
    });
    await page.goto("/contato");
    await ready(page, jsEnabled);
    const iframe = page.locator('iframe[title^="Mapa"]');
    await expect(iframe).toHaveCount(0);
    expect(mapRequests).toBe(0);
    const button = page.getByRole("link", { name: "Ver mapa" });
    if (jsEnabled) {
      // a click without scrolling (scrolling near the map loads it by itself, tested below)
      await button.dispatchEvent("click");
      await expect(iframe).toHaveAttribute("src", /openstreetmap\.org\/export\/embed/);
    } else {
      await expect(button).toHaveAttribute("href", /openstreetmap\.org/);
      await expect(button).toHaveAttribute("target", "_blank");
    }
  });

  test("with JavaScript, scrolling to the map loads it", async ({ page, jsEnabled }) => {
    await page.route(/openstreetmap\.org/, (route) => route.fulfill({ contentType: "text/html", body: "<p>mapa</p>" }));
    await page.goto("/contato");
    await ready(page, jsEnabled);
    await page.getByRole("heading", { name: "Perguntas frequentes" }).scrollIntoViewIfNeeded();
    await expect(page.locator('iframe[title^="Mapa"]')).toHaveCount(1);
  });

  test("/obrigado is not indexed and never prints a name from the link", async ({ page }) => {
    await page.goto("/obrigado?name=%3Cb%3EGanhe%20um%20pr%C3%AAmio%3C%2Fb%3E");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("heading", { name: "Obrigado!", exact: true })).toBeVisible();
    await expect(page.getByText("Ganhe um prêmio")).toHaveCount(0);
    await expect(page.locator("h1 b")).toHaveCount(0);
  });
});
