import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { withDb } from "./database";
import { expect, ready, test } from "./fixtures";

/**
 * Issue 28's visitor features end to end, JavaScript on and off: the heart
 * on cards and the property page, /favoritos, /comparar and /simulador.
 */
/** Three available demo properties for sale (the demo seed's, not ones other specs create and delete). */
async function demoForSale(): Promise<{ id: number; slug: string; title: string }[]> {
  return withDb((db) =>
    db
      .selectFrom("properties")
      .select(["id", "slug", "title"])
      .where("status", "=", "available")
      .where("purpose", "=", "sale")
      .where("price", ">", 0)
      .where("slug", "is not", null)
      .where("created_at", "<", "2026-11-21")
      .orderBy("id")
      .limit(3)
      .$narrowType<{ slug: string }>()
      .execute(),
  );
}

async function leadsOf(email: string) {
  return withDb((db) => db.selectFrom("leads").select(["message", "source", "property_id"]).where("email", "=", email).execute());
}

async function noAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function noSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test.describe("favourites, comparison and simulator", () => {
  test("save from the property page, list, compare and send one lead", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    const [a, b] = await demoForSale();
    await page.goto(`/imovel/${a.slug}`);
    await ready(page, jsEnabled);
    const heart = page.getByRole("button", { name: `Salvar nos favoritos: ${a.title}` }).first();
    await heart.click();
    // JS: toggled in place; no JS: the POST came back to the same page
    await expect(page).toHaveURL(new RegExp(`/imovel/${a.slug}$`));
    await expect(page.getByRole("button", { name: `Remover dos favoritos: ${a.title}` }).first()).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("link", { name: "Favoritos (1)" })).toBeVisible();

    await page.goto(`/imovel/${b.slug}`);
    await ready(page, jsEnabled);
    await page.getByRole("button", { name: `Salvar nos favoritos: ${b.title}` }).first().click();
    await expect(page.getByRole("link", { name: "Favoritos (2)" })).toBeVisible();

    await page.getByRole("link", { name: "Favoritos (2)" }).click();
    await expect(page.getByRole("heading", { name: "Meus favoritos" })).toBeVisible();
    await expect(page.getByText("2 imóveis salvos neste navegador.")).toBeVisible();
    if (jsEnabled) await noAxeViolations(page); // axe runs in the page: JavaScript on only
    for (const checkbox of await page.getByRole("checkbox", { name: "Comparar" }).all()) await checkbox.check();
    await page.getByRole("button", { name: "Comparar selecionados" }).click();
    await expect(page).toHaveURL(/\/comparar\?ids=/);
    await expect(page.getByRole("heading", { name: "Comparar imóveis" })).toBeVisible();
    await expect(page.getByRole("rowheader", { name: "Preço por m²" })).toBeVisible();
    // on a phone each property is a card with the same rows (the table is for wider screens); nothing scrolls sideways
    await page.setViewportSize({ width: 390, height: 844 });
    await noSideways(page);
    await expect(page.getByRole("table")).toBeHidden();
    const cards = page.getByRole("list", { name: "Comparação de 2 imóveis" }).getByRole("listitem");
    await expect(cards).toHaveCount(2);
    for (const property of [a, b]) await expect(cards.getByRole("link", { name: property.title })).toBeVisible();
    await expect(cards.first().getByRole("term").filter({ hasText: "Preço por m²" })).toBeVisible();
    expect(await cards.first().evaluate((card) => card.scrollWidth <= card.clientWidth)).toBe(true);
    if (jsEnabled) await noAxeViolations(page); // axe runs in the page: JavaScript on only

    const email = `compare-${jsEnabled ? "js" : "nojs"}-${Date.now()}@teste.com.br`;
    await page.getByLabel("Nome", { exact: true }).fill("Paula Comparadora");
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByLabel("Telefone", { exact: true }).fill("(11) 98888-7777");
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await expect(page).toHaveURL(/\/obrigado/);
    const leads = await leadsOf(email);
    expect(leads).toHaveLength(1);
    expect(leads[0].message).toContain(a.title);
    expect(leads[0].message).toContain(b.title);

    // 'Limpar favoritos' empties the list
    await page.goto("/favoritos");
    await page.getByRole("button", { name: "Limpar favoritos" }).click();
    await expect(page.getByText("Você ainda não salvou nenhum imóvel")).toBeVisible();
  });

  test("a comparison of one property says why, in pt-BR", { tag: "@no-js" }, async ({ page }) => {
    const [a] = await demoForSale();
    const response = await page.goto(`/comparar?ids=${a.id}`);
    expect(response!.status()).toBe(200);
    await expect(page.getByText("Selecione pelo menos 2 imóveis para comparar.")).toBeVisible();
    await page.goto("/comparar?ids=abc,1");
    await expect(page.getByText("Não entendemos a lista de imóveis a comparar.", { exact: false })).toBeVisible();
  });

  test("the simulator: a shareable result, errors beside the fields, no sideways scroll on a phone", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/simulador?preco=500.000&entrada=100.000&prazo=360&juros=10");
    await ready(page, jsEnabled);
    await expect(page.locator('[data-sim="price.firstInstalment"]')).toHaveText("R$ 3.383,56");
    await expect(page.locator('[data-sim="sac.firstInstalment"]')).toHaveText("R$ 4.300,77");
    await noSideways(page);
    if (jsEnabled) await noAxeViolations(page); // axe runs in the page: JavaScript on only

    await page.getByLabel("Prazo").fill("421");
    await page.getByRole("button", { name: "Simular" }).click();
    await expect(page.getByText("Informe um prazo de 1 a 420 meses")).toBeVisible();
    await expect(page.getByLabel("Prazo")).toHaveValue("421");
    await expect(page.getByLabel("Valor do imóvel")).toHaveValue("500.000");

    if (jsEnabled) {
      // recomputes as the visitor types
      await page.getByLabel("Prazo").fill("360");
      await page.getByLabel("Entrada (recursos próprios)").fill("50.000");
      await expect(page.locator('[data-sim="financed"]')).toHaveText("R$ 450.000,00");
      await expect(page.getByText("Financiamento acima de 80% do valor do imóvel")).toBeVisible();
    }
  });

  test("the property page's simulator block opens /simulador and the broker lead has source 'simulador'", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    const [a] = await demoForSale();
    await page.goto(`/imovel/${a.slug}`);
    await ready(page, jsEnabled);
    const teaser = page.getByTestId("financing-teaser");
    await expect(teaser).toContainText("Parcelas a partir de");
    await teaser.getByRole("button", { name: "Simular financiamento" }).click();
    await expect(page).toHaveURL(new RegExp(`/simulador\\?.*imovel=${a.id}`));
    await expect(page.getByRole("link", { name: a.title })).toBeVisible();
    const email = `sim-${jsEnabled ? "js" : "nojs"}-${Date.now()}@teste.com.br`;
    await page.getByLabel("Nome", { exact: true }).fill("Rui Simulador");
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByLabel("Telefone", { exact: true }).fill("(11) 97777-6666");
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await expect(page).toHaveURL(/\/obrigado/);
    const [lead] = await leadsOf(email);
    expect(lead.source).toBe("simulador");
    expect(lead.property_id).toBe(a.id);
    expect(lead.message).toContain("SAC: 1ª parcela");
  });
});
