import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { queryRow } from "./database";
import { DEMO, expect, ready, signIn, test, type E2eUser } from "./fixtures";

/** Signs the browser in as a seeded demo account (session row + cookie, as the shared fixtures do). */
async function loginAs(page: Page, email: string): Promise<void> {
  const row = (await queryRow<{ id: string; email: string; name: string; role: "admin" | "broker"; broker_id: string | null }>(
    "select u.id, u.email, u.name, u.role, b.id as broker_id from users u left join brokers b on b.user_id = u.id where u.email = ?",
    email,
  ))!;
  const user: E2eUser = { userId: row.id, email: row.email, name: row.name, password: "", role: row.role, brokerId: row.broker_id };
  await signIn(page.context(), user);
}
const loginAsAdmin = async (page: Page, _js: boolean) => {
  await loginAs(page, DEMO.admin.email);
};
const loginAsBroker = async (page: Page, _js: boolean, who: { email: string } = DEMO.broker) => {
  await loginAs(page, who.email);
};

/** CRM leads (issue 8): list, bulk actions, CSV, lead page, notes and history — JavaScript on and off. */

const shot = async (page: Page, name: string, project: string) => {
  const dir = path.join("test-results", "screens");
  fs.mkdirSync(dir, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(dir, `${name}-${project}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

test.describe("lead list", () => {
  test("filters and pagination live in the URL; brokers see only their leads", { tag: "@no-js" }, async ({ page, jsEnabled }, info) => {
    await loginAsBroker(page, jsEnabled);
    await page.goto("/broker/leads");
    await ready(page, jsEnabled);
    await expect(page.getByRole("heading", { name: "Leads" })).toBeVisible();
    const rows = page.locator("tr[data-lead-row]");
    await expect(rows).toHaveCount(10);
    await expect(page.getByRole("columnheader", { name: "Corretor" })).toHaveCount(0);
    await shot(page, "leads-list", info.project.name);
    await page.getByRole("navigation", { name: "Paginação" }).getByRole("link", { name: "Próxima" }).click();
    await expect(page).toHaveURL(/page=2/);
    await page.getByRole("searchbox", { name: "Buscar" }).or(page.getByLabel("Buscar")).first().fill("Mariana");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/q=Mariana/);
    await expect(rows.first()).toContainText("Mariana");
    // an injection string is just text
    await page.goto(`/broker/leads?q=${encodeURIComponent(`'"; drop table leads; --<script>`)}&stage=abc&page=-4`);
    await expect(page.getByText("Nenhum lead encontrado")).toBeVisible();
  });

  test("bulk move: 'Seleção vazia' without a selection, then moves the selected leads", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    await loginAsBroker(page, jsEnabled);
    await page.goto("/broker/leads?q=Juliana");
    await ready(page, jsEnabled);
    await page.getByLabel("Mover para a etapa").selectOption({ label: "Proposta" });
    await page.getByRole("button", { name: "Mover", exact: true }).click();
    await expect(page.getByText("Seleção vazia")).toBeVisible();
    await page.goto("/broker/leads?q=Juliana");
    await ready(page, jsEnabled);
    await page.getByLabel("Selecionar todos").check();
    await page.getByRole("button", { name: "Mover", exact: true }).click();
    await expect(page.getByText("Etapa não selecionada")).toBeVisible();
    await page.goto("/broker/leads?q=Juliana");
    await ready(page, jsEnabled);
    await page.locator("tr[data-lead-row] input[type=checkbox]").first().check();
    await page.getByLabel("Mover para a etapa").selectOption({ label: "Proposta" });
    await page.getByRole("button", { name: "Mover", exact: true }).click();
    await expect(page.getByText(/movido\(s\) de etapa/)).toBeVisible();
    await expect(page.locator("tr[data-lead-row]").first()).toContainText("Proposta");
  });

  test("bulk e-mail: counters (JS: live progress; no JS: totals in the message)", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    await loginAsBroker(page, jsEnabled);
    await page.goto("/broker/leads?q=Silva");
    await ready(page, jsEnabled);
    await page.getByLabel("Selecionar todos").check();
    await page.getByText("Enviar email em massa").click();
    await page.getByLabel("Assunto").fill("Novidades da semana");
    await page.getByLabel("Mensagem").fill("Olá {nome}, temos novidades.");
    await page.getByRole("button", { name: "Enviar agora" }).click();
    if (jsEnabled) {
      await expect(page.locator("[data-bulk-email-progress]")).toContainText(/Enviados: [1-9]/);
      await expect(page.getByRole("progressbar", { name: "Progresso do envio" })).toHaveAttribute("aria-valuenow", "100");
    } else {
      await expect(page.getByText(/Emails enviados: [1-9]/)).toBeVisible();
    }
  });

  test("admin: Corretor column, reassign, delete with confirmation", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    // one of Ana's leads per project (the two projects share the server)
    const target = (await queryRow<{ id: number; name: string; broker_id: string }>(
      `SELECT l.id, l.name, l.broker_id FROM leads l JOIN brokers b ON b.id = l.broker_id WHERE b.email = ? AND l.source = 'site' ORDER BY l.id ${jsEnabled ? "ASC" : "DESC"} LIMIT 1`,
      DEMO.broker.email,
    ))!;
    await loginAsAdmin(page, jsEnabled);
    await page.goto(`/broker/leads?broker=${target.broker_id}&q=${encodeURIComponent(target.name)}`);
    await ready(page, jsEnabled);
    await expect(page.getByRole("columnheader", { name: "Corretor" })).toBeVisible();
    const id = String(target.id);
    const row = page.locator(`tr[data-lead-row="${id}"]`);
    if (jsEnabled) {
      await row.locator("[data-reassign]").click();
      const input = row.getByLabel("Buscar corretor por nome ou email");
      await input.fill("bruno");
      await input.press("Enter");
    } else {
      await row.locator("summary").first().click();
      await row.getByLabel("Novo corretor").selectOption({ label: DEMO.broker2.name });
      await row.getByRole("button", { name: "Salvar" }).click();
    }
    await expect(page.getByText("Corretor atualizado")).toBeVisible();
    const owner = (await queryRow<{ email: string }>("SELECT b.email FROM leads l JOIN brokers b ON b.id = l.broker_id WHERE l.id = ?", Number(id)))!;
    expect(owner.email).toBe(DEMO.broker2.email);

    page.on("dialog", (d) => d.accept());
    await page.goto(`/broker/leads?q=${encodeURIComponent(target.name)}`);
    await ready(page, jsEnabled);
    await page.locator(`tr[data-lead-row="${id}"]`).getByRole("button", { name: /^Excluir/ }).click();
    if (!jsEnabled) {
      await expect(page.getByText("Tem certeza que deseja excluir este lead? Esta ação não pode ser desfeita.")).toBeVisible();
      await page.getByRole("button", { name: /Confirmar exclusão/ }).click();
    }
    await expect(page.getByText("Lead excluído com sucesso!")).toBeVisible();
    expect(await queryRow("SELECT id FROM leads WHERE id = ?", Number(id))).toBeUndefined();
  });
});

test.describe("CSV", () => {
  test("import a Windows-1252 Excel file: mapping, preview with duplicates, import", { tag: "@no-js" }, async ({ page, jsEnabled }, info) => {
    // each project imports as a different broker: duplicates are per broker
    await loginAsBroker(page, jsEnabled, jsEnabled ? DEMO.broker2 : DEMO.broker);
    // a unique copy per project so both runs create their own leads
    const tag = `${info.project.name}${Date.now()}`;
    const src = fs.readFileSync("tests/fixtures/csv/excel-windows-1252-semicolon.csv", "latin1").replace(/@exemplo\.com\.br/g, `@${tag}.com.br`).replace(/\(11\) 98765-4321/, `(11) 9${String(Date.now()).slice(-8)}`);
    // handed to the file input from memory: nothing is left on disk
    const file = { name: `leads-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(src, "latin1") };
    await page.goto("/broker/leads/import");
    await ready(page, jsEnabled);
    await page.getByLabel("Arquivo CSV").setInputFiles("tests/fixtures/csv/header-only.csv");
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page.getByText("CSV vazio")).toBeVisible();
    await page.getByLabel("Arquivo CSV").setInputFiles(file);
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page).toHaveURL(/\/broker\/leads\/import\/[a-f0-9]{32}$/);
    await expect(page.getByText(/WINDOWS-1252/)).toBeVisible();
    await expect(page.getByLabel("Nome", { exact: true })).toHaveValue("0");
    await expect(page.getByText("Valores de estágio no CSV")).toBeVisible();
    await shot(page, "csv-mapping", info.project.name);
    await page.getByRole("button", { name: "Pré-visualizar" }).click();
    await expect(page.locator("[data-preview-summary]")).toContainText("5 lead(s) para importar");
    await expect(page.locator("[data-preview-summary]")).toContainText("1 linha(s) sem e-mail e sem telefone serão ignoradas");
    await expect(page.locator("[data-skipped]")).toContainText("Linha 5: sem nome, e-mail e telefone");
    await page.getByRole("button", { name: "Importar" }).click();
    await expect(page).toHaveURL(/\/broker\/leads$/);
    // the toast gives the counts and the skipped line, JavaScript on (progress stream) and off
    await expect(page.getByText("Importação concluída: 5 novo(s), 0 mesclado(s), 0 duplicado(s) pulado(s), 1 linha(s) ignorada(s): linha 5 (sem nome, e-mail e telefone).")).toBeVisible();
    const n = (await queryRow<{ n: number }>("SELECT count(*) AS n FROM leads WHERE email LIKE ?", `%@${tag}.com.br`))!.n;
    expect(n).toBe(4);
    await page.goto(`/broker/leads?q=${encodeURIComponent("Conceição")}`);
    await expect(page.locator("tr[data-lead-row]").first()).toContainText("João da Conceição");

    // the same file again: duplicates reported in the preview
    await page.goto("/broker/leads/import");
    await ready(page, jsEnabled);
    await page.getByLabel("Arquivo CSV").setInputFiles(file);
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByRole("button", { name: "Pré-visualizar" }).click();
    await expect(page.locator("[data-duplicates]")).toContainText("João da Conceição");
  });

  test("a broken file names the line; export downloads the broker's file", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    await loginAsBroker(page, jsEnabled);
    await page.goto("/broker/leads/import");
    await ready(page, jsEnabled);
    await page.getByLabel("Arquivo CSV").setInputFiles("tests/fixtures/csv/broken-unclosed-quote.csv");
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page.getByText(/Erro ao ler CSV: linha 3/)).toBeVisible();
    const res = await page.request.get("/broker/leads/export.csv");
    expect(res.headers()["content-disposition"]).toMatch(/leads_\d{4}-\d{2}-\d{2}\.csv/);
    const body = await res.body();
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});

test.describe("lead page", () => {
  test("cards, stage change recorded in the history with who/when, notes", { tag: "@no-js" }, async ({ page, jsEnabled }, info) => {
    test.setTimeout(90_000);
    await loginAsBroker(page, jsEnabled);
    await page.goto("/broker/leads?q=Patr%C3%ADcia");
    await page.locator("tr[data-lead-row] a").first().click();
    await expect(page).toHaveURL(/\/broker\/lead\/\d+$/);
    await ready(page, jsEnabled);
    for (const card of ["Negócio", "Contato", "Atividades", "Ações", "Anotações", "Histórico"]) await expect(page.getByRole("heading", { name: card, exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "← Voltar ao CRM" })).toBeVisible();
    await page.getByRole("form", { name: "Etapas" }).getByRole("button", { name: "Negociação" }).click();
    await expect(page.getByText("Etapa atualizada")).toBeVisible();
    await expect(page.locator("[data-history]").first()).toContainText("Negociação");
    await expect(page.locator("[data-history]").first()).toContainText(DEMO.broker.email);
    await page.getByRole("button", { name: "Marcar como Ganho" }).click();
    await expect(page.locator("[data-history]").first()).toContainText("Venda realizada");

    await page.getByLabel("Nova anotação").fill(`Cliente prefere sábado (${info.project.name})`);
    await page.getByRole("button", { name: "Adicionar anotação" }).click();
    await expect(page.locator("[data-note] p", { hasText: `Cliente prefere sábado (${info.project.name})` })).toBeVisible();
    await expect(page.getByText("Editar / excluir")).toHaveCount(0);
  });

  test("activities and the Negócio card: required text, Concluir, bad value", { tag: "@no-js" }, async ({ page, jsEnabled }, info) => {
    test.setTimeout(90_000);
    await loginAsBroker(page, jsEnabled);
    await page.goto("/broker/leads?q=Fernanda");
    await page.locator("tr[data-lead-row] a").first().click();
    await expect(page).toHaveURL(/\/broker\/lead\/\d+$/);
    await ready(page, jsEnabled);

    await page.locator("#nova-atividade summary").click();
    await page.getByRole("button", { name: "Adicionar atividade" }).click();
    await expect(page.getByText("Preencha assunto ou descrição").first()).toBeVisible();
    await page.locator("#nova-atividade").getByLabel("Assunto").fill("Ligar para confirmar");
    await page.getByRole("button", { name: "Adicionar atividade" }).click();
    await expect(page.getByText("Atividade criada")).toBeVisible();
    await page.getByRole("button", { name: "Concluir" }).first().click();
    await expect(page.getByText("Concluída").first()).toBeVisible();

    await page.getByRole("link", { name: "Editar" }).click();
    await page.getByLabel("Valor total (R$)").fill("abc");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByText("Valor inválido").first()).toBeVisible();
    await page.getByLabel("Valor total (R$)").fill("350.000,50");
    await page.getByLabel("Tags (separadas por vírgula)").fill("vip, , investidor");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByText("R$ 350.000,50")).toBeVisible();
    await shot(page, "lead-page", info.project.name);
  });

  test("another broker's lead is 'Lead não encontrado.' (404); admins edit notes", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    const foreign = (await queryRow<{ id: number }>("SELECT l.id FROM leads l JOIN brokers b ON b.id = l.broker_id WHERE b.email = ? LIMIT 1", DEMO.broker2.email))!;
    await loginAsBroker(page, jsEnabled);
    const res = await page.goto(`/broker/lead/${foreign.id}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByText("Lead não encontrado.")).toBeVisible();
    await page.context().clearCookies();
    await loginAsAdmin(page, jsEnabled);
    await page.goto(`/broker/lead/${foreign.id}`);
    await ready(page, jsEnabled);
    await page.getByLabel("Nova anotação").fill("Nota do admin");
    await page.getByRole("button", { name: "Adicionar anotação" }).click();
    await page.getByText("Editar / excluir").first().click();
    await page.getByLabel("Editar anotação").first().fill("Nota do admin (editada)");
    await page.getByRole("button", { name: "Salvar" }).first().click();
    await expect(page.locator("[data-note] p", { hasText: "Nota do admin (editada)" }).first()).toBeVisible();
  });
});

test.describe("e-mail and admin tab", () => {
  test("/broker/email: recipient required, sends (outbox), SMTP not configured", { tag: "@no-js" }, async ({ page, jsEnabled }, info) => {
    await loginAsBroker(page, jsEnabled);
    await page.goto("/broker/email");
    await ready(page, jsEnabled);
    await page.getByRole("button", { name: "Enviar teste" }).click();
    await expect(page.getByText("Informe o destinatário (to).").first()).toBeVisible();
    await page.getByLabel("Destinatário (to)").fill("x".repeat(300));
    await page.getByRole("button", { name: "Enviar teste" }).click();
    await expect(page.locator("[role=alert]").first()).toBeVisible();
    await page.getByLabel("Destinatário (to)").fill("cliente@exemplo.com.br");
    await page.getByRole("button", { name: "Enviar teste" }).click();
    await expect(page.getByText("Email enviado")).toBeVisible();
    await page.getByRole("button", { name: "Testar conexão" }).click();
    await expect(page.getByText("SMTP faltando configuração")).toBeVisible();
    await shot(page, "broker-email", info.project.name);
  });

  test("/admin/contacts: four cards, table, export", async ({ page, jsEnabled }, info) => {
    await loginAsAdmin(page, jsEnabled);
    await page.goto("/admin/contacts");
    await ready(page, jsEnabled);
    for (const label of ["Total de leads", "Com corretor", "Leads diretos", "Este mês"]) await expect(page.getByText(label)).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Corretor" })).toBeVisible();
    await expect(page.locator("tbody tr").first()).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    const res = await page.request.get("/admin/contacts/export.csv");
    expect(res.headers()["content-disposition"]).toMatch(/leads-\d{2}-\d{2}-\d{4}\.csv/);
    await shot(page, "admin-contacts", info.project.name);
  });
});
