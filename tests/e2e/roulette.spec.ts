import { expect, ready, test } from "./fixtures";

/** Roulette screens (issue 10), JS on and off. The window depends on the real clock, so the page is checked against what it says. */
test("the broker page shows the window, the button in the matching state and the rules", async ({ page, jsEnabled, login }) => {
  await login({ role: "broker" });
  await page.goto("/broker/roleta");
  await ready(page, jsEnabled);
  await expect(page.getByRole("heading", { name: "Roleta de Leads", level: 1 })).toBeVisible();
  const open = await page.getByText("Presença aberta").isVisible();
  const button = page.getByRole("button", { name: "Marcar Presença" });
  if (open) await expect(button).toBeEnabled();
  else await expect(button).toBeDisabled();
  await expect(page.getByRole("heading", { name: "Regras" })).toBeVisible();
  // spec 03 §9: the draw's time (09:31 while no settings were saved, or the automatic time) and the order's validity
  await expect(page.getByTestId("draw-time")).toHaveText(/todos os dias às \d{2}:\d{2}/);
  await expect(page.getByText("válida até as 20:00", { exact: true })).toBeVisible();
});

test("admin: tabs work as links, an inverted presence window is refused with the spec's message", async ({ page, jsEnabled, login }) => {
  await login({ role: "admin" });
  await page.goto("/admin/roleta");
  await ready(page, jsEnabled);
  await page.getByRole("link", { name: "Roleta Automática" }).click();
  await expect(page).toHaveURL(/tab=automatica/);
  await page.getByLabel("Início da presença").fill("10:00");
  await page.getByLabel("Fim da presença").fill("09:00");
  await page.getByRole("button", { name: "Salvar Configurações" }).click();
  // the message beside the field, and everything typed kept (JS on and off)
  await expect(page.locator("#roulette-automatic-presenceEnd-error")).toHaveText("Erro: Configuração de horários inválida");
  await expect(page.getByLabel("Início da presença")).toHaveValue("10:00");
  await expect(page.getByLabel("Fim da presença")).toHaveValue("09:00");
  await page.getByRole("link", { name: "Resultados dos Sorteios" }).click();
  await expect(page.getByRole("heading", { name: "Distribuição de hoje" })).toBeVisible();
});

test("admin: 'Testar autenticação' answers, and saving the automatic roulette never draws: the next run is shown", async ({ page, jsEnabled, login }) => {
  await login({ role: "admin" });
  await page.goto("/admin/roleta?tab=automatica");
  await ready(page, jsEnabled);
  await page.getByRole("button", { name: "Testar autenticação" }).click();
  await expect(page.getByText("✅ Autenticação OK")).toBeVisible();
  await page.goto("/admin/roleta?tab=automatica");
  await ready(page, jsEnabled);
  // a time that has most likely passed today: saved, planned for a later moment, nothing drawn
  const lastRun = page.locator("dl dt", { hasText: "Última execução" }).locator("xpath=following-sibling::dd[1]");
  const before = await lastRun.textContent();
  await page.getByLabel("Horário do sorteio").fill("00:01");
  const enabled = page.getByLabel("Ativar a roleta automática (todos os dias)");
  if (!(await enabled.isChecked())) await enabled.check();
  await page.getByRole("button", { name: "Salvar Configurações" }).click();
  await expect(page.getByText("✅ Configurações da roleta automática salvas com sucesso!")).toBeVisible();
  await expect(page.getByTestId("next-run")).toHaveText(/^\d{2}\/\d{2}\/\d{4} 00:01$/);
  await page.waitForTimeout(1500); // the job runs every minute at most: give a wrong draw a chance to show
  await page.reload();
  await expect(lastRun).toHaveText(before ?? "—");
});
