import type { Page, TestInfo } from "@playwright/test";
import { expect, ready, test } from "./fixtures";
import { demoPropertyPath } from "./catalogue-helpers";
import { withDb } from "./database";

/**
 * The lead form end to end, with JavaScript on and off. The leads are checked
 * in the test server's own database (read-only), since no screen lists them yet.
 */
type LeadRow = { name: string; email: string; phone: string; message: string; property_id: number | null; property_title: string | null; broker_id: string | null };

async function leadsByEmail(email: string): Promise<LeadRow[]> {
  return withDb((db) => db.selectFrom("leads").select(["name", "email", "phone", "message", "property_id", "property_title", "broker_id"]).where("email", "=", email).execute());
}

async function brokerIdByEmail(email: string): Promise<string> {
  return withDb(async (db) => (await db.selectFrom("brokers").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id);
}

let counter = 0;
function uniqueEmail(testInfo: TestInfo): string {
  counter += 1;
  return `lead-${testInfo.project.name}-${Date.now()}-${counter}@teste.com.br`;
}

/** The active demo broker's id, read from her personal link's redirect. */
async function anaBrokerId(page: Page): Promise<string> {
  await page.goto("/corretor/ana-souza");
  await expect(page).toHaveURL(/\/imoveis\?ref=/);
  return new URL(page.url()).searchParams.get("ref")!;
}

async function fillLead(page: Page, values: { name: string; email: string; phone: string; message?: string }) {
  await page.getByLabel("Nome", { exact: true }).fill(values.name);
  await page.getByLabel("E-mail", { exact: true }).fill(values.email);
  await page.getByLabel("Telefone", { exact: true }).fill(values.phone);
  if (values.message !== undefined) await page.getByLabel("Mensagem", { exact: true }).fill(values.message);
}

const send = (page: Page) => page.getByRole("button", { name: "Enviar mensagem" }).click();

test.describe("lead form", () => {
  test("a lead sent from /contato lands on /obrigado with the name", { tag: "@no-js" }, async ({ page, jsEnabled }, testInfo) => {
    const email = uniqueEmail(testInfo);
    await page.goto("/contato");
    await ready(page, jsEnabled);
    await fillLead(page, { name: "Marina Teste", email, phone: "11987654321", message: "Quero saber sobre financiamento." });
    await send(page);
    await page.waitForURL(/\/obrigado\?/);
    expect(new URL(page.url()).searchParams.get("name")).toBe("Marina Teste");
    expect(new URL(page.url()).searchParams.get("broker_id")).toBeNull();
    await expect(page.getByRole("heading", { name: "Obrigado, Marina Teste!" })).toBeVisible();
    await expect(page.getByText("Mensagem enviada com sucesso! Entraremos em contato em breve.")).toBeVisible();
    // /obrigado stands alone: no site header or footer
    await expect(page.locator("footer")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Falar no WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/5511988887777/);

    const leads = await leadsByEmail(email);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ name: "Marina Teste", phone: "(11) 98765-4321", message: "Quero saber sobre financiamento.", property_id: null, broker_id: null });
  });

  test("with ?ref of an active broker the lead is hers and /obrigado offers her WhatsApp", { tag: "@no-js" }, async ({ page, jsEnabled }, testInfo) => {
    const ana = await anaBrokerId(page);
    const email = uniqueEmail(testInfo);
    await page.goto(`/contato?ref=${ana}`);
    await ready(page, jsEnabled);
    await fillLead(page, { name: "Rafael Indicado", email, phone: "(21) 99876-5432", message: "Vim pelo link da Ana." });
    await send(page);
    await page.waitForURL(/\/obrigado\?/);
    const params = new URL(page.url()).searchParams;
    expect(params.get("broker_id")).toBe(ana);
    expect(params.get("broker_phone")).toBe("(11) 98765-4321");
    expect(params.get("ref")).toBe(ana);
    await expect(page.getByRole("link", { name: "Falar com Ana Souza no WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/5511987654321\?text=/);
    await expect(page.getByRole("link", { name: "Ver mais imóveis" })).toHaveAttribute("href", `/imoveis?ref=${ana}`);
    expect((await leadsByEmail(email))[0]?.broker_id).toBe(ana);
  });

  test("an inactive broker's ref attaches nobody", { tag: "@no-js" }, async ({ page, jsEnabled }, testInfo) => {
    const carla = await brokerIdByEmail("carla@larimoveis.com.br");
    const email = uniqueEmail(testInfo);
    await page.goto(`/contato?ref=${carla}`);
    await ready(page, jsEnabled);
    await fillLead(page, { name: "Paula Teste", email, phone: "11987654321", message: "Olá" });
    await send(page);
    await page.waitForURL(/\/obrigado\?/);
    expect(new URL(page.url()).searchParams.get("broker_id")).toBeNull();
    await expect(page.getByRole("link", { name: "Falar no WhatsApp" })).toBeVisible();
    expect((await leadsByEmail(email))[0]?.broker_id).toBeNull();
  });

  test("a lead sent from a property page carries the property", { tag: "@no-js" }, async ({ page, jsEnabled }, testInfo) => {
    await page.goto("/imoveis");
    const first = page.locator('a[href^="/imovel/"]').first();
    const href = (await first.count()) ? await first.getAttribute("href") : "/imovel/1";
    await page.goto(href!);
    await ready(page, jsEnabled);
    await expect(page.getByLabel("Nome", { exact: true })).toBeVisible();
    const email = uniqueEmail(testInfo);
    await fillLead(page, { name: "Carlos Comprador", email, phone: "11912345678", message: "Tenho interesse neste imóvel." });
    await send(page);
    await page.waitForURL(/\/obrigado\?/);
    await expect(page.getByRole("heading", { name: "Obrigado, Carlos Comprador!" })).toBeVisible();
    const [lead] = await leadsByEmail(email);
    expect(lead?.property_id).toEqual(expect.any(Number));
    expect(lead?.property_title).toBeTruthy();
  });

  test("shows every message of the form, keeps what was typed, and clears an error when it is fixed", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    await page.goto("/contato");
    await ready(page, jsEnabled);
    await send(page);
    for (const message of ["Por favor, informe seu nome", "Por favor, informe seu e-mail", "Por favor, informe seu telefone", "Por favor, escreva uma mensagem"]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    // without JavaScript the refused post comes back scrolled to the form (#lead-form)
    await expect(page).toHaveURL(jsEnabled ? /\/contato$/ : /\/contato#lead-form$/);

    await fillLead(page, { name: "  Jo ", email: "maria@", phone: "119876543", message: "Mensagem de teste" });
    await send(page);
    await expect(page.getByText("O nome deve ter pelo menos 3 caracteres", { exact: true })).toBeVisible();
    await expect(page.getByText("Informe um e-mail válido", { exact: true })).toBeVisible();
    await expect(page.getByText("Telefone incompleto", { exact: true })).toBeVisible();
    await expect(page.getByText("Por favor, escreva uma mensagem", { exact: true })).toHaveCount(0);
    // what was typed is still there (server-rendered without JavaScript)
    await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue("maria@");
    await expect(page.getByLabel("Mensagem", { exact: true })).toHaveValue("Mensagem de teste");
    await expect(page.getByLabel("Telefone", { exact: true })).toHaveValue(jsEnabled ? "(11) 9876-543" : "119876543");

    if (jsEnabled) {
      // editing a field clears its error without sending the form
      await page.getByLabel("Nome", { exact: true }).fill("João");
      await expect(page.getByText("O nome deve ter pelo menos 3 caracteres", { exact: true })).toHaveCount(0);
      await page.getByLabel("Telefone", { exact: true }).pressSequentially("2");
      await expect(page.getByText("Telefone incompleto", { exact: true })).toHaveCount(0);
      await expect(page.getByText("Informe um e-mail válido", { exact: true })).toBeVisible();
    } else {
      await expect(page.getByLabel("Nome", { exact: true })).toHaveValue("  Jo ");
    }
  });

  test("on a phone, a refused send shows the form and a summary whose links reach each field below the sticky header", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(await demoPropertyPath());
    await ready(page, jsEnabled);
    await page.getByLabel("Nome", { exact: true }).fill("Maria Silva");
    await send(page);
    const summary = page.locator("#lead-form [data-error-summary]");
    await expect(summary).toBeVisible();
    await expect(summary).toBeInViewport();
    await expect(summary.getByRole("link")).toHaveText(["E-mail: Por favor, informe seu e-mail", "Telefone: Por favor, informe seu telefone"]);
    await expect(page.getByLabel("Nome", { exact: true })).toHaveValue("Maria Silva");
    await summary.getByRole("link", { name: /Telefone/ }).click();
    const phone = page.getByLabel("Telefone", { exact: true });
    await expect(phone).toBeInViewport();
    const box = await phone.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(64); // not under the header
  });

  test("masks the phone while typing", async ({ page, jsEnabled }) => {
    await page.goto("/contato");
    await ready(page, jsEnabled);
    const phone = page.getByLabel("Telefone", { exact: true });
    await phone.pressSequentially("1134567890");
    await expect(phone).toHaveValue("(11) 3456-7890");
    await phone.pressSequentially("1");
    await expect(phone).toHaveValue("(11) 34567-8901");
    await phone.pressSequentially("999");
    await expect(phone).toHaveValue("(11) 34567-8901");
    await phone.fill("");
    await phone.pressSequentially("a1b1c9");
    await expect(phone).toHaveValue("(11) 9");
  });
});
