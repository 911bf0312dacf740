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
  await expect(page.getByText("Erro: Configuração de horários inválida")).toBeVisible();
  await page.getByRole("link", { name: "Resultados dos Sorteios" }).click();
  await expect(page.getByRole("heading", { name: "Distribuição de hoje" })).toBeVisible();
});
