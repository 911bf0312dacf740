import { expect, ready, test } from "./fixtures";

/** /admin/webhook (issue 10): add with a bad then a good URL, see the secret, edit, switch off, remove; JS on and off. */
test("admin manages a webhook through the modals", { tag: "@no-js" }, async ({ page, jsEnabled, login }) => {
  await login({ role: "admin" });
  await page.goto("/admin/webhooks"); // the old address redirects
  await expect(page).toHaveURL(/\/admin\/webhook$/);
  await ready(page, jsEnabled);
  const url = `https://crm-${Date.now()}${jsEnabled ? "j" : "n"}.exemplo.com.br/leads`;
  await page.getByLabel("URL").fill("não é uma url");
  await page.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("URL inválida").first()).toBeVisible();
  await page.getByLabel("URL").fill(url);
  await page.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("Webhook adicionado")).toBeVisible();

  const row = page.getByRole("row", { name: new RegExp(url.replace(/[.]/g, "\\.")) });
  await row.getByRole("link", { name: `Detalhes de ${url}` }).click();
  const details = page.getByRole("dialog", { name: "Detalhes do webhook" });
  await expect(details.getByText("Chave de assinatura")).toBeVisible();
  await expect(details.getByText("Nenhum envio ainda.")).toBeVisible();
  await details.getByRole("link", { name: "Fechar" }).click();

  await row.getByRole("link", { name: `Editar ${url}` }).click();
  // an address where nothing answers (port 1 on this machine): the HEAD probe fails and the admin is asked
  const edited = `http://127.0.0.1:1/leads-${Date.now()}${jsEnabled ? "j" : "n"}`;
  const editDialog = page.getByRole("dialog", { name: "Editar webhook" });
  await editDialog.getByLabel("URL").fill(edited);
  await editDialog.getByLabel("Permitir rede interna").check();
  await editDialog.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByRole("dialog", { name: "Editar webhook" }).getByText(/A URL não respondeu ao teste \(.+\)\. Deseja salvar mesmo assim\?/)).toBeVisible();
  await page.getByRole("dialog", { name: "Editar webhook" }).getByRole("button", { name: "Salvar mesmo assim" }).click();
  await expect(page.getByText("Webhook atualizado")).toBeVisible();
  const editedRow = page.getByRole("row", { name: new RegExp(edited.replace(/[.]/g, "\\.")) });
  await editedRow.getByRole("button", { name: `Desativar ${edited}` }).click();
  await expect(page.getByRole("region", { name: /Inativos/ }).getByText(edited)).toBeVisible();
  await page.getByRole("row", { name: new RegExp(edited.replace(/[.]/g, "\\.")) }).getByRole("link", { name: `Remover ${edited}` }).click();
  await page.getByRole("dialog", { name: "Remover webhook" }).getByRole("button", { name: "Remover" }).click();
  await expect(page.getByText("Webhook removido")).toBeVisible();
  await expect(page.getByText(edited)).toHaveCount(0);
});
