import type { Browser, Page } from "@playwright/test";
import { startFakeGateway, type FakeGateway } from "../mocks/whatsapp-gateway";
import { rowsOf, withDb } from "./database";
import { createUser, expect, ready, signIn, test, type E2eUser } from "./fixtures";

/**
 * WhatsApp end to end against a local stand-in of the gateway: the admin
 * points the app at it, a broker pairs a number (QR, then the gateway's own
 * webhook says it connected), builds a campaign in the four-step wizard and
 * watches it being sent. The gateway setting is global, so the whole story
 * runs in the `js` project, with a JavaScript-off browser for the no-JS half.
 */
test.describe.configure({ mode: "serial" });

let gw: FakeGateway;
let campaignPath = "";
// The story's own accounts (cookie sign-in, no demo password), kept across the serial tests.
let admin: E2eUser;
let ana: E2eUser;
let bruno: E2eUser;
test.beforeAll(async () => {
  gw = await startFakeGateway({ apiKey: "chave-e2e-12345" });
  admin = await createUser({ role: "admin" });
  ana = await createUser({ role: "broker", name: "Ana WhatsApp" });
  bruno = await createUser({ role: "broker", name: "Bruno WhatsApp" });
});

const signInAs = (page: Page, user: E2eUser) => signIn(page.context(), user);
test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInAs(page, admin);
  await page.goto("/admin/whatsapp");
  const remove = page.getByRole("button", { name: "Remover" });
  if (await remove.isVisible()) await remove.click();
  await page.close();
  await gw.close();
});

async function noJsPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: "pt-BR" });
  return context.newPage();
}

test("WhatsApp pages say 'Funcionalidade em Breve' until a gateway is configured; the admin form checks its input", async ({ page }) => {
  await signInAs(page, bruno);
  await page.goto("/broker/whatsapp");
  await expect(page.getByRole("heading", { name: "Funcionalidade em Breve" })).toBeVisible();

  await signInAs(page, admin);
  await page.goto("/admin/whatsapp");
  await ready(page, true);
  await page.getByLabel("Endereço do gateway").fill("javascript:alert(1)");
  await page.getByLabel("Chave global da API (apikey)").fill("curta");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("URL inválida", { exact: true })).toBeVisible();
  await expect(page.getByText("A chave da API tem pelo menos 8 caracteres", { exact: true })).toBeVisible();
  // a port Node's fetch refuses is refused at save, with the URL kept
  await page.getByLabel("Endereço do gateway").fill("http://gateway.example:4190");
  await page.getByLabel("Chave global da API (apikey)").fill(gw.apiKey);
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText(/A porta 4190 é bloqueada pelo servidor/).last()).toBeVisible();
  await expect(page.getByLabel("Endereço do gateway")).toHaveValue("http://gateway.example:4190");
  await page.getByLabel("Endereço do gateway").fill(gw.url);
  await page.getByLabel("Chave global da API (apikey)").fill(gw.apiKey);
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText(`Gateway configurado: ${gw.url}`)).toBeVisible();
  // the key is never shown back
  expect(await page.content()).not.toContain(gw.apiKey);
});

test("a broker pairs a number with JavaScript off (QR, Verificar) and with it on (live polling)", async ({ page, browser }) => {
  // JavaScript off: Bruno
  const plain = await noJsPage(browser);
  await signInAs(plain, bruno);
  await plain.goto("/broker/whatsapp");
  await plain.getByRole("link", { name: "Criar Primeira Instância" }).click();
  await plain.getByRole("button", { name: "Criar instância" }).click();
  await expect(plain.getByText("Por favor, insira um nome para a instância", { exact: true })).toBeVisible();
  await plain.getByLabel("Nome da instância").fill("Celular <b>Bruno</b>");
  await plain.getByRole("button", { name: "Criar instância" }).click();
  await expect(plain.getByRole("img", { name: "QR Code para conectar o WhatsApp" })).toBeVisible();
  const brunoInstance = [...gw.instances.keys()].find((k) => k.endsWith("_celular_b_bruno_b"));
  expect(brunoInstance).toBeTruthy();
  // without JavaScript the modal's promise holds: the page checks again by itself (Refresh header), closes and says so
  await expect(plain.getByText("Esta página verifica a conexão sozinha a cada 4 segundos", { exact: false })).toBeVisible();
  await gw.pair(brunoInstance!);
  await expect(plain.getByText("Conectado", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(plain.getByText("WhatsApp conectado!")).toBeVisible();
  await expect(plain.getByRole("img", { name: "QR Code para conectar o WhatsApp" })).toHaveCount(0);
  await expect(plain.getByText("Limite: 1 instância por corretor")).toBeVisible();
  await expect(plain.getByTestId("whatsapp-totals")).toContainText("Conectadas: 1");
  await plain.context().close();

  // JavaScript on: Ana, with a pairing code; the page notices the connection by itself
  await signInAs(page, ana);
  await page.goto("/broker/whatsapp?novo=1");
  await ready(page, true);
  await page.getByLabel("Nome da instância").fill("ana");
  await page.getByLabel(/Número \(opcional/).fill("(11) 98765-4321");
  await page.getByRole("button", { name: "Criar instância" }).click();
  await expect(page.getByTestId("pairing-code")).toHaveText("WZY-EH1-YY");
  const anaInstance = [...gw.instances.keys()].find((k) => k.endsWith("_ana"))!;
  await gw.pair(anaInstance, "5511987654321@s.whatsapp.net");
  await expect(page.getByText("Conectado", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("WhatsApp conectado!")).toBeVisible();
  await expect(page.getByTestId("pairing-code")).toHaveCount(0);
  await expect(page.getByText("+5511987654321")).toBeVisible();
});

/**
 * The campaign window 00:00–23:59 ends at 23:59 (the end is exclusive): from 23:58 in São Paulo a launch
 * would schedule its first send for tomorrow. The server keeps real time, so the test waits for the new
 * day instead (at most two minutes, only then); it never asserts on the hour it runs.
 */
async function outsideTheDaysLastMinutes(): Promise<void> {
  const minutesInSaoPaulo = () => {
    const p = Object.fromEntries(new Intl.DateTimeFormat("en-GB", { timeZone: "America/Sao_Paulo", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(new Date()).map((x) => [x.type, x.value]));
    return Number(p.hour) * 60 + Number(p.minute);
  };
  await expect.poll(minutesInSaoPaulo, { timeout: 180_000, intervals: [5_000] }).toBeLessThan(23 * 60 + 58);
}

/** The four steps of the sender, as a broker fills them (the same with JavaScript on and off). */
async function launchCampaign(page: Page, campaign: { name: string; message: string; preview: string; csv: string; loaded: number; intervalSeconds: number }) {
  await page.goto("/broker/whatsapp/sender");
  await page.getByLabel("Nome da campanha").fill(campaign.name);
  await page.getByLabel("Mensagem").fill(campaign.message);
  await page.getByRole("button", { name: "Próximo: leads" }).click();
  await expect(page.getByText("Nenhum lead selecionado ainda.")).toBeVisible();
  await page.getByLabel("Arquivo CSV").setInputFiles({ name: "leads.csv", mimeType: "text/csv", buffer: Buffer.from(campaign.csv, "latin1") });
  await page.getByRole("button", { name: "Carregar CSV" }).click();
  await expect(page.getByText(`${campaign.loaded} leads carregados do CSV`).first()).toBeVisible();
  await page.getByRole("link", { name: "Próximo: lançamento" }).click();
  await expect(page.getByText(campaign.preview).first()).toBeVisible();
  // today may be a weekend: allow every day, all day
  for (let i = 0; i < 7; i++) await page.locator(`input[name=weekday${i}]`).check();
  await page.getByLabel("Início").fill("00:00");
  await page.getByLabel("Fim").fill("23:59");
  await page.getByLabel(/Intervalo entre envios/).fill(String(campaign.intervalSeconds));
  await outsideTheDaysLastMinutes();
  await page.getByRole("button", { name: "Lançar agora" }).click();
  await expect(page).toHaveURL(/\/broker\/whatsapp\/campaign\/\d+/);
  await expect(page.getByRole("heading", { name: campaign.name })).toBeVisible();
}

test("the four-step sender works as plain posts, launches, and the monitor shows the sends", async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await noJsPage(browser);
  await signInAs(page, ana);
  await page.goto("/broker/whatsapp/sender");
  await page.getByRole("button", { name: "Próximo: leads" }).click();
  await expect(page.getByText("Digite um nome para a campanha", { exact: true })).toBeVisible();
  // a draft of its own for the refusals: the CSV field on a phone, a stray quote, a number twice, an interval of 5 s
  await page.getByLabel("Nome da campanha").fill("Conferência");
  await page.getByLabel("Mensagem").fill("Oi {nome}");
  await page.getByRole("button", { name: "Próximo: leads" }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  expect((await page.getByLabel("Arquivo CSV").boundingBox())!.width).toBeGreaterThan(250);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel("Arquivo CSV").setInputFiles({ name: "ruim.csv", mimeType: "text/csv", buffer: Buffer.from('nome,telefone\nAna,(11) 91234-0009\n"Bia,(11) 91234-0008\n') });
  await page.getByRole("button", { name: "Carregar CSV" }).click();
  await expect(page.getByText(/aspas sem par na linha 3/)).toBeVisible();
  // one recipient per number: the 12- and 13-digit forms of José's number are one
  await page.getByLabel("Arquivo CSV").setInputFiles({ name: "dup.csv", mimeType: "text/csv", buffer: Buffer.from("nome;telefone\r\nJosé;(11) 91234-0201\r\nJosé de novo;(11) 1234-0201\r\nMárcia;11 91234-0202\r\n", "latin1") });
  await page.getByRole("button", { name: "Carregar CSV" }).click();
  await expect(page.getByText("2 leads carregados do CSV (1 número(s) repetido(s) ignorado(s))").first()).toBeVisible();
  await page.getByRole("link", { name: "Próximo: lançamento" }).click();
  await page.getByLabel("Início").fill("07:30");
  await page.getByLabel("Fim").fill("19:45");
  await page.getByLabel(/Intervalo entre envios/).fill("5");
  await page.getByRole("button", { name: "Lançar agora" }).click();
  await expect(page.getByText("O intervalo mínimo entre envios é de 15 segundos", { exact: true })).toBeVisible();
  await expect(page.getByText(/Too small|expected number/)).toHaveCount(0);
  await expect(page.getByLabel("Início")).toHaveValue("07:30");
  await expect(page.getByLabel("Fim")).toHaveValue("19:45");
  await expect(page.getByLabel(/Intervalo entre envios/)).toHaveValue("5");
  const before = gw.sent.length;
  // a CSV from Excel: semicolons, Windows-1252 accents, one row without a phone
  await launchCampaign(page, {
    name: "Feirão de domingo",
    message: "Olá {nome}! Temos imóveis novos para você.",
    preview: "Olá José! Temos imóveis novos para você.",
    csv: "nome;telefone\r\nJosé Araújo;(11) 91234-0001\r\nSem Telefone;\r\nMárcia;11 91234-0002\r\n",
    loaded: 2,
    intervalSeconds: 15,
  });
  campaignPath = new URL(page.url()).pathname;
  // the first message goes out within a couple of seconds of its time
  await expect.poll(() => gw.sent.length - before, { timeout: 15_000 }).toBe(1);
  expect(gw.sent.at(-1)).toMatchObject({ number: "5511912340001", text: "Olá José! Temos imóveis novos para você." });
  await page.reload();
  await expect(page.getByTestId("count-Enviadas")).toHaveText("1");
  // the monitor says when the next one leaves and why it waits
  await expect(page.getByTestId("wait-reason")).toHaveAttribute("data-reason", /^(interval|due)$/);
  await expect(page.getByTestId("wait-reason")).toHaveText(/^(Próximo envio às \d{2}:\d{2}, respeitando o intervalo entre mensagens\.|Enviando: a próxima mensagem sai em instantes\.)$/);
  await page.getByRole("button", { name: "Pausar" }).click();
  await expect(page.getByText("Campanha pausada: nenhuma mensagem é enviada até você retomar.")).toBeVisible();
  // resuming spreads what is left from the number's next free instant: Márcia's message goes one interval
  // (less its jitter) after José's (the campaign may be over before the page is drawn, so the page is checked after the send)
  await page.getByRole("button", { name: "Retomar" }).click();
  await expect(page.getByText("Campanha pausada: nenhuma mensagem é enviada até você retomar.")).toHaveCount(0);
  await expect.poll(() => gw.sent.filter((m) => m.number === "5511912340002").length, { timeout: 30_000 }).toBe(1);
  const [jose, marcia] = ["5511912340001", "5511912340002"].map((n) => gw.sent.find((m) => m.number === n)!.at);
  expect(marcia - jose).toBeGreaterThanOrEqual(12_000 - 250);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("count-Enviadas")).toHaveText("2", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.context().close();
});

/** "9min 58s" or "1h 2min" (the monitor's countdown) in seconds. */
function countdownSeconds(text: string): number {
  const m = /(?:(\d+)h )?(\d+)min(?: (\d+)s)?/.exec(text);
  if (!m) throw new Error(`not a countdown: ${text}`);
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3] ?? 0);
}

test("with JavaScript the sender launches and the monitor lives: counts and receipts refresh, the countdown ticks, pause and resume without a reload", async ({ page }) => {
  test.setTimeout(240_000);
  await signInAs(page, ana);
  await page.clock.install(); // the page's timers on a clock the test controls (it flows until paused)
  await page.goto("/broker/whatsapp/sender");
  await ready(page, true);
  // this campaign's own sends (another test's campaign may still be sending in the background)
  const ours = () => gw.sent.filter((m) => ["5511912340101", "5511912340102"].includes(m.number));
  // a long interval: the second message stays ten minutes away while the test looks at the countdown
  await launchCampaign(page, { name: "Campanha ao vivo", message: "Oi {nome}, novidades!", preview: "Oi Luíza, novidades!", csv: "nome;telefone\r\nLuíza;(11) 91234-0101\r\nOtávio;(11) 91234-0102\r\n", loaded: 2, intervalSeconds: 600 });
  await ready(page, true);
  // one document from here on: a reload or a full navigation would lose this mark
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const sameDocument = () => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

  // live refresh: the first send and then its read receipt (the gateway's webhook) appear without a reload
  await expect.poll(() => ours().length, { timeout: 15_000 }).toBe(1);
  const first = ours()[0];
  expect(first).toMatchObject({ number: "5511912340101", text: "Oi Luíza, novidades!" });
  await expect(page.getByTestId("count-Enviadas")).toHaveText("1", { timeout: 15_000 });
  const luiza = page.getByRole("row", { name: /Luíza/ });
  await expect(luiza).toContainText("Enviada");
  const anaInstance = [...gw.instances.keys()].find((k) => k.endsWith("_ana"))!;
  const receipt = await gw.emit(anaInstance, "messages.update", { keyId: first.keyId, status: "READ" });
  expect(receipt?.status).toBe(204);
  await expect(luiza).toContainText("Lida", { timeout: 15_000 });

  // the countdown to the next send ticks with the page's clock: 5 s later it shows exactly 5 s less
  const next = page.getByRole("heading", { name: "Próximo envio" }).locator("xpath=following-sibling::p[1]");
  await page.clock.pauseAt(Date.now() + 1_000);
  const shown = countdownSeconds(await next.innerText());
  expect(shown).toBeGreaterThan(5 * 60); // about ten minutes (±20% jitter) away
  await page.clock.runFor(5_000);
  await expect.poll(async () => countdownSeconds(await next.innerText())).toBe(shown - 5);
  await page.clock.resume();

  // pause and resume as fetches: the page changes in place
  await page.getByRole("button", { name: "Pausar" }).click();
  await expect(page.getByText("Campanha pausada: nenhuma mensagem é enviada até você retomar.")).toBeVisible();
  await expect(next).toHaveText("—");
  expect(ours()).toHaveLength(1); // nothing else was due
  // resuming keeps the number's spacing (issue 25): Otávio's message waits for its slot, about ten minutes after Luíza's,
  // and the page says so by itself
  await page.getByRole("button", { name: "Retomar" }).click();
  await expect(page.getByText("Campanha pausada: nenhuma mensagem é enviada até você retomar.")).toHaveCount(0);
  await expect(page.getByTestId("wait-reason")).toHaveAttribute("data-reason", "interval", { timeout: 15_000 });
  await expect(next).not.toHaveText("—");
  expect(countdownSeconds(await next.innerText())).toBeGreaterThan(5 * 60);
  expect(ours()).toHaveLength(1);
  await expect(page.getByRole("button", { name: "Pausar" })).toBeVisible();
  // leave nothing pending for the other tests
  await page.getByRole("button", { name: "Pausar" }).click();
  await expect(page.getByRole("button", { name: "Retomar" })).toBeVisible();
  expect(await sameDocument()).toBe(true);
});

test("another broker's campaign is 'Campanha não encontrada' (404)", async ({ page }) => {
  await signInAs(page, bruno);
  expect(campaignPath).toMatch(/\/broker\/whatsapp\/campaign\/\d+/);
  const res = await page.goto(campaignPath);
  expect(res?.status()).toBe(404);
  await expect(page.getByText("Campanha não encontrada")).toBeVisible();
});

test("the monitor rides out a server restart: a notice while the server does not answer, then it refreshes again", async ({ page }) => {
  // (without JavaScript the page refreshes by its Refresh header: checked in the integration tests)
  // keep the campaign live whatever the machine's speed: one more message, due in an hour
  const id = Number(campaignPath.split("/").pop());
  await withDb(async (db) => {
    await rowsOf(db, "insert into campaign_jobs (campaign_id, lead_name, \"to\", message, fire_at, status, created_at) values (?, 'Mais um', '5511912340099', 'Oi', ?, 'scheduled', ?)", id, new Date(Date.now() + 3_600_000).toISOString(), new Date().toISOString());
    await rowsOf(db, "update campaigns set status = 'running' where id = ?", id);
  });
  await signInAs(page, ana);
  await page.goto(`${campaignPath}?every=1`);
  await ready(page, true);
  // the server goes away: /healthz does not answer
  await page.route("**/healthz", (route) => route.abort("connectionrefused"));
  await expect(page.getByText("Sem conexão com o servidor")).toBeVisible({ timeout: 10_000 });
  await page.unroute("**/healthz");
  await expect(page.getByText("Sem conexão com o servidor")).toHaveCount(0, { timeout: 10_000 });
  // the server is back: the page refreshes again (a new message shows without a reload)
  await withDb((db) => rowsOf(db, "update campaign_jobs set lead_name = 'Voltou' where campaign_id = ? and lead_name = 'Mais um'", id));
  await expect(page.getByText("Voltou").first()).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText("Erro 500")).toHaveCount(0);
});
