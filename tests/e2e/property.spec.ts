import { withDb } from "./database";
import { DEMO, expect, ready, test } from "./fixtures";
import { demoBrokerId, demoPropertyPath } from "./catalogue-helpers";

/** The property page: content, SEO tags, gallery, lead form, copy link, 404. */
async function firstPropertyPath(_page: import("@playwright/test").Page): Promise<string> {
  return await demoPropertyPath();
}

test.describe("property page", () => {
  test("shows the property with OG tags, JSON-LD, gallery hints, similar properties and the lead form", async ({ page, jsEnabled }) => {
    const path = await firstPropertyPath(page);
    await page.goto(path);
    await ready(page, jsEnabled);
    const title = await page.getByRole("heading", { level: 1 }).innerText();
    await expect(page).toHaveTitle(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    // a JPEG made from the first photo: WhatsApp's link preview does not take WebP
    const ogImage = page.locator('meta[property="og:image"]');
    await expect(ogImage).toHaveAttribute("content", /^https?:\/\/.+\/og\/imovel\/\d+\.jpg$/);
    const jpeg = await page.request.get(new URL((await ogImage.getAttribute("content"))!).pathname);
    expect(jpeg.headers()["content-type"]).toBe("image/jpeg");
    expect([...(await jpeg.body()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute("content", "1200");
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /.+/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
    expect(ld["@type"]).toBe("RealEstateListing");
    expect(ld.offers.priceCurrency).toBe("BRL");

    const photos = page.getByRole("region", { name: "Fotos do imóvel" }).locator("img");
    await expect(photos.first()).toHaveAttribute("fetchpriority", "high");
    await expect(photos.nth(1)).toHaveAttribute("loading", "lazy");
    await expect(photos.first()).toHaveAttribute("srcset", /w400\.webp 400w/);

    await expect(page.getByRole("heading", { name: "Imóveis semelhantes" })).toBeVisible();
    const similar = page.locator("section[aria-labelledby=similar-heading] article");
    expect(await similar.count()).toBeLessThanOrEqual(3);
    await expect(page.getByLabel("Nome")).toBeVisible();
    await expect(page.getByRole("button", { name: "Enviar mensagem" })).toBeVisible();
  });

  test("opens by id alone and shows the referring broker", async ({ page }) => {
    const path = await firstPropertyPath(page);
    const id = /-(\d+)$/.exec(path)![1];
    const ana = await demoBrokerId(DEMO.broker.email);
    await page.goto(`/imovel/${id}?ref=${ana}`);
    await expect(page.getByTestId("broker-card")).toContainText("Ana Souza");
    await expect(page.locator('#lead-form input[type=hidden][name=ref]')).toHaveValue(ana);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));
  });

  test("rent shows '/mês' with condo fee and IPTU", async ({ page }) => {
    await page.goto("/alugar");
    await page.locator("main article h3 a").first().click();
    await expect(page.getByText("/mês").first()).toBeVisible();
    await expect(page.getByText("IPTU")).toBeVisible();
  });

  test("a tap on a photo opens the viewer, a plain page with previous and next (arrow keys with JavaScript)", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    const path = await demoPropertyPath();
    await page.goto(path);
    await ready(page, jsEnabled);
    await page.getByRole("link", { name: /Abrir foto 1 de \d+/ }).click();
    await expect(page).toHaveURL(`${path}/fotos/1`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    const count = Number(/\/ (\d+)/.exec(await page.getByText(/^1 \/ \d+$/).innerText())![1]);
    expect(count).toBeGreaterThanOrEqual(3);
    await page.getByRole("link", { name: "Próxima" }).click();
    await expect(page).toHaveURL(`${path}/fotos/2`);
    await expect(page.getByText(`2 / ${count}`)).toBeVisible();
    if (jsEnabled) {
      await ready(page, jsEnabled);
      await page.keyboard.press("ArrowLeft");
      await expect(page).toHaveURL(`${path}/fotos/1`);
    } else {
      await page.getByRole("link", { name: "Anterior" }).click();
      await expect(page).toHaveURL(`${path}/fotos/1`);
    }
    await page.getByRole("link", { name: "Anterior" }).click(); // wraps to the last
    await expect(page).toHaveURL(`${path}/fotos/${count}`);
    await page.getByRole("link", { name: "Fechar" }).click();
    await expect(page).toHaveURL(path);
    // a number past the last photo goes back to the property
    await page.goto(`${path}/fotos/999`);
    await expect(page).toHaveURL(path);
  });

  test("copy link confirms", async ({ page, context, jsEnabled }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const path = await firstPropertyPath(page);
    await page.goto(path);
    await ready(page, jsEnabled);
    await page.getByRole("button", { name: "Copiar link" }).click();
    await expect(page.getByText("Link copiado!")).toBeVisible();
    await expect(page.getByText("Link copiado!")).toBeHidden({ timeout: 4000 });
  });

  test("an unknown property is a 404 with the spec's texts", async ({ page }) => {
    for (const p of ["/imovel/999999", "/imovel/nao-existe", `/imovel/${encodeURIComponent("' OR 1=1 --")}`]) {
      const res = await page.goto(p);
      expect(res?.status(), p).toBe(404);
      await expect(page.getByRole("heading", { name: "Imóvel não encontrado" })).toBeVisible();
      await expect(page.getByText("O imóvel que você está procurando não está disponível.")).toBeVisible();
    }
  });
});

test("the address shows only what the agency chose: neighbourhood and city unless the whole address is chosen", async ({ page }) => {
  const path = await demoPropertyPath();
  const slug = path.split("/").pop()!;
  const row = await withDb((db) =>
    db.selectFrom("properties").select(["id", "address", "neighborhood", "address_display", "postal_code", "street_number", "complement"]).where("slug", "=", slug).executeTakeFirstOrThrow(),
  );
  const set = (display: typeof row.address_display, postal: string | null, number: string | null) =>
    withDb((db) => db.updateTable("properties").set({ address_display: display, postal_code: postal, street_number: number, complement: "Apto 71", updated_at: new Date().toISOString() }).where("id", "=", row.id).execute());
  try {
    await set("neighborhood", "18047-000", "45");
    await page.goto(path);
    const line = page.getByTestId("property-address");
    await expect(line).toContainText(row.neighborhood);
    await expect(line).not.toContainText(row.address);
    expect(await page.content()).not.toContain("Apto 71");
    await set("all", "18047-000", "45");
    await page.goto(path);
    await expect(line).toContainText(`${row.address}, 45`);
    await expect(line).toContainText("CEP 18047-000");
    expect(await page.content()).not.toContain("Apto 71");
  } finally {
    await withDb((db) =>
      db.updateTable("properties").set({ address_display: row.address_display, postal_code: row.postal_code, street_number: row.street_number, complement: row.complement }).where("id", "=", row.id).execute(),
    );
  }
});
