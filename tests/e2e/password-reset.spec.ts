import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseEml } from "../mocks/eml";
import { expect, ready, test } from "./fixtures";

/**
 * The whole reset flow in the browser, with the link read from the .eml the
 * server wrote to DATA_DIR/outbox (the e2e server runs without SMTP_URL).
 * Each test makes its own broker, so no demo password changes under other
 * specs running at the same time.
 */
const dataDir = process.env.E2E_DATA_DIR ?? "";

function resetLinkFor(email: string): string {
  const dir = path.join(dataDir, "outbox");
  const mails = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => parseEml(fs.readFileSync(path.join(dir, f), "utf8")))
    .filter((m) => m.to === email);
  expect(mails, `an e-mail to ${email}`).toHaveLength(1);
  expect(mails[0].subject).toBe("Redefinição de senha");
  const link = mails[0].text.match(/https?:\/\/\S+\/broker\/reset-password\?token=[\w-]+/)?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}

test.beforeAll(() => {
  expect(dataDir, "E2E_DATA_DIR is set by scripts/e2e.mjs").not.toBe("");
});

test("forgot → e-mail → new password → sign in; the link works once", { tag: "@no-js" }, async ({ page, jsEnabled, makeUser }) => {
  // the e2e user factory: a password only this test knows and never types; the way in is the reset link
  const broker = await makeUser({ role: "broker", name: `Corretor ${jsEnabled ? "js" : "nojs"}` });
  await page.goto("/broker/login");
  await ready(page, jsEnabled);
  await page.getByRole("link", { name: "Esqueci minha senha" }).click();
  await expect(page).toHaveURL(/\/broker\/forgot-password$/);
  await ready(page, jsEnabled);
  await page.getByLabel("E-mail").fill(broker.email.toUpperCase());
  await page.getByRole("button", { name: "Enviar link" }).click();
  await expect(page.getByText("Enviamos um link de redefinição para o seu e-mail.")).toBeVisible();

  const link = resetLinkFor(broker.email);
  await page.goto(link);
  await ready(page, jsEnabled);
  await page.getByLabel("Nova senha", { exact: true }).fill("123");
  await page.getByLabel("Confirme a nova senha").fill("123");
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByText(/Senha muito curta/)).toBeVisible();

  await page.getByLabel("Nova senha", { exact: true }).fill("nova-senha-123");
  await page.getByLabel("Confirme a nova senha").fill("outra-senha-123");
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByText("Senhas não conferem")).toBeVisible();

  await page.getByLabel("Nova senha", { exact: true }).fill("nova-senha-123");
  await page.getByLabel("Confirme a nova senha").fill("nova-senha-123");
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page).toHaveURL(/\/broker\/login$/);
  await expect(page.getByTestId("toast")).toContainText("Senha alterada com sucesso!");

  await ready(page, jsEnabled);
  await page.getByLabel("E-mail").fill(broker.email);
  await page.getByLabel("Senha").fill("nova-senha-123");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/broker\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Olá, Corretor!" })).toBeVisible();

  // The same link again: refused, with a way to ask for a new one.
  await page.goto(link);
  await expect(page.getByText("Este link de redefinição já foi usado. Peça um novo.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Pedir novo link" })).toHaveAttribute("href", "/broker/forgot-password");
});

test("forgot-password messages: empty e-mail; an unknown one gets the same answer as an account", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
  await page.goto("/broker/forgot-password");
  await ready(page, jsEnabled);
  await page.getByRole("button", { name: "Enviar link" }).click();
  // The subtitle also reads 'Informe seu email': check the field's own error line.
  const emailId = await page.getByLabel("E-mail").getAttribute("id");
  await expect(page.locator(`[id="${emailId}-error"]`)).toHaveText("Informe seu email");
  await page.getByLabel("E-mail").fill("ninguem-aqui@teste.com.br");
  await page.getByRole("button", { name: "Enviar link" }).click();
  // no account enumeration (docs/decisions.md): the screen says what it says for a real account
  await expect(page.getByText(/Enviamos um link/)).toBeVisible();
  await expect(page.getByText("Email não cadastrado")).toHaveCount(0);
});

test("a forged token shows the invalid-link page", async ({ page }) => {
  await page.goto(`/broker/reset-password?token=${crypto.randomBytes(32).toString("base64url")}`);
  await expect(page.getByText("Este link de redefinição é inválido.")).toBeVisible();
});
