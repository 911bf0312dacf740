import { createBrokerWithLeads, expect, ready, signIn, test } from "./fixtures";

/** /broker/crm/activities (issue 9): a new activity for a lead found by search, completed, and the status filter; JS on and off. */
test("activities: create for a searched lead, complete, filter by status", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
  const stamp = `${Date.now()}${jsEnabled ? "j" : "n"}`;
  const b = await createBrokerWithLeads(`ativ${stamp}`, [{ name: `Lead Atividade ${stamp}` }]);
  await signIn(page.context(), { ...b, role: "broker" });
  await page.goto("/broker/crm/activities");
  await ready(page, jsEnabled);
  await expect(page.getByText("Nenhuma atividade encontrada")).toBeVisible();
  await page.getByRole("link", { name: "Nova atividade" }).click();
  const dialog = page.getByRole("dialog", { name: "Nova atividade" });
  await dialog.getByLabel("Buscar lead").fill(`Atividade ${stamp}`);
  await dialog.getByRole("button", { name: "Buscar" }).click();
  await page.getByRole("dialog", { name: "Nova atividade" }).getByRole("radio").first().check();
  const subject = `Ligar ${stamp}`;
  await page.getByRole("dialog").getByLabel("Assunto").fill(subject);
  await page.getByRole("dialog").getByRole("button", { name: "Criar atividade" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByText(subject).first()).toBeVisible();

  await page.getByRole("checkbox", { name: `Concluir ${subject}` }).click();
  await expect(page.getByText(subject)).toHaveCount(0); // pending is the default filter
  await page.getByLabel("Status").selectOption("completed");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/status=completed/);
  await expect(page.getByText(subject).first()).toBeVisible();
  await expect(page.getByRole("checkbox", { name: `Reabrir ${subject}` })).toBeVisible();
});
