import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { queryRow } from "./database";
import { expect, ready, test } from "./fixtures";

/**
 * 'Anuncie seu imóvel' in the browser (issue 28), JavaScript on and off:
 * the form on /anuncie (errors keep what was typed and name the refused
 * photo), its /obrigado, and the broker turning the offer into a draft
 * property from the CRM lead page.
 */
async function jpeg(colour: { r: number; g: number; b: number }) {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: colour } }).jpeg().toBuffer();
}

async function expectAccessible(page: Page, jsEnabled: boolean) {
  if (!jsEnabled) return; // axe runs in the page's JavaScript (a11y.spec.ts renders the no-JS DOM)
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => ({ rule: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}

async function leadOf(email: string) {
  const row = await queryRow<{ id: number; source: string; broker_id: string | null; offer_id: number; price: number; area: number; photos: number | string }>(
    "select l.id, l.source, l.broker_id, o.id as offer_id, o.price, o.area, (select count(*) from owner_offer_photos p where p.offer_id = o.id) as photos from leads l join owner_offers o on o.lead_id = l.id where l.email = ?",
    email,
  );
  // PostgreSQL answers count(*) and bigint ids as text
  return row && { ...row, id: Number(row.id), offer_id: Number(row.offer_id), price: Number(row.price), area: Number(row.area), photos: Number(row.photos) };
}

async function fillOffer(page: Page, values: { email: string; price: string }) {
  await page.getByLabel("Nome").fill("Paula Proprietária");
  await page.getByLabel("E-mail").fill(values.email);
  await page.getByLabel("Telefone").fill("11987654321");
  await page.getByLabel("Aluguel").check();
  await page.getByLabel("Tipo de imóvel").selectOption("Casa");
  await page.getByLabel("Cidade").fill("Santos");
  await page.getByLabel("Bairro").fill("Gonzaga");
  await page.getByLabel("Área (m²)").fill("140");
  await page.getByLabel("Quartos").fill("3");
  await page.getByLabel("Valor pretendido (R$)").fill(values.price);
  await page.getByLabel("Mensagem (opcional)").fill("Casa com quintal, perto da praia.");
}

test("an owner offers a property on /anuncie: errors keep what was typed, then /obrigado", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
  const email = `dono-${jsEnabled ? "js" : "nojs"}-${Date.now()}@teste.com.br`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await ready(page, jsEnabled);
  await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Anuncie seu imóvel" }).click();
  await expect(page).toHaveURL(/\/anuncie$/);
  await expect(page.getByRole("heading", { level: 1, name: "Anuncie seu imóvel" })).toBeVisible();
  await expectAccessible(page, jsEnabled);

  // nothing filled: a message beside each required field
  await page.getByRole("button", { name: "Enviar imóvel para avaliação" }).click();
  await expect(page.getByText("Por favor, informe seu nome")).toBeVisible();
  await expect(page.getByText("Informe a cidade do imóvel")).toBeVisible();
  await expect(page.getByText("Informe o valor pretendido")).toBeVisible();

  // a wrong price and a text file named .jpg: both named, everything else kept
  await fillOffer(page, { email, price: "muito" });
  await page.getByLabel("Escolha até 6 fotos do imóvel").setInputFiles([
    { name: "fachada.jpg", mimeType: "image/jpeg", buffer: await jpeg({ r: 30, g: 110, b: 170 }) },
    { name: "planta.jpg", mimeType: "image/jpeg", buffer: Buffer.from("não sou uma foto\n".repeat(30)) },
  ]);
  await page.getByRole("button", { name: "Enviar imóvel para avaliação" }).click();
  await expect(page.getByText("Informe o valor em reais, por exemplo 450.000,00")).toBeVisible();
  await expect(page.getByText("planta.jpg: arquivo não é uma imagem válida.")).toBeVisible();
  await expect(page.getByText("Corrija as fotos indicadas e escolha-as de novo; os demais dados foram mantidos.")).toBeVisible();
  await expect(page.getByLabel("Nome")).toHaveValue("Paula Proprietária");
  await expect(page.getByLabel("Bairro")).toHaveValue("Gonzaga");
  await expect(page.getByLabel("Aluguel")).toBeChecked();
  await expect(page.getByLabel("Tipo de imóvel")).toHaveValue("Casa");
  await expect(page.getByLabel("Valor pretendido (R$)")).toHaveValue("muito");
  await expect(page.getByLabel("Mensagem (opcional)")).toHaveValue("Casa com quintal, perto da praia.");
  expect(await leadOf(email)).toBeUndefined();
  await expectAccessible(page, jsEnabled);

  // fixed: the lead, the offer and its photo
  await page.getByLabel("Valor pretendido (R$)").fill("4.500");
  await page.getByLabel("Escolha até 6 fotos do imóvel").setInputFiles([{ name: "fachada.jpg", mimeType: "image/jpeg", buffer: await jpeg({ r: 30, g: 110, b: 170 }) }]);
  await page.getByRole("button", { name: "Enviar imóvel para avaliação" }).click();
  await expect(page).toHaveURL(/\/obrigado\?form=anuncie/);
  await expect(page.getByRole("heading", { name: "Obrigado, Paula Proprietária!" })).toBeVisible();
  await expect(page.getByText("Recebemos os dados do seu imóvel!")).toBeVisible();
  await expect(page.getByRole("link", { name: "Anunciar outro imóvel" })).toBeVisible();
  expect(await leadOf(email)).toMatchObject({ source: "captacao", price: 4500, area: 140, photos: 1 });
});

test("the footer and the home link to /anuncie", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Anuncie seu imóvel" })).toHaveAttribute("href", "/anuncie");
  await expect(page.locator("main").getByRole("link", { name: "Anuncie seu imóvel" })).toHaveAttribute("href", "/anuncie");
});

test("the broker sees the offered property on the lead page and creates its draft once", { tag: "@no-js" }, async ({ page, browser, jsEnabled, login }) => {
  const broker = await login({ role: "broker", name: "Corretora Captação" });
  const email = `captacao-${jsEnabled ? "js" : "nojs"}-${Date.now()}@teste.com.br`;

  // the owner, in a browser of their own, with the broker's ref
  const visitor = await browser.newContext({ javaScriptEnabled: jsEnabled, locale: "pt-BR" });
  const owner = await visitor.newPage();
  await owner.goto(`/anuncie?ref=${broker.brokerId}`);
  await fillOffer(owner, { email, price: "5.200" });
  await owner.getByLabel("Escolha até 6 fotos do imóvel").setInputFiles([
    { name: "sala.jpg", mimeType: "image/jpeg", buffer: await jpeg({ r: 200, g: 120, b: 40 }) },
    { name: "quarto.jpg", mimeType: "image/jpeg", buffer: await jpeg({ r: 60, g: 160, b: 90 }) },
  ]);
  await owner.getByRole("button", { name: "Enviar imóvel para avaliação" }).click();
  await expect(owner).toHaveURL(/\/obrigado\?form=anuncie/);
  await visitor.close();
  const lead = (await leadOf(email))!;
  expect(lead.broker_id).toBe(broker.brokerId);

  await page.goto(`/broker/lead/${lead.id}`);
  await ready(page, jsEnabled);
  const card = page.locator("section", { has: page.getByRole("heading", { name: "Imóvel oferecido" }) });
  await expect(card.getByText("Gonzaga")).toBeVisible();
  await expect(card.getByText("R$ 5.200/mês")).toBeVisible();
  const thumbs = card.getByRole("img");
  await expect(thumbs).toHaveCount(2);
  await expect.poll(() => thumbs.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expectAccessible(page, jsEnabled);

  await card.getByRole("button", { name: "Criar rascunho de imóvel" }).click();
  await expect(page).toHaveURL(/\/broker\/properties\/\d+\/editar$/);
  const editor = page.url();
  await expect(page.getByText("Rascunho criado. Complete o endereço, a descrição e as fotos antes de publicar.")).toBeVisible();
  await expect(page.getByLabel("Título")).toHaveValue("Casa em Gonzaga, Santos");

  // the second press opens the same draft
  await page.goto(`/broker/lead/${lead.id}`);
  await ready(page, jsEnabled);
  await expect(page.getByText("Rascunho criado: Casa em Gonzaga, Santos (Reservado).")).toBeVisible();
  await page.getByRole("button", { name: "Abrir rascunho do imóvel" }).click();
  await expect(page).toHaveURL(editor);
  const drafts = await queryRow<{ n: number | string }>("select count(*) as n from properties where broker_id = ?", broker.brokerId);
  expect(Number(drafts?.n)).toBe(1);
});

test("with JavaScript, too many photos are said at once and the form is not sent", async ({ page }) => {
  await page.goto("/anuncie");
  await ready(page, true);
  const buffer = await jpeg({ r: 10, g: 10, b: 10 });
  await page.getByLabel("Escolha até 6 fotos do imóvel").setInputFiles(Array.from({ length: 7 }, (_, i) => ({ name: `f${i + 1}.jpg`, mimeType: "image/jpeg", buffer })));
  await expect(page.getByText("Envie no máximo 6 fotos.")).toBeVisible();
  await page.getByRole("button", { name: "Enviar imóvel para avaliação" }).click();
  await expect(page).toHaveURL(/\/anuncie$/);
  await expect(page.getByLabel("Escolha até 6 fotos do imóvel")).toBeFocused();
});
