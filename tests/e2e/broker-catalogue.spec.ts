import { rowOf, withDb } from "./database";
import { expect, ready, test } from "./fixtures";

/** The broker catalogue (spec 02 §2.3), with JavaScript on and off. */
test.describe("broker catalogue", () => {
  let brokerId = "";
  test.beforeEach(async ({ login }) => {
    brokerId = (await login({ role: "broker" })).brokerId!;
  });

  const cards = (page: import("@playwright/test").Page) => page.getByRole("list", { name: "Imóveis" }).getByRole("article");

  test("a price that is not a number is shown back with its message and ignored", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    await page.goto("/broker/properties");
    await ready(page, jsEnabled);
    await page.getByLabel("Preço mínimo (R$)").fill("abc");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/minPrice=abc/);
    await expect(page.getByLabel("Preço mínimo (R$)")).toHaveValue("abc");
    await expect(page.getByLabel("Preço mínimo (R$)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Informe um número válido")).toBeVisible();
    await expect(cards(page)).toHaveCount(9);
  });

  test("filters by city, then neighbourhood", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    await page.goto("/broker/properties");
    await ready(page, jsEnabled);
    await expect(page.getByRole("heading", { name: "Imóveis", level: 1 })).toBeVisible();
    await expect(cards(page)).toHaveCount(9);
    const neighbourhood = page.getByLabel("Bairro");
    await expect(neighbourhood).toBeDisabled();

    await page.getByLabel("Cidade").selectOption("Campinas");
    // With JavaScript the city reloads the page by itself; without it, Filtrar does.
    if (!jsEnabled) await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/city=Campinas/);
    await expect(neighbourhood).toBeEnabled();
    await expect(neighbourhood.locator("option")).toContainText(["Todos", "Barão Geraldo", "Cambuí"]);
    await expect(neighbourhood.locator("option", { hasText: "Moema" })).toHaveCount(0); // only Campinas' neighbourhoods

    await neighbourhood.selectOption("Cambuí");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/neighborhood=Camb/);
    await expect(neighbourhood).toHaveValue("Cambuí");
    await expect(cards(page).first()).toBeVisible();
    for (const place of await cards(page).getByTestId("card-place").allTextContents()) expect(place).toBe("Campinas · Cambuí");

    await page.getByRole("link", { name: "Limpar filtros" }).first().click();
    await expect(page).toHaveURL(/\/broker\/properties$/);
    await expect(cards(page)).toHaveCount(9);
  });

  test("switches between grid and list and pages through the catalogue", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    await page.goto("/broker/properties");
    await ready(page, jsEnabled);
    const views = page.getByRole("group", { name: "Visualização" });
    await views.getByRole("link", { name: "Lista" }).click();
    await expect(page).toHaveURL(/view=list/);
    await expect(views.getByRole("link", { name: "Lista" })).toHaveAttribute("aria-current", "page");
    await expect(cards(page)).toHaveCount(9);

    const pager = page.getByRole("navigation", { name: "Paginação" });
    const status = await page.getByText(/imóveis encontrados · página 1 de \d+/).textContent();
    const pageCount = Number(/de (\d+)/.exec(status ?? "")?.[1]);
    expect(pageCount).toBeGreaterThan(1);
    // more than 7 pages: ellipses (the demo has 64 properties, 8 pages)
    await expect(pager.getByText("…")).toHaveCount(pageCount > 7 ? 1 : 0);

    const firstTitle = await cards(page).first().getByRole("heading").textContent();
    await pager.getByRole("link", { name: "Página 2" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/view=list/); // the view survives paging
    await expect(pager.getByRole("link", { name: "Página 2" })).toHaveAttribute("aria-current", "page");
    await expect(cards(page).first().getByRole("heading")).not.toHaveText(firstTitle ?? "");

    await pager.getByRole("link", { name: `Página ${pageCount}` }).click();
    await expect(page.getByText(new RegExp(`página ${pageCount} de ${pageCount}`))).toBeVisible();
    await expect(pager.getByRole("link", { name: "Próxima" })).toHaveCount(0);

    await views.getByRole("link", { name: "Grade" }).click();
    await expect(page).not.toHaveURL(/view=list/);
    await expect(page).toHaveURL(new RegExp(`page=${pageCount}`));
  });

  test("offers 'Editar' only on the broker's own properties", async ({ page, jsEnabled }) => {
    // This test's broker owns one property: a copy of a demo property, removed afterwards.
    const ownId = await cloneDemoPropertyFor(brokerId);
    try {
      await page.goto("/broker/properties");
      await ready(page, jsEnabled);
      const status = await page.getByText(/imóveis encontrados · página 1 de \d+/).textContent();
      const pageCount = Number(/de (\d+)/.exec(status ?? "")?.[1]);
      let own = 0;
      let others = 0;
      for (let p = 1; p <= pageCount; p++) {
        if (p > 1) await page.goto(`/broker/properties?page=${p}`);
        const all = cards(page);
        const n = await all.count();
        for (let i = 0; i < n; i++) {
          const card = all.nth(i);
          const mine = (await card.getByText("Seu imóvel").count()) > 0;
          if (mine) own++;
          else others++;
          await expect(card.getByRole("link", { name: /^Editar / })).toHaveCount(mine ? 1 : 0);
        }
      }
      expect(own).toBe(1);
      expect(others).toBeGreaterThan(0); // other brokers' and the agency's properties
      await expect(page.getByRole("link", { name: "Cadastrar imóvel" })).toHaveAttribute("href", "/broker/properties/novo");
    } finally {
      await withDb((db) => db.deleteFrom("properties").where("id", "=", ownId).execute());
    }
  });

  test("opens the referral-link modal with the broker's ref", { tag: "@no-js" }, async ({ page, jsEnabled, context }) => {
    await page.goto("/broker/properties?view=list");
    await ready(page, jsEnabled);
    await cards(page).first().getByRole("link", { name: /^Gerar link/ }).click();
    await expect(page).toHaveURL(/link=\d+/);
    const dialog = page.getByRole("dialog", { name: "Link de indicação" });
    await expect(dialog).toBeVisible();
    const link = dialog.getByLabel("Link");
    await expect(link).toHaveValue(/^https?:\/\/[^/]+\/imovel\/[a-z0-9-]+\?ref=[0-9a-f-]{36}$/);
    if (jsEnabled) {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await dialog.getByRole("button", { name: "Copiar link" }).click();
      await expect(dialog.getByText("Link copiado!")).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(await link.inputValue());
    } else {
      await expect(dialog.getByRole("button", { name: "Copiar link" })).toHaveCount(0);
    }
    // the link really opens the property page
    const url = new URL(await link.inputValue());
    await dialog.getByRole("link", { name: "Fechar" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/view=list/);
    const response = await page.request.get(url.pathname + url.search);
    expect(response.status()).toBe(200);
  });
});

/** Copies the first demo property as a new one owned by the broker; returns its id. */
async function cloneDemoPropertyFor(brokerId: string): Promise<number> {
  return withDb(async (db) => {
    const row = (await rowOf<Record<string, unknown>>(db, "select * from properties where status = 'available' order by id limit 1"))!;
    const { id: _id, ...rest } = row;
    const values = { ...rest, broker_id: brokerId, slug: `e2e-${brokerId}`, featured: 0, title: `Imóvel do corretor ${brokerId.slice(0, 8)}` };
    const columns = Object.keys(values);
    const inserted = await rowOf<{ id: number }>(db, `insert into properties (${columns.map((c) => `"${c}"`).join(", ")}) values (${columns.map(() => "?").join(", ")}) returning id`, ...Object.values(values));
    return Number(inserted!.id);
  });
}
