import { expect, ready, test } from "./fixtures";

/** /admin/corretores (issue 10): add, find, deactivate and delete a broker, JS on and off. */
test("admin adds a broker, who can sign in; deactivates and deletes it", { tag: "@no-js" }, async ({ page, jsEnabled, login, browser }) => {
  await login({ role: "admin" });
  await page.goto("/admin/corretores");
  await ready(page, jsEnabled);
  await page.getByRole("link", { name: "+ Novo corretor" }).click();
  await ready(page, jsEnabled);
  const stamp = `${Date.now()}${jsEnabled ? "j" : "n"}`;
  const email = `corretor-${stamp}@teste.com.br`;
  await page.getByLabel("Nome").fill(`Corretor ${stamp}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha").fill("curta");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Senha muito curta. Use pelo menos 8 caracteres.").first()).toBeVisible();
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await page.getByLabel("Senha").fill(`senha-${stamp}`);
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Corretor salvo")).toBeVisible();

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
  const row = page.getByRole("row", { name: new RegExp(`Corretor ${stamp}`) });
  await row.getByRole("button", { name: `Desativar Corretor ${stamp}` }).click();
  await expect(page.getByText("Corretor desativado")).toBeVisible();
  await expect(row.getByText("Inativo")).toBeVisible();
  await row.getByRole("link", { name: `Excluir Corretor ${stamp}` }).click();
  await page.getByRole("dialog", { name: "Excluir corretor" }).getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByText("Corretor excluído")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(`Corretor ${stamp}`) })).toHaveCount(0);
});
