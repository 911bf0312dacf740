import { expect, ready, test } from "./fixtures";

/**
 * Blog admin (issue 11): the form's rules and a draft's life, JS on and off.
 * Drafts only: a published post would turn the /blog coming-soon page
 * (pages.spec.ts) into the list while that spec runs.
 */
test("admin writes a draft: publish rule, save, list, delete with confirmation", { tag: "@no-js" }, async ({ page, jsEnabled, login }) => {
  await login({ role: "admin" });
  await page.goto("/admin/blog");
  await ready(page, jsEnabled);
  await expect(page.getByRole("heading", { name: "Blog", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "+ Novo artigo" }).click();
  await expect(page.getByRole("heading", { name: "Novo artigo" })).toBeVisible();
  await ready(page, jsEnabled);

  const title = `Artigo e2e ${Date.now()} ${jsEnabled ? "js" : "nojs"}`;
  await page.getByLabel("Título").fill(title);
  if (!jsEnabled) await page.getByLabel("Slug").fill(title.toLowerCase().replace(/\s+/g, "-"));
  else await expect(page.getByLabel("Slug")).toHaveValue(title.toLowerCase().replace(/\s+/g, "-")); // follows the title
  await page.getByLabel("Conteúdo (HTML)").fill("<h2>Seção</h2><p>Texto curto <script>alert(1)</script></p>");
  await page.getByLabel("Status").selectOption("published");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText(/O conteúdo precisa ter pelo menos 2000 caracteres para publicar\. Atual: \d+\./).first()).toBeVisible();
  await expect(page.getByLabel("Título")).toHaveValue(title); // nothing typed is lost

  await page.getByLabel("Status").selectOption("draft");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByText("Post salvo")).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(title) });
  await expect(row.getByText("Rascunho", { exact: true })).toBeVisible();

  await row.getByRole("link", { name: `Excluir ${title}` }).click();
  await expect(page.getByRole("dialog", { name: "Excluir artigo" })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByText("Post excluído")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(title) })).toHaveCount(0);
});
