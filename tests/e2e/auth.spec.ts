import { DEMO, expect, loginAsAdmin, loginAsBroker, ready, test } from "./fixtures";

test.describe("sign-in", () => {
  test("admin signs in and out", async ({ page, jsEnabled }) => {
    await loginAsAdmin(page, jsEnabled);
    await expect(page.getByTestId("toast")).toContainText("Login realizado com sucesso!");
    await page.getByRole("button", { name: "Sair" }).click();
    await page.waitForURL(/\/login/);
    await expect(page.getByTestId("toast")).toContainText("Logout realizado com sucesso");
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin/);
  });

  test("admin login shows the spec's messages", async ({ page, jsEnabled }) => {
    await page.goto("/login");
    await ready(page, jsEnabled);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByText("Por favor, preencha todos os campos")).toBeVisible();
    await page.getByLabel("E-mail").fill(DEMO.admin.email);
    await page.getByLabel("Senha").fill("senha-errada");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByText("Credenciais inválidas. Por favor, verifique e tente novamente.")).toBeVisible();
  });

  test("an admin opening /login again is told so and sent to /admin", async ({ page, jsEnabled }) => {
    await loginAsAdmin(page, jsEnabled);
    await page.goto("/login");
    await expect(page.getByText("Você já está logado no painel admin.")).toBeVisible();
    await page.waitForURL(/\/admin$/, { timeout: 5000 });
  });

  test("broker signs in to the dashboard and cannot open the admin area", async ({ page, jsEnabled }) => {
    await loginAsBroker(page, jsEnabled);
    await expect(page).toHaveURL(/\/broker\/dashboard/);
    await expect(page.getByRole("heading", { name: "Olá, Ana!" })).toBeVisible();
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login/);
  });

  test("an inactive broker lands on /broker/bloqueado", async ({ page, jsEnabled }) => {
    await loginAsBroker(page, jsEnabled, DEMO.inactiveBroker);
    await expect(page).toHaveURL(/\/broker\/bloqueado/);
    await expect(page.getByText("Conta inativa")).toBeVisible();
    await expect(page.getByText("Entre em contato com o administrador.")).toBeVisible();
  });
});
