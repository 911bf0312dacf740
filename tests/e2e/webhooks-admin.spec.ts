import { expect, ready, test } from "./fixtures";

/** /admin/webhook (issues 10, 25): add with a bad, an internal and then a good URL, the events, see the secret, edit, switch off, remove; JS on and off. */
test("admin manages a webhook through the modals", { tag: "@no-js" }, async ({ page, jsEnabled, login }) => {
  test.setTimeout(120_000);
  await login({ role: "admin" });
  await page.goto("/admin/webhooks"); // the old address redirects
  await expect(page).toHaveURL(/\/admin\/webhook$/);
  await ready(page, jsEnabled);
  const url = `https://crm-${Date.now()}${jsEnabled ? "j" : "n"}.exemplo.com.br/leads`;
  await page.getByLabel("URL").fill("não é uma url");
  await page.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("URL inválida").first()).toBeVisible();
  // an address of the agency's own network is refused when saved, in pt-BR, the URL kept
  await page.getByLabel("URL").fill("http://192.168.0.10/leads");
  await page.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("Endereço de rede interna recusado").first()).toBeVisible();
  await expect(page.getByLabel("URL")).toHaveValue("http://192.168.0.10/leads");
  // at least one event (spec 03 §3)
  await page.getByLabel("URL").fill(url);
  await page.getByLabel("Novo lead").uncheck();
  await page.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("Escolha pelo menos um evento.").first()).toBeVisible();
  await expect(page.getByLabel("URL")).toHaveValue(url);
  await page.getByLabel("Novo lead").check();
  await page.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("Webhook adicionado")).toBeVisible();

  const row = page.getByRole("row", { name: new RegExp(url.replace(/[.]/g, "\\.")) });
  await row.getByRole("link", { name: `Detalhes de ${url}` }).click();
  const details = page.getByRole("dialog", { name: "Detalhes do webhook" });
  await expect(details.getByText("Chave de assinatura")).toBeVisible();
  await expect(details.getByText("Novo lead")).toBeVisible();
  await expect(details.getByText("Nenhum envio ainda.")).toBeVisible();
  await details.getByRole("link", { name: "Fechar" }).click();

  await row.getByRole("link", { name: `Editar ${url}` }).click();
  // an address where nothing answers (port 1 on this machine): the HEAD probe fails and the admin is asked
  const edited = `http://127.0.0.1:1/leads-${Date.now()}${jsEnabled ? "j" : "n"}`;
  const editDialog = page.getByRole("dialog", { name: "Editar webhook" });
  await expect(editDialog.getByLabel("Novo lead")).toBeChecked();
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
