import sharp from "sharp";
import { withDb } from "./database";
import { expect, ready, test } from "./fixtures";

/** /admin/corretores (issue 10, 25): add (phone and address required, a photo), find, deactivate and delete a broker, JS on and off. */
test("admin adds a broker, who can sign in; deactivates and deletes it", { tag: "@no-js" }, async ({ page, jsEnabled, login, browser }) => {
  test.setTimeout(120_000);
  await login({ role: "admin" });
  await page.goto("/admin/brokers"); // the old address redirects
  await expect(page).toHaveURL(/\/admin\/corretores$/);
  await ready(page, jsEnabled);
  await page.getByRole("link", { name: "+ Novo corretor" }).click();
  await ready(page, jsEnabled);
  const stamp = `${Date.now()}${jsEnabled ? "j" : "n"}`;
  const email = `corretor-${stamp}@teste.com.br`;
  await page.getByLabel("Nome").fill(`Corretor ${stamp}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha").fill("curta");
  await page.getByRole("button", { name: "Salvar" }).click();
  // phone and custom address are required (spec 03 §5); everything typed stays
  await expect(page.getByText("Informe o telefone.").first()).toBeVisible();
  await expect(page.getByText("Informe o endereço personalizado.").first()).toBeVisible();
  await expect(page.getByText("Senha muito curta. Use pelo menos 8 caracteres.").first()).toBeVisible();
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await expect(page.getByLabel("Nome")).toHaveValue(`Corretor ${stamp}`);

  await page.getByLabel("Telefone").fill("(11) 98765-4321");
  await page.getByLabel("Endereço personalizado").fill(`corretor-${stamp}`);
  await page.getByLabel("Senha").fill(`senha-${stamp}`);
  // a 9 MB photo: its message beside the field, the rest kept
  await page.getByLabel("Foto de perfil").setInputFiles({ name: "grande.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(9 * 1024 * 1024, 1) });
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Não foi possível enviar a imagem: o arquivo passa de 8 MB.").first()).toBeVisible();
  await expect(page.getByLabel("Telefone")).toHaveValue("(11) 98765-4321");
  await expect(page.getByLabel("Endereço personalizado")).toHaveValue(`corretor-${stamp}`);

  const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#2266aa" } }).jpeg().toBuffer();
  await page.getByLabel("Foto de perfil").setInputFiles({ name: "foto.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByLabel("Senha").fill(`senha-${stamp}`);
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Corretor salvo")).toBeVisible();
  const row = await withDb((db) => db.selectFrom("brokers").select(["phone", "custom_url_path", "profile_image"]).where("email", "=", email).executeTakeFirstOrThrow());
  expect(row).toMatchObject({ phone: "(11) 98765-4321", custom_url_path: `corretor-${stamp}` });
  expect(row.profile_image).toMatch(/^\/uploads\/profile-images\//);

  // the new broker signs in with that password
  const other = await browser.newContext({ javaScriptEnabled: jsEnabled });
  const brokerPage = await other.newPage();
  await brokerPage.goto("/broker/login");
  await ready(brokerPage, jsEnabled);
  await brokerPage.getByLabel("E-mail").fill(email);
  await brokerPage.getByLabel("Senha").fill(`senha-${stamp}`);
  await brokerPage.getByRole("button", { name: "Entrar" }).click();
  await expect(brokerPage).toHaveURL(/\/broker\/dashboard/);
  await other.close();

  await page.getByLabel("Buscar corretor").fill(email);
  await page.getByRole("button", { name: "Buscar" }).click();
  const row2 = page.getByRole("row", { name: new RegExp(`Corretor ${stamp}`) });
  await expect(row2.locator("img")).toBeVisible();
  await row2.getByRole("button", { name: `Desativar Corretor ${stamp}` }).click();
  await expect(page.getByText("Corretor desativado")).toBeVisible();
  await expect(row2.getByText("Inativo")).toBeVisible();
  await row2.getByRole("link", { name: `Excluir Corretor ${stamp}` }).click();
  await page.getByRole("dialog", { name: "Excluir corretor" }).getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByText("Corretor excluído")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(`Corretor ${stamp}`) })).toHaveCount(0);
});

test("the broker list fits a phone: every row's actions reachable, nothing scrolls sideways", async ({ page, jsEnabled, login }) => {
  await login({ role: "admin" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/corretores");
  await ready(page, jsEnabled);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const edit = page.getByRole("link", { name: /^Editar / }).first();
  await expect(edit).toBeVisible();
  const box = await edit.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
});
