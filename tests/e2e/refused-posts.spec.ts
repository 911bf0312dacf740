import { expect, ready, test } from "./fixtures";

/**
 * Issue 23: a post the server refuses gets a 4xx with a pt-BR message in
 * the app's own page or field, never a bare 413, a 500 or a dropped
 * connection; private files are never served by /uploads.
 */
test("a 300 KB contact message: the contact page again, 413, with the pt-BR message", async ({ page, jsEnabled }) => {
  await page.goto("/contato");
  await ready(page, jsEnabled);
  const form = page.locator("form").filter({ has: page.locator('textarea[name="message"]') }).first();
  await form.locator('input[name="name"]').fill("Maria Teste");
  await form.locator('input[name="email"]').fill("maria@exemplo.com.br");
  await form.locator('input[name="phone"]').fill("(11) 98765-4321");
  await form.locator('textarea[name="message"]').fill("Quero visitar o imóvel.");
  // a hand-made post: 300 KB in a field the form does not have
  await form.evaluate((f: HTMLFormElement) => {
    const extra = document.createElement("input");
    extra.type = "hidden";
    extra.name = "extra";
    extra.value = "x".repeat(300 * 1024);
    f.appendChild(extra);
  });
  const posted = page.waitForResponse((r) => new URL(r.url()).pathname === "/contato" && r.request().method() === "POST");
  await form.locator('button[type="submit"]').click();
  expect((await posted).status()).toBe(413);
  await expect(page.getByText(/Envio grande demais: o limite aqui é de 256 KB/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Fale conosco" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("contato-413.png") });
});

test("a 9 MB profile photo: the message beside the photo field, the rest of the form kept", { tag: "@no-js" }, async ({ page, jsEnabled, login }) => {
  await login({ role: "broker" });
  await page.goto("/broker/settings");
  await ready(page, jsEnabled);
  await page.getByLabel("Nome", { exact: true }).fill("Nome Digitado");
  await page.getByLabel("Foto de perfil").setInputFiles({ name: "grande.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(9 * 1024 * 1024, 1) });
  // with JavaScript the browser refuses it before sending; without, the server reads the form, cuts the file off at 8 MB and answers 400
  const posted = jsEnabled ? null : page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/broker/settings");
  await page.getByRole("button", { name: "Enviar imagem" }).click();
  if (posted) expect((await posted).status()).toBe(400);
  await expect(page.locator("#profile-photo-error, [id$='-photo-error']").first()).toHaveText("Não foi possível enviar a imagem: o arquivo passa de 8 MB.");
  await expect(page.getByLabel("Nome", { exact: true })).toHaveValue("Nome Digitado");
  await expect(page.getByRole("heading", { name: "Configurações" })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("settings-photo-too-large-phone.png") });
});

test("private files are never served by /uploads, however the path is spelt", async ({ request }) => {
  test.skip(test.info().project.name === "no-js", "HTTP probes: once is enough");
  for (const path of ["/uploads/.%2fmateriais/2025/x.pdf", "/uploads/.%5cmateriais/2025/x.pdf", "/uploads/%2e%2fmateriais/2025/x.pdf", "/uploads/.%2fimoveis/rascunho-0000000000000000/1-000000000000.jpg", "/uploads/materiais/2025/x.pdf"]) {
    const res = await request.get(path, { failOnStatusCode: false });
    expect(res.status(), path).toBe(404);
  }
  // the private routes send the anonymous visitor to sign in
  const material = await request.get("/arquivos/materiais/1", { maxRedirects: 0, failOnStatusCode: false });
  expect([302, 303]).toContain(material.status());
  expect(material.headers()["location"]).toMatch(/^\/broker\/login/);
});
