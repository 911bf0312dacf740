import { createBrokerWithLeads, expect, ready, signIn, test } from "./fixtures";

/** Issue 24, CRM (spec 02): the review's screen findings, JavaScript on and off. */

test("stages: a duplicate name is said once beside the field; Esc closes the modal (JavaScript) @no-js", async ({ page, jsEnabled, login }) => {
  await login({ role: "admin" });
  await page.goto("/broker/crm/stages?new=1");
  await ready(page, jsEnabled);
  const dialog = page.getByRole("dialog", { name: "Nova etapa" });
  await dialog.getByLabel("Nome da etapa").fill("proposta");
  await dialog.getByRole("button", { name: "Criar etapa" }).click();
  await expect(page.getByText("Já existe uma etapa com esse nome")).toHaveCount(1);
  await expect(page.getByRole("dialog", { name: "Nova etapa" }).getByLabel("Nome da etapa")).toHaveValue("proposta");
  if (jsEnabled) {
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/broker\/crm\/stages$/);
  }
});

test("lead page: Perdido shows its step, 'Ver mais' of the history comes back to it, an error is said once, a long note does not widen a phone @no-js", async ({ page, jsEnabled }) => {
  const b = await createBrokerWithLeads(`perdido${jsEnabled ? "j" : "n"}${Date.now()}`, [{ name: "Lead Perdido", stage: "Perdido" }]);
  const lead = b.leadIds[0];
  await signIn(page.context(), { ...b, role: "broker" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/broker/lead/${lead}`);
  await ready(page, jsEnabled);
  await expect(page.locator("[data-lost-step]")).toContainText("Este lead está em Perdido");
  await expect(page.getByRole("button", { name: "Perdido (etapa atual)" })).toHaveAttribute("aria-current", "step");
  // four moves: the history shows three and 'Ver mais', a link back to its card
  const stages = page.getByRole("form", { name: "Etapas" });
  for (const name of ["Entrada", "Qualificação", "Proposta", "Negociação"]) {
    await stages.getByRole("button", { name, exact: true }).click();
    await expect(stages.getByRole("button", { name, exact: true })).toHaveAttribute("aria-current", "step");
  }
  const more = page.getByRole("link", { name: "Ver mais" });
  await expect(more).toHaveAttribute("href", /\?historico=todos#historico$/);
  await more.click();
  await expect(page).toHaveURL(/#historico$/);
  await expect(page.getByRole("link", { name: "Ver menos" })).toBeVisible();

  await page.getByRole("button", { name: "Adicionar anotação" }).click();
  await expect(page.getByText("Escreva a anotação.")).toHaveCount(1);
  await page.getByLabel("Nova anotação").fill(`Veja https://exemplo.com.br/${"caminho-sem-fim".repeat(20)}`);
  await page.getByRole("button", { name: "Adicionar anotação" }).click();
  await expect(page.getByText("Anotação adicionada")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
});

test("board: 'Ver mais 10' returns to its column; dashboard numbers 2 × 2 on a phone @no-js", async ({ page, jsEnabled }) => {
  const leads = Array.from({ length: 12 }, (_, i) => ({ name: `Cartão ${i + 1}`, stage: "Proposta" }));
  const b = await createBrokerWithLeads(`vermais${jsEnabled ? "j" : "n"}${Date.now()}`, leads);
  await signIn(page.context(), { ...b, role: "broker" });
  await page.goto("/broker/crm");
  await ready(page, jsEnabled);
  const column = page.locator('section[data-stage="Proposta"]');
  const more = column.getByRole("link", { name: "Ver mais 10" });
  const id = await column.getAttribute("id");
  await expect(more).toHaveAttribute("href", new RegExp(`#${id}$`));
  await more.click();
  await expect(column.locator("li[data-card]")).toHaveCount(12);
  await expect(page).toHaveURL(new RegExp(`#${id}$`));

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/broker/dashboard");
  const boxes = await page.locator("[data-stat-cards] > *").evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ top: Math.round(r.top), left: Math.round(r.left) })));
  expect(boxes).toHaveLength(4);
  expect(boxes[0].top).toBe(boxes[1].top);
  expect(boxes[2].top).toBe(boxes[3].top);
  expect(boxes[2].top).toBeGreaterThan(boxes[0].top);
});

test("bulk e-mail: the count without JavaScript, Cancelar, and the form clears after sending @no-js", async ({ page, jsEnabled }) => {
  const s = `${jsEnabled ? "j" : "n"}${Date.now()}`;
  const b = await createBrokerWithLeads(`massa${s}`, [
    { name: `Com Email A ${s}`, email: `a${s}@cliente.com.br` },
    { name: `Com Email B ${s}`, email: `b${s}@cliente.com.br` },
  ]);
  await signIn(page.context(), { ...b, role: "broker" });
  await page.goto("/broker/leads");
  await ready(page, jsEnabled);
  await page.getByRole("checkbox", { name: `Selecionar Com Email A ${s}` }).check();
  await page.getByRole("checkbox", { name: `Selecionar Com Email B ${s}` }).check();
  await page.getByRole("button", { name: "Enviar email em massa" }).click();
  const dialog = page.getByRole("dialog", { name: "Enviar email em massa" });
  await expect(dialog.locator("[data-recipient-count]")).toHaveText("2 destinatário(s) com email válido");
  await dialog.getByRole("button", { name: "Enviar agora" }).click();
  await expect(page.getByText("Preencha a mensagem")).toHaveCount(1);
  await page.getByRole("dialog").getByLabel("Assunto").fill("Novidades");
  await page.getByRole("dialog").getByLabel("Mensagem").fill("Olá {nome}");
  await page.getByRole("dialog").getByRole("button", { name: "Enviar agora" }).click();
  // the test server has no SMTP: mail goes to its outbox folder
  if (jsEnabled) {
    await expect(page.getByText("Emails enviados: 2. Falhas: 0.")).toBeVisible();
    await expect(page.getByRole("dialog").getByLabel("Assunto")).toHaveValue("");
    await expect(page.getByRole("dialog").getByLabel("Mensagem")).toHaveValue("");
    await page.getByRole("dialog").getByRole("link", { name: "Fechar" }).click();
  } else {
    await expect(page.getByText(/Emails enviados: 2/)).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.getByRole("checkbox", { name: `Selecionar Com Email A ${s}` }).check();
    await page.getByRole("button", { name: "Enviar email em massa" }).click();
    await expect(page.getByRole("dialog").getByLabel("Assunto")).toHaveValue("");
    await page.getByRole("dialog").getByRole("link", { name: "Cancelar" }).click();
  }
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("board layout on a phone and a desktop: a card's '+ Atividade' and 'Mover para' stay inside the card on one line each; 'Buscar' stays beside its box @no-js", async ({ page, jsEnabled }) => {
  const b = await createBrokerWithLeads(`layout${jsEnabled ? "j" : "n"}${Date.now()}`, [
    { name: "Maria Aparecida de Souza Albuquerque Cavalcanti Figueiredo", stage: "Qualificação" },
    { name: "Zé", stage: "Qualificação" },
  ]);
  await signIn(page.context(), { ...b, role: "broker" });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/broker/crm");
    await ready(page, jsEnabled);
    const cards = page.locator('section[data-stage="Qualificação"] li[data-card]');
    await expect(cards).toHaveCount(2);
    for (const card of await cards.all()) {
      const box = (await card.boundingBox())!;
      for (const control of [card.getByRole("link", { name: "+ Atividade" }), card.getByRole("button", { name: "Mover para" }), card.getByLabel("Mover para")]) {
        const inner = (await control.boundingBox())!;
        expect(inner.x, `${width}px: inside the card on the left`).toBeGreaterThanOrEqual(box.x - 0.5);
        expect(inner.x + inner.width, `${width}px: inside the card on the right`).toBeLessThanOrEqual(box.x + box.width + 0.5);
        // one line: a wrapped label would make the control about twice as tall as a 28 px control
        expect(inner.height, `${width}px: one line`).toBeLessThanOrEqual(30);
      }
    }
    const search = page.getByRole("searchbox", { name: "Buscar" });
    const button = page.getByRole("button", { name: "Buscar", exact: true });
    const [field, go] = [(await search.boundingBox())!, (await button.boundingBox())!];
    expect(Math.abs(field.y + field.height / 2 - (go.y + go.height / 2)), `${width}px: Buscar beside its box`).toBeLessThanOrEqual(2);
    expect(go.x).toBeGreaterThan(field.x + field.width - 1);
    expect(go.height).toBeLessThanOrEqual(42);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
  }
});
