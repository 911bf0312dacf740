import { queryRow, queryRows } from "./database";
import { createBrokerWithLeads, expect, ready, signIn, test } from "./fixtures";

const shots = process.env.E2E_SCREENSHOTS; // a folder: screenshots of each screen at 390 and 1280 px

async function shoot(page: import("@playwright/test").Page, name: string, jsEnabled: boolean) {
  if (!shots) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}-${jsEnabled ? "js" : "nojs"}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const column = (page: import("@playwright/test").Page, name: string) => page.locator(`section[data-stage="${name}"]`);

test("board: move a card by drag (JS) or by the 'Mover para' form (no JS); counts and sums follow", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
  const b = await createBrokerWithLeads("board", [
    { name: "Cliente Arrastado", value: 250000 },
    { name: "Cliente Parado", value: 100000 },
  ]);
  await signIn(page.context(), { ...b, role: "broker" });
  await page.goto("/broker/crm");
  await ready(page, jsEnabled);
  await expect(column(page, "Entrada").getByTestId("column-count")).toHaveText("2");
  await expect(column(page, "Entrada").getByTestId("column-sum")).toContainText("350.000");
  await shoot(page, "crm-board", jsEnabled);
  const card = column(page, "Entrada").locator("li", { hasText: "Cliente Arrastado" });
  if (jsEnabled) {
    // the card moves at once and is saved in the background: the reload below waits for the save
    const saved = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/broker/crm"));
    await card.dragTo(column(page, "Qualificação"));
    expect((await saved).ok()).toBe(true);
  } else {
    await card.getByLabel("Mover para").selectOption({ label: "Qualificação" });
    await card.getByRole("button", { name: "Mover para" }).click();
  }
  await expect(column(page, "Qualificação").getByTestId("column-count")).toHaveText("1");
  await expect(column(page, "Entrada").getByTestId("column-count")).toHaveText("1");
  await expect(column(page, "Qualificação").getByText("Cliente Arrastado")).toBeVisible();
  await page.reload();
  await expect(column(page, "Qualificação").getByText("Cliente Arrastado")).toBeVisible();
  const row = (await queryRow<{ name: string }>("select s.name from leads l join crm_stages s on s.id = l.stage_id where l.id = ?", b.leadIds[0]))!;
  expect(row.name).toBe("Qualificação");
});

test("board: keyboard move with Space and arrows (JS)", async ({ page, jsEnabled }) => {
  const b = await createBrokerWithLeads("keys", [{ name: "Cliente Teclado" }]);
  await signIn(page.context(), { ...b, role: "broker" });
  await page.goto("/broker/crm");
  await ready(page, jsEnabled);
  const card = column(page, "Entrada").locator("li", { hasText: "Cliente Teclado" });
  await card.focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowRight");
  // the board moves the card at once and saves it in the background: reload only once the server has answered
  const saved = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/broker/crm"));
  await page.keyboard.press("Space");
  await expect(column(page, "Qualificação").getByText("Cliente Teclado")).toBeVisible();
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(column(page, "Qualificação").getByText("Cliente Teclado")).toBeVisible();
});

test("board: 'Ver mais 10' and 'Ver menos'", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
  const b = await createBrokerWithLeads("more", Array.from({ length: 12 }, (_, i) => ({ name: `Cliente ${String(i + 1).padStart(2, "0")}` })));
  await signIn(page.context(), { ...b, role: "broker" });
  await page.goto("/broker/crm");
  await ready(page, jsEnabled);
  await expect(column(page, "Entrada").locator("li[data-card]")).toHaveCount(10);
  await column(page, "Entrada").getByRole("link", { name: "Ver mais 10" }).click();
  await expect(column(page, "Entrada").locator("li[data-card]")).toHaveCount(12);
  await column(page, "Entrada").getByRole("link", { name: "Ver menos" }).click();
  await expect(column(page, "Entrada").locator("li[data-card]")).toHaveCount(10);
});

test("board: create lead, then the duplicate message; empty form refused", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
  const b = await createBrokerWithLeads("create");
  await signIn(page.context(), { ...b, role: "broker" });
  await page.goto("/broker/crm");
  await ready(page, jsEnabled);
  await page.getByRole("link", { name: "Criar Lead" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Criar Lead" }).click();
  await expect(dialog.getByText("Informe algum dado")).toBeVisible();
  await expect(dialog.getByText("Preencha pelo menos nome, email ou telefone.").first()).toBeVisible();
  const email = `dup-${Date.now()}@cliente.com.br`;
  await dialog.getByLabel("Nome").fill("Lead Novo <b>x</b>");
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByRole("button", { name: "Criar Lead" }).click();
  await expect(column(page, "Entrada").getByText("Lead Novo <b>x</b>")).toBeVisible();
  await page.getByRole("link", { name: "Criar Lead" }).click();
  await page.getByRole("dialog").getByLabel("E-mail").fill(email.toUpperCase());
  await page.getByRole("dialog").getByRole("button", { name: "Criar Lead" }).click();
  await expect(page.getByRole("dialog").getByText("Lead já existe")).toBeVisible();
  await expect(page.getByRole("dialog").getByText("Detectado possível duplicidade por email/telefone.")).toBeVisible();
  await shoot(page, "crm-new-lead", jsEnabled);
});

test("stages: admin creates with a template, edits, refuses deleting a stage with leads, deletes an empty one", { tag: "@no-js" }, async ({ page, jsEnabled, login }) => {
  await createBrokerWithLeads("stages", [{ name: "Segura a etapa", stage: "Proposta" }]);
  await login({ role: "admin" });
  await page.goto("/broker/crm");
  await ready(page, jsEnabled);
  await page.getByRole("link", { name: "Gerenciar Etapas" }).click();
  await page.getByRole("link", { name: "Nova etapa" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Criar etapa" }).click();
  await expect(page.getByText("Nome da etapa é obrigatório")).toBeVisible();
  const name = `Etapa ${jsEnabled ? "js" : "nojs"} ${Date.now() % 100000}`;
  await page.getByRole("dialog").getByLabel("Nome da etapa").fill(name);
  await page.getByRole("dialog").getByLabel("Probabilidade (%)").fill("50");
  await page.getByRole("dialog").getByRole("button", { name: "Criar etapa" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Nome da etapa")).toHaveValue(name);
  await dialog.getByLabel("Assunto").fill("Ligar para o cliente");
  await dialog.getByLabel("Vencimento após (horas)").fill("-3");
  await dialog.getByRole("button", { name: "Adicionar atividade automática" }).click();
  await expect(page.getByText("Horas devem ser 0 ou mais")).toBeVisible();
  await page.getByRole("dialog").getByLabel("Assunto").fill("Ligar para o cliente");
  await page.getByRole("dialog").getByLabel("Vencimento após (horas)").fill("4");
  await page.getByRole("dialog").getByRole("button", { name: "Adicionar atividade automática" }).click();
  await expect(page.getByRole("dialog").getByText("Ligar para o cliente")).toBeVisible();
  await expect(page.getByRole("dialog").getByText("Ativa", { exact: true }).first()).toBeVisible();
  await shoot(page, "crm-stage-edit", jsEnabled);
  await page.getByRole("dialog").getByRole("link", { name: "Cancelar" }).click();
  // deleting asks first: a confirm() with JavaScript, a question on the page without it
  const confirmDelete = async (stage: string, accept: boolean) => {
    if (jsEnabled) {
      page.once("dialog", (d) => {
        expect(d.message()).toBe(`Excluir a etapa "${stage}"? Esta ação não pode ser desfeita.`);
        void (accept ? d.accept() : d.dismiss());
      });
      await page.getByRole("button", { name: `Excluir ${stage}` }).click();
    } else {
      await page.getByRole("button", { name: `Excluir ${stage}` }).click();
      await expect(page.getByText(`Excluir a etapa "${stage}"? Esta ação não pode ser desfeita.`)).toBeVisible();
      await page.getByRole(accept ? "button" : "link", { name: accept ? "Excluir etapa" : "Cancelar", exact: true }).click();
    }
  };
  await confirmDelete(name, false);
  await expect(page.locator(`li[data-stage="${name}"]`)).toHaveCount(1);
  await confirmDelete("Proposta", true);
  await expect(page.getByText("Não é possível excluir")).toBeVisible();
  await expect(page.locator('li[data-stage="Proposta"]')).toHaveCount(1);
  await confirmDelete(name, true);
  await expect(page.locator(`li[data-stage="${name}"]`)).toHaveCount(0);
  await shoot(page, "crm-stages", jsEnabled);
});

test("permissions: a broker sees no stage management, no Eu/Todos; /broker/crm/stages and /broker/admin refuse", async ({ page, jsEnabled, login }) => {
  await login({ role: "broker" });
  await page.goto("/broker/crm");
  await ready(page, jsEnabled);
  await expect(page.getByTitle("Apenas administradores podem gerenciar etapas")).toBeVisible();
  await expect(page.getByRole("link", { name: "Gerenciar Etapas" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Corretores" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Corretores" })).toHaveCount(0);
  const stages = await page.request.get("/broker/crm/stages");
  expect(stages.status()).toBe(403);
  const admin = await page.request.get("/broker/admin");
  expect(admin.status()).toBe(403);
});

test("admin: broker list with search and status; Eu/Todos on the board", { tag: "@no-js" }, async ({ page, jsEnabled, login, makeUser }) => {
  const inactive = await makeUser({ role: "broker", isActive: false, name: `Carla Inativa ${Date.now()}` });
  await login({ role: "admin" });
  await page.goto("/broker/admin");
  await ready(page, jsEnabled);
  await page.getByLabel("Buscar corretor").fill(inactive.name);
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByRole("row", { name: new RegExp(inactive.name) }).getByText("Inativo")).toBeVisible();
  await shoot(page, "broker-admin", jsEnabled);
  await page.goto("/broker/crm");
  await expect(page.getByRole("navigation", { name: "Corretores" }).getByRole("link", { name: "Eu" })).toBeVisible();
});

test("dashboard: charts count the broker's own leads from the database", async ({ page, jsEnabled }) => {
  const b = await createBrokerWithLeads("dash", [{ name: "A" }, { name: "B" }, { name: "C", stage: "Proposta" }]);
  await signIn(page.context(), { ...b, role: "broker" });
  await page.goto("/broker/dashboard");
  await ready(page, jsEnabled);
  const perStage = await queryRows<{ name: string; n: number }>("select s.name, count(l.id) as n from crm_stages s left join leads l on l.stage_id = s.id and l.broker_id = ? group by s.id, s.name", b.brokerId);
  for (const s of perStage) await expect(page.locator(`g[data-stage="${s.name}"]`)).toHaveAttribute("data-count", String(s.n));
  await expect(page.getByText("Últimas 8 semanas · 3 lead(s)")).toBeVisible();
  await shoot(page, "dashboard", jsEnabled);
});

test("settings: profile, photo and password change with bad input", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
  const b = await createBrokerWithLeads("settings");
  await signIn(page.context(), { ...b, role: "broker" });
  await page.goto("/broker/settings");
  await ready(page, jsEnabled);
  await expect(page.getByLabel("E-mail")).toHaveValue(b.email);
  await expect(page.getByLabel("E-mail")).toHaveAttribute("readonly", "");
  await page.getByLabel("Nome", { exact: true }).fill("");
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("Informe o nome", { exact: true })).toBeVisible();
  await page.getByLabel("Nome", { exact: true }).fill("Nome Trocado");
  await page.getByLabel("Telefone").fill("(11) 97777-6666");
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("Configurações salvas")).toBeVisible();
  await expect(page.getByLabel("Nome", { exact: true })).toHaveValue("Nome Trocado");
  // a 1x1 PNG
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
  await page.getByLabel("Foto de perfil").setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: png });
  await page.getByRole("button", { name: "Enviar imagem" }).click();
  await expect(page.getByText("Imagem enviada: Clique em Salvar para confirmar").first()).toBeVisible();
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByRole("img", { name: "Foto de perfil" })).toBeVisible();
  await page.locator("summary", { hasText: "Alterar senha" }).click();
  await page.getByRole("button", { name: "Alterar senha" }).click();
  await expect(page.getByText("Campos obrigatórios")).toBeVisible();
  await page.getByLabel("Senha atual", { exact: true }).fill(b.password);
  await page.getByLabel("Nova senha", { exact: true }).fill("curta");
  await page.getByLabel("Confirme a nova senha").fill("curta");
  await page.getByRole("button", { name: "Alterar senha" }).click();
  await expect(page.getByText("Senha fraca")).toBeVisible();
  await page.getByLabel("Senha atual", { exact: true }).fill(b.password);
  await page.getByLabel("Nova senha", { exact: true }).fill("nova-senha-longa");
  await page.getByLabel("Confirme a nova senha").fill("outra-senha-longa");
  await page.getByRole("button", { name: "Alterar senha" }).click();
  await expect(page.getByText("Confirmação incorreta")).toBeVisible();
  await page.getByLabel("Senha atual", { exact: true }).fill("senha-errada-1");
  await page.getByLabel("Nova senha", { exact: true }).fill("nova-senha-longa");
  await page.getByLabel("Confirme a nova senha").fill("nova-senha-longa");
  await page.getByRole("button", { name: "Alterar senha" }).click();
  await expect(page.getByText("Senha atual incorreta.")).toBeVisible();
  await page.getByLabel("Senha atual", { exact: true }).fill(b.password);
  await page.getByLabel("Nova senha", { exact: true }).fill("nova-senha-longa");
  await page.getByLabel("Confirme a nova senha").fill("nova-senha-longa");
  await page.getByRole("button", { name: "Alterar senha" }).click();
  await expect(page.getByText("Senha alterada com sucesso!")).toBeVisible();
  await shoot(page, "settings", jsEnabled);
});
