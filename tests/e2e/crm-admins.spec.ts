import { createBrokerWithLeads, expect, ready, signInThroughForm, test } from "./fixtures";

/** /admin/crm (spec 03 §2.11): the admin grants CRM admin to a broker, who then sees every broker's leads; removing it takes effect at once. JS on and off. */
test("admin grants and removes CRM admin; the broker's lead list follows", { tag: "@no-js" }, async ({ page, jsEnabled, login, browser }) => {
  const stamp = `${Date.now().toString(36)}${jsEnabled ? "j" : "n"}`;
  const a = await createBrokerWithLeads(`adm${stamp}`, [{ name: `Lead A ${stamp}` }]);
  await createBrokerWithLeads(`out${stamp}`, [{ name: `Lead B ${stamp}` }]);

  await login({ role: "admin" });
  await page.goto("/admin/crm");
  await ready(page, jsEnabled);
  await expect(page.getByRole("heading", { name: "Admins do CRM" })).toBeVisible();
  await expect(page.getByText("Conceder admin:")).toBeVisible();
  await page.getByLabel("Buscar corretor").fill(a.email);
  await page.getByRole("button", { name: "Buscar" }).click();
  const row = page.getByRole("row", { name: new RegExp(a.name) });
  await row.getByRole("button", { name: `Tornar admin do CRM ${a.name}` }).click();
  await expect(page.getByText(`${a.name} agora é admin do CRM`)).toBeVisible();
  await expect(row.getByText("Sim")).toBeVisible();

  const other = await browser.newContext({ javaScriptEnabled: jsEnabled });
  const brokerPage = await other.newPage();
  await signInThroughForm(brokerPage, jsEnabled, { email: a.email, password: a.password, role: "broker" });
  await brokerPage.goto(`/broker/leads?q=${stamp}`);
  await expect(brokerPage.getByText(`Lead A ${stamp}`).first()).toBeVisible();
  await expect(brokerPage.getByText(`Lead B ${stamp}`).first()).toBeVisible();

  await row.getByRole("button", { name: `Remover admin do CRM de ${a.name}` }).click();
  await expect(page.getByText(`${a.name} não é mais admin do CRM`)).toBeVisible();
  await expect(row.getByText("Não")).toBeVisible();

  await brokerPage.goto(`/broker/leads?q=${stamp}`);
  await expect(brokerPage.getByText(`Lead A ${stamp}`).first()).toBeVisible();
  await expect(brokerPage.getByText(`Lead B ${stamp}`)).toHaveCount(0);
  await other.close();
});
