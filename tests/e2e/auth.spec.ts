import { DEMO, expect, ready, signInThroughForm, test } from "./fixtures";

/** The one place the sign-in form itself is tested; other specs sign in with the cookie fixture. */
test.describe("sign-in", () => {
  test("admin signs in and out", { tag: "@no-js" }, async ({ page, jsEnabled, makeUser }) => {
    const admin = await makeUser({ role: "admin" });
    await signInThroughForm(page, jsEnabled, admin);
    await expect(page.getByTestId("toast")).toContainText("Login realizado com sucesso!");
    await page.getByRole("button", { name: "Sair" }).click();
    await page.waitForURL(/\/login/);
    await expect(page.getByTestId("toast")).toContainText("Logout realizado com sucesso");
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin/);
  });

  test("admin login shows the spec's messages", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    await page.goto("/login");
    await ready(page, jsEnabled);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByText("Por favor, preencha todos os campos")).toBeVisible();
    await page.getByLabel("E-mail").fill(DEMO.admin.email);
    await page.getByLabel("Senha").fill("senha-errada");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByText("Credenciais inválidas. Por favor, verifique e tente novamente.")).toBeVisible();
  });

  test("an admin opening /login again is told so and sent to /admin", async ({ page, login }) => {
    await login({ role: "admin" });
    await page.goto("/login");
    await expect(page.getByText("Você já está logado no painel admin.")).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("broker signs in to the dashboard (httpOnly, SameSite=Lax session id) and cannot open the admin area", { tag: "@no-js" }, async ({ page, context, jsEnabled, makeUser }) => {
    const broker = await makeUser({ role: "broker", name: "Ana Teste" });
    await signInThroughForm(page, jsEnabled, broker);
    await expect(page).toHaveURL(/\/broker\/dashboard/);
    const session = (await context.cookies()).find((c) => c.name === "__session");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    expect(session?.value).not.toContain(broker.email);
    expect(session?.value).not.toContain(broker.userId);
    await expect(page.getByRole("heading", { name: "Olá, Ana!" })).toBeVisible();
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login/);
  });

  test("an inactive broker lands on /broker/bloqueado", { tag: "@no-js" }, async ({ page, jsEnabled, makeUser }) => {
    const broker = await makeUser({ role: "broker", isActive: false });
    await signInThroughForm(page, jsEnabled, broker);
    await expect(page).toHaveURL(/\/broker\/bloqueado/);
    await expect(page.getByText("Conta inativa")).toBeVisible();
    await expect(page.getByText("Entre em contato com o administrador.")).toBeVisible();
  });

  test("after sign-in the admin lands on the redirectTo page", { tag: "@no-js" }, async ({ page, jsEnabled, makeUser }) => {
    const admin = await makeUser({ role: "admin" });
    await page.goto("/admin/imoveis/novo");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fimoveis%2Fnovo$/);
    await ready(page, jsEnabled);
    await page.getByLabel("E-mail").fill(admin.email);
    await page.getByLabel("Senha").fill(admin.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/admin\/imoveis\/novo$/);
    await expect(page.getByRole("heading", { name: "Novo Imóvel" })).toBeVisible();
  });

  test("after sign-in the broker lands on the redirectTo page", { tag: "@no-js" }, async ({ page, jsEnabled, makeUser }) => {
    const broker = await makeUser({ role: "broker" });
    await page.goto("/broker/properties");
    await expect(page).toHaveURL(/\/broker\/login\?redirectTo=%2Fbroker%2Fproperties$/);
    await ready(page, jsEnabled);
    await page.getByLabel("E-mail").fill(broker.email);
    await page.getByLabel("Senha").fill(broker.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/broker\/properties$/);
    await expect(page.getByRole("heading", { name: "Imóveis", level: 1 })).toBeVisible();
  });
});
