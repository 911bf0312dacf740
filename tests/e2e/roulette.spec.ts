import type { Browser, Page } from "@playwright/test";
import { queryRow, rowOf, rowsOf, withDb } from "./database";
import { expect, ready, signIn, test, type E2eUser } from "./fixtures";

/**
 * Roulette screens (issue 10). The server keeps real time, so the broker page is put on each side of the
 * presence window by the window itself (the admin's setting, written here and put back afterwards): one
 * far from now, one all day. The setting is global, so that test runs in the `js` project only and drives
 * a JavaScript-off browser itself.
 */
type Saved = { id: number; presence_start_time: string | null; presence_end_time: string | null } | undefined;

async function setPresenceWindow(start: string, end: string): Promise<void> {
  await withDb(async (db) => {
    const row = await rowOf<{ id: number }>(db, "select id from automatic_roulette_settings order by id limit 1");
    const now = new Date().toISOString();
    if (row) await rowsOf(db, "update automatic_roulette_settings set presence_start_time = ?, presence_end_time = ?, updated_at = ? where id = ?", `${start}:00`, `${end}:00`, now, row.id);
    else
      await rowsOf(
        db,
        "insert into automatic_roulette_settings (enabled, scheduled_time, webhook_enabled, presence_start_time, presence_end_time, created_at, updated_at) values (0, '09:30:00', 0, ?, ?, ?, ?)",
        `${start}:00`,
        `${end}:00`,
        now,
        now,
      );
  });
}

async function savedSettings(): Promise<Saved> {
  return queryRow<NonNullable<Saved>>("select id, presence_start_time, presence_end_time from automatic_roulette_settings order by id limit 1");
}

async function restore(saved: Saved): Promise<void> {
  await withDb(async (db) => {
    if (saved) await rowsOf(db, "update automatic_roulette_settings set presence_start_time = ?, presence_end_time = ? where id = ?", saved.presence_start_time, saved.presence_end_time, saved.id);
    else await rowsOf(db, "delete from automatic_roulette_settings");
  });
}

/** A half-hour window at least eight hours away from now in São Paulo (never crossing midnight). */
function windowAwayFromNow(): [string, string] {
  const hour = Number(new Intl.DateTimeFormat("en-GB", { timeZone: "America/Sao_Paulo", hour: "2-digit", hourCycle: "h23" }).format(new Date()));
  return hour < 12 ? ["20:00", "20:30"] : ["02:00", "02:30"];
}

/** "1h 02min 03s" or "05min 09s" in seconds. */
function seconds(text: string): number {
  const m = /(?:(\d+)h )?(\d+)min (\d+)s/.exec(text);
  if (!m) throw new Error(`not a countdown: ${text}`);
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

async function noJsPage(browser: Browser, user: E2eUser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  await signIn(context, user);
  return context.newPage();
}

test("the broker page on both sides of the presence window, with JavaScript on and off", async ({ page, browser, login, makeUser }) => {
  const saved = await savedSettings();
  const countdown = page.getByText("A presença abre em").locator("xpath=following-sibling::p[1]");
  try {
    // closed: a window far from now
    const [start, end] = windowAwayFromNow();
    await setPresenceWindow(start, end);
    const withJs = await login({ role: "broker", name: "Roleta JS" });
    await page.clock.install();
    await page.goto("/broker/roleta");
    await ready(page, true);
    await expect(page.getByText("Presença fechada")).toBeVisible();
    await expect(page.getByRole("button", { name: "Marcar Presença" })).toBeDisabled();
    await expect(page.getByText(`A presença pode ser marcada das ${start} às ${end} (horário de Brasília).`)).toBeVisible();
    // spec 03 §9: the draw's time (a minute after the window, or the automatic time) and the order's validity
    await expect(page.getByTestId("draw-time")).toHaveText(/todos os dias às \d{2}:\d{2}/);
    await expect(page.getByText("válida até as 20:00", { exact: true })).toBeVisible();
    // the countdown to the opening ticks with the page's clock: 3 s later it shows exactly 3 s less
    await page.clock.pauseAt(Date.now() + 1_000);
    const shown = seconds(await countdown.innerText());
    expect(shown).toBeGreaterThan(60 * 60);
    await page.clock.runFor(3_000);
    await expect.poll(async () => seconds(await countdown.innerText())).toBe(shown - 3);
    await page.clock.resume();

    const withoutJs = await makeUser({ role: "broker", name: "Roleta Sem JS" });
    const plain = await noJsPage(browser, withoutJs);
    await plain.goto("/broker/roleta");
    await expect(plain.getByText("Presença fechada")).toBeVisible();
    await expect(plain.getByRole("button", { name: "Marcar Presença" })).toBeDisabled();

    // open: all day (the window is inclusive through its last minute, 23:59:59)
    await setPresenceWindow("00:00", "23:59");
    await plain.goto("/broker/roleta");
    await expect(plain.getByText("Presença aberta")).toBeVisible();
    await plain.getByRole("button", { name: "Marcar Presença" }).click();
    await expect(plain.getByText("Presença Confirmada!").first()).toBeVisible();
    await expect(plain.getByRole("listitem").filter({ hasText: withoutJs.name })).toBeVisible();
    await plain.context().close();

    await page.goto("/broker/roleta");
    await ready(page, true);
    await expect(page.getByText("Presença aberta")).toBeVisible();
    await page.getByRole("button", { name: "Marcar Presença" }).click();
    await expect(page.getByText("Presença Confirmada!").first()).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: withJs.name })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: withoutJs.name })).toBeVisible();
  } finally {
    await restore(saved);
    await withDb((db) => rowsOf(db, "delete from roleta_registrations where broker_id in (select id from brokers where name in ('Roleta JS', 'Roleta Sem JS'))"));
  }
});

test("admin: tabs work as links, an inverted presence window is refused with the spec's message", { tag: "@no-js" }, async ({ page, jsEnabled, login }) => {
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

test("admin: 'Testar autenticação' answers, and saving the automatic roulette never draws: the next run is shown", { tag: "@no-js" }, async ({ page, jsEnabled, login }) => {
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
