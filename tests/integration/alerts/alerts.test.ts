import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { resetConfigCache } from "~/modules/platform/config.server";
import { resetRateLimits, RATE_LIMIT_MESSAGE } from "~/modules/auth/rate-limit.server";
import { alertCounts } from "~/modules/alerts/alerts.server";
import { MAX_ITEMS, runAlertDigest } from "~/modules/alerts/alert-job.server";
import { registeredJobs } from "~/modules/platform/jobs.server";
import { action as subscribeAction } from "~/routes/public/alerts";
import { action as confirmAction, loader as confirmLoader } from "~/routes/public/alert-confirm";
import { action as cancelAction, loader as cancelLoader } from "~/routes/public/alert-cancel";
import { loader as adminLeadsLoader } from "~/routes/admin/contacts";
import { formRequest, getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { reply, unwrap } from "../../helpers/responses";
import { makeAdmin, makeBroker, makeProperty } from "../../helpers/factories";
import { parseEml } from "../../mocks/eml";
import { startSmtpServer } from "../../mocks/smtp-server";

/** The suite's real SMTP server: what the alerts send, as smtp.received. */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  resetConfigCache();
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  resetConfigCache();
  await smtp.close();
});

beforeEach(() => resetRateLimits());

let ip = 0;
const mailsTo = (email: string) => smtp.received.filter((r) => r.to.includes(email)).map((r) => ({ ...parseEml(r.raw), raw: r.raw }));
/** The unfolded value of a raw header. */
const header = (raw: string, name: string) => new RegExp(`^${name}:\\s*(.+(?:\\r?\\n[ \\t].+)*)`, "im").exec(raw)?.[1].replace(/\r?\n[ \t]+/g, " ") ?? null;

async function post(fields: Record<string, string>) {
  ip += 1;
  return unwrap(() => subscribeAction(routeArgs(formRequest("/alertas", fields, { ip: `10.9.0.${ip}` }))));
}

async function subscribeAndConfirm(email: string, query: string, extra: Record<string, string> = {}, now = new Date()) {
  const r = await post({ email, frequency: "daily", path: "/imoveis", query, ...extra });
  expect(r.status).toBe(302);
  const mail = mailsTo(email).at(-1)!;
  const token = /\/alertas\/confirmar\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
  const done = await unwrap(() => confirmAction(routeArgs(formRequest(`/alertas/confirmar/${token}`, {}), { token })));
  expect(done.data).toMatchObject({ confirmed: true });
  const alert = await db().selectFrom("search_alerts").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
  // the clock of the tests: confirmed at `now`
  await db().updateTable("search_alerts").set({ confirmed_at: now.toISOString(), last_run_at: now.toISOString() }).where("id", "=", alert.id).execute();
  return { ...alert, token };
}

/** 2026-03-02 (a Monday) at hh:mm in São Paulo (UTC−3). */
const at = (day: number, hh: number, mm = 0) => new Date(Date.UTC(2026, 2, day, hh + 3, mm));

describe("subscribing: double opt-in", () => {
  it("saves the search as pending, mails a confirmation link with List-Unsubscribe, creates no lead yet", async () => {
    const leadsBefore = (await db().selectFrom("leads").select("id").execute()).length;
    const r = await post({ email: "Ana@Exemplo.com.br", frequency: "weekly", path: "/imoveis", query: "?city=Campinas&bedrooms=2&page=3&sort=price_asc" });
    expect(r.status).toBe(302);
    expect(r.location).toBe("/alertas?enviado=1");
    const row = await db().selectFrom("search_alerts").selectAll().where("email", "=", "ana@exemplo.com.br").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "pending", frequency: "weekly", path: "/imoveis", query: "?city=Campinas&bedrooms=2", lead_id: null });
    const mails = mailsTo("ana@exemplo.com.br");
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Confirme seu alerta de imóveis – Lar Imóveis");
    const token = /\/alertas\/confirmar\/([A-Za-z0-9_-]+)/.exec(mails[0].text)![1];
    expect(token.length).toBeGreaterThanOrEqual(22); // 128 bits, base64url
    expect(row.confirm_token_hash).not.toContain(token); // stored hashed
    expect(header(mails[0].raw, "List-Unsubscribe")).toBe(`<http://localhost:3000/alertas/cancelar/${row.unsubscribe_token}>`.replace("http://localhost:3000", process.env.PUBLIC_URL ?? "http://localhost:3000"));
    expect(header(mails[0].raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect((await db().selectFrom("leads").select("id").execute()).length).toBe(leadsBefore);
  });

  it("the same e-mail and search twice is one alert (a new link, no duplicate row)", async () => {
    await post({ email: "dup@exemplo.com.br", frequency: "daily", path: "/alugar", query: "?city=Santos" });
    await post({ email: "dup@exemplo.com.br", frequency: "weekly", path: "/alugar", query: "?city=Santos&page=2" });
    const rows = await db().selectFrom("search_alerts").selectAll().where("email", "=", "dup@exemplo.com.br").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].frequency).toBe("weekly");
  });

  it("two identical posts at the same moment make one alert", async () => {
    const fields = { email: "twin@exemplo.com.br", frequency: "daily", path: "/imoveis", query: "?city=Sorocaba" };
    const results = await Promise.all([post(fields), post(fields)]);
    expect(results.map((r) => r.status)).toEqual([302, 302]);
    expect(await db().selectFrom("search_alerts").select("id").where("email", "=", "twin@exemplo.com.br").execute()).toHaveLength(1);
  });

  it("refuses bad input with pt-BR messages beside the fields, keeps what was typed, saves and sends nothing", async () => {
    const before = smtp.received.length;
    let r = await post({ email: "", frequency: "", path: "/imoveis", query: "" });
    expect(r.status).toBe(400);
    expect(reply(r.data).fieldErrors).toMatchObject({ email: "Por favor, informe seu e-mail", frequency: "Escolha a frequência dos e-mails" });
    r = await post({ email: "x@y.com'); DROP TABLE search_alerts;--", frequency: "hourly", path: "/imoveis", query: "?city=<script>" });
    expect(reply(r.data).fieldErrors).toMatchObject({ email: "Informe um e-mail válido", frequency: "Escolha a frequência dos e-mails" });
    expect(reply(r.data).values).toMatchObject({ email: "x@y.com'); DROP TABLE search_alerts;--", query: "?city=<script>" });
    r = await post({ email: "ok@exemplo.com.br", frequency: "daily", path: "/admin", query: "" });
    expect(reply(r.data).formErrors).toEqual(["Não foi possível ler a busca. Volte à lista de imóveis e tente novamente."]);
    expect(await db().selectFrom("search_alerts").select("id").where("email", "in", ["ok@exemplo.com.br", "x@y.com'); drop table search_alerts;--"]).execute()).toHaveLength(0);
    expect(smtp.received.length).toBe(before);
  });

  it("limits a flood of posts from one address", async () => {
    let last = 0;
    for (let i = 0; i < 40 && last !== 429; i++) {
      const r = await unwrap(() => subscribeAction(routeArgs(formRequest("/alertas", { email: "", frequency: "daily", path: "/imoveis" }, { ip: "10.8.8.8" }))));
      last = r.status;
      if (last === 429) expect(reply(r.data).formErrors).toEqual([RATE_LIMIT_MESSAGE]);
    }
    expect(last).toBe(429);
  });

  it("a failed confirmation e-mail saves nothing and says so in pt-BR", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:1?ignoreTLS=true&connectionTimeout=1000";
    resetConfigCache();
    try {
      const r = await post({ email: "falha@exemplo.com.br", frequency: "daily", path: "/imoveis", query: "" });
      expect(r.status).toBe(502);
      expect(reply(r.data).formErrors).toEqual(["Não foi possível enviar o e-mail de confirmação agora. Tente novamente em alguns minutos."]);
      expect(await db().selectFrom("search_alerts").select("id").where("email", "=", "falha@exemplo.com.br").execute()).toHaveLength(0);
    } finally {
      process.env.SMTP_URL = smtp.url;
      resetConfigCache();
    }
  });
});

describe("confirming", () => {
  it("GET only asks; POST activates and creates one 'alerta' lead routed to the visitor's broker; a second click does nothing", async () => {
    const broker = await makeBroker();
    await post({ email: "conf@exemplo.com.br", name: "Carla", frequency: "daily", path: "/imoveis", query: "?city=Campinas", ref: broker.brokerId });
    const token = /\/alertas\/confirmar\/([A-Za-z0-9_-]+)/.exec(mailsTo("conf@exemplo.com.br")[0].text)![1];
    const page = await unwrap(() => confirmLoader(routeArgs(getRequest(`/alertas/confirmar/${token}`), { token })));
    expect(page.data?.alert?.email).toBe("conf@exemplo.com.br");
    expect((await db().selectFrom("search_alerts").select("status").where("email", "=", "conf@exemplo.com.br").executeTakeFirstOrThrow()).status).toBe("pending");

    const done = await unwrap(() => confirmAction(routeArgs(formRequest(`/alertas/confirmar/${token}`, {}), { token })));
    expect(done.data).toMatchObject({ confirmed: true });
    const alert = await db().selectFrom("search_alerts").selectAll().where("email", "=", "conf@exemplo.com.br").executeTakeFirstOrThrow();
    expect(alert.status).toBe("active");
    expect(alert.broker_id).toBe(broker.brokerId);
    const lead = await db().selectFrom("leads").selectAll().where("id", "=", alert.lead_id!).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ source: "alerta", email: "conf@exemplo.com.br", name: "Carla", broker_id: broker.brokerId });
    expect(lead.message).toContain("Campinas");

    const again = await unwrap(() => confirmAction(routeArgs(formRequest(`/alertas/confirmar/${token}`, {}), { token })));
    expect(again.data).toMatchObject({ confirmed: false });
    expect(await db().selectFrom("leads").select("id").where("email", "=", "conf@exemplo.com.br").execute()).toHaveLength(1);
  });

  it("an unknown or malformed token is refused", async () => {
    for (const token of ["AAAAAAAAAAAAAAAAAAAAAA", "../../etc", "' or 1=1 --"]) {
      const r = await unwrap(() => confirmAction(routeArgs(formRequest(`/alertas/confirmar/x`, {}), { token })));
      expect(r.data).toMatchObject({ confirmed: false });
    }
  });
});

describe("the digest job (fixed clock)", () => {
  it("is registered", () => {
    expect(registeredJobs().map((j) => j.name)).toContain("alert-digest");
  });

  it("sends nothing to a pending alert", async () => {
    const city = "Pendentópolis";
    await makeProperty({ city, created_at: at(1, 12).toISOString(), purpose: "sale", price: 500000 });
    await post({ email: "pend@exemplo.com.br", frequency: "daily", path: "/imoveis", query: `?city=${city}` });
    const before = mailsTo("pend@exemplo.com.br").length;
    await makeProperty({ city, created_at: at(3, 12).toISOString(), purpose: "sale", price: 400000 });
    await runAlertDigest(at(20, 9));
    expect(mailsTo("pend@exemplo.com.br").length).toBe(before);
  });

  it("daily: not before 08:00 the next day, then new listings with the broker's ref; never the same twice", async () => {
    const city = "Diariópolis";
    const broker = await makeBroker();
    const old = await makeProperty({ city, created_at: at(1, 10).toISOString(), purpose: "sale", price: 300000 });
    const email = "daily@exemplo.com.br";
    await subscribeAndConfirm(email, `?city=${city}`, { ref: broker.brokerId }, at(2, 20));
    await runAlertDigest(at(2, 21)); // first run notes the prices
    const fresh = await makeProperty({ city, created_at: at(2, 22).toISOString(), purpose: "sale", price: 450000, title: "Casa nova em Diariópolis" });
    const before = mailsTo(email).length;
    await runAlertDigest(at(3, 7, 59));
    expect(mailsTo(email).length).toBe(before);
    await runAlertDigest(at(3, 8, 0));
    const mails = mailsTo(email);
    expect(mails.length).toBe(before + 1);
    const digest = mails.at(-1)!;
    expect(digest.subject).toBe("1 novidade na sua busca de imóveis");
    expect(digest.text).toContain("Casa nova em Diariópolis");
    expect(digest.text).toContain(`/imovel/${fresh.slug}?ref=${broker.brokerId}`);
    expect(digest.text).not.toContain(old.slug);
    expect(digest.text).toMatch(/Cancelar o alerta: .+\/alertas\/cancelar\//);
    expect(header(digest.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    await runAlertDigest(at(4, 8, 0));
    await runAlertDigest(at(5, 9, 0));
    expect(mailsTo(email).length).toBe(before + 1);
  });

  it("weekly: nothing six days on at 07:59, the news at 08:00 of the seventh day", async () => {
    const city = "Semanópolis";
    const email = "weekly@exemplo.com.br";
    const alert = await subscribeAndConfirm(email, `?city=${city}`, {}, at(2, 8, 0));
    await db().updateTable("search_alerts").set({ frequency: "weekly" }).where("id", "=", alert.id).execute();
    await makeProperty({ city, created_at: at(3, 12).toISOString(), purpose: "sale", price: 200000 });
    const before = mailsTo(email).length;
    await runAlertDigest(at(4, 8, 0));
    await runAlertDigest(at(9, 7, 59));
    expect(mailsTo(email).length).toBe(before);
    await runAlertDigest(at(9, 8, 0));
    expect(mailsTo(email).length).toBe(before + 1);
  });

  it("price drops since the last e-mail are told once per lower price; at most 10 per message", async () => {
    const city = "Baixópolis";
    const email = "drops@exemplo.com.br";
    const props = [];
    for (let i = 0; i < 3; i++) props.push(await makeProperty({ city, created_at: at(1, 10 + i).toISOString(), purpose: "sale", price: 500000 + i, rent_price: 0, title: `Apto ${i} em Baixópolis` }));
    await subscribeAndConfirm(email, `?city=${city}`, {}, at(2, 9));
    await runAlertDigest(at(2, 9, 30)); // notes today's prices; not due yet
    await db().updateTable("properties").set({ price: 420000 }).where("id", "=", props[0].id).execute();
    await db().updateTable("properties").set({ price: 600000 }).where("id", "=", props[1].id).execute(); // a rise is no news
    for (let i = 0; i < 11; i++) await makeProperty({ city, created_at: at(2, 12, i).toISOString(), purpose: "sale", price: 300000 + i, title: `Novo ${i} em Baixópolis` });
    const before = mailsTo(email).length;
    await runAlertDigest(at(3, 8));
    const digest = mailsTo(email).at(-1)!;
    expect(mailsTo(email).length).toBe(before + 1);
    const listed = digest.text.split("\n").filter((l) => l.startsWith("• "));
    expect(listed).toHaveLength(MAX_ITEMS);
    expect(digest.subject).toBe("12 novidades na sua busca de imóveis");
    expect(digest.text).toContain("E mais 2 imóveis.");
    expect(digest.text).toContain("Preço reduzido: de R$ 500.000 por R$ 420.000");
    expect(digest.text).not.toContain("Apto 1 em Baixópolis");

    // the same price is not told again; a further drop is
    await runAlertDigest(at(4, 8));
    expect(mailsTo(email).length).toBe(before + 1);
    await db().updateTable("properties").set({ price: 400000 }).where("id", "=", props[0].id).execute();
    await runAlertDigest(at(4, 12)); // notes the drop
    await runAlertDigest(at(5, 8));
    const next = mailsTo(email).at(-1)!;
    expect(mailsTo(email).length).toBe(before + 2);
    expect(next.text).toContain("Preço reduzido: de R$ 420.000 por R$ 400.000");
  });
});

describe("unsubscribing", () => {
  it("GET shows a page with a button; the RFC 8058 one-click POST cancels; nothing is sent after", async () => {
    const city = "Cancelópolis";
    const email = "bye@exemplo.com.br";
    const alert = await subscribeAndConfirm(email, `?city=${city}`, {}, at(2, 9));
    const token = alert.unsubscribe_token;
    const page = await unwrap(() => cancelLoader(routeArgs(getRequest(`/alertas/cancelar/${token}`), { token })));
    expect(page.data?.alert).toMatchObject({ email, cancelled: false });
    expect((await db().selectFrom("search_alerts").select("status").where("id", "=", alert.id).executeTakeFirstOrThrow()).status).toBe("active");

    const oneClick = new Request(`http://localhost/alertas/cancelar/${token}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    const done = await unwrap(() => cancelAction(routeArgs(oneClick, { token })));
    expect(done.data).toEqual({ cancelled: true });
    expect((await db().selectFrom("search_alerts").select("status").where("id", "=", alert.id).executeTakeFirstOrThrow()).status).toBe("cancelled");

    await makeProperty({ city, created_at: at(2, 12).toISOString(), purpose: "sale", price: 100000 });
    const before = mailsTo(email).length;
    await runAlertDigest(at(3, 8));
    expect(mailsTo(email).length).toBe(before);

    const unknown = await unwrap(() => cancelAction(routeArgs(formRequest("/alertas/cancelar/x", {}), { token: "nao-existe-nao-existe" })));
    expect(unknown.data).toEqual({ cancelled: false });
  });

  it("the admin's counts reflect active, pending and cancelled alerts", async () => {
    const counts = await alertCounts();
    expect(counts.active).toBeGreaterThan(0);
    expect(counts.pending).toBeGreaterThan(0);
    expect(counts.cancelled).toBeGreaterThan(0);
    const admin = await makeAdmin();
    const adminCookie = await sessionCookie(admin.id);
    const page = await unwrap(() => adminLeadsLoader(routeArgs(getRequest("/admin/contacts", { cookie: adminCookie }))));
    expect(page.data?.alerts).toEqual(counts);
    // a broker never gets the admin's screen
    const broker = await makeBroker();
    const brokerCookie = await sessionCookie(broker.userId);
    const refused = await unwrap(() => adminLeadsLoader(routeArgs(getRequest("/admin/contacts", { cookie: brokerCookie }))));
    expect(refused.data?.alerts).toBeUndefined();
  });
});
