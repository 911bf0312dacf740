import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readToast } from "~/modules/auth/toast.server";
import { loadDraft, saveDraftDetails } from "~/modules/messaging/campaigns.server";
import { recordOptOut } from "~/modules/messaging/opt-out.server";
import { WA_TOASTS } from "~/modules/messaging/whatsapp-forms";
import { GATEWAY_MESSAGES } from "~/modules/messaging/gateway-form";
import { gatewayConfig, saveGatewayConfig } from "~/modules/messaging/gateway-settings.server";
import { applyGatewayEvent } from "~/modules/messaging/gateway-events.server";
import { TIMING_MESSAGES } from "~/modules/messaging/timing";
import { createConnection, findConnection } from "~/modules/messaging/whatsapp-connections.server";
import { WA_MESSAGES } from "~/modules/messaging/whatsapp-labels";
import { db } from "~/modules/platform/db.server";
import { ROULETTE_MESSAGES } from "~/modules/roulette/roulette-rules";
import { action as adminRouletteAction } from "~/routes/admin/roulette";
import { action as gatewayAction } from "~/routes/admin/whatsapp";
import { action as senderAction } from "~/routes/broker/messaging/sender";
import { action as emailAction } from "~/routes/broker/messaging/email";
import { EMAIL_TEST_MESSAGES, smtpSettingsSchema } from "~/modules/messaging/smtp-settings";
import { saveSmtpSettings } from "~/modules/messaging/smtp-settings.server";
import { action as whatsappAction, loader as whatsappLoader } from "~/routes/broker/messaging/whatsapp";
import { formRequest, getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { reply, unwrap } from "../../helpers/responses";
import { makeAdmin } from "../../helpers/factories";
import { startFakeGateway, type FakeGateway } from "../../mocks/whatsapp-gateway";
import { brokerUser, connectedBroker, insertLead } from "./campaign-helpers";

/**
 * Issue 22 for messaging and the roulette: every form answers through the
 * one pipeline, with pt-BR messages beside the fields and what was typed
 * back (the reply the page renders with JavaScript on and off).
 */
let gw: FakeGateway;
let adminCookie: string;
beforeAll(async () => {
  gw = await startFakeGateway();
  adminCookie = await sessionCookie((await makeAdmin()).id);
});
afterAll(async () => {
  await gw.close();
});

const ENGLISH = /too (small|big)|expected|invalid (option|input)|required|limit reached/i;
function expectPtBr(r: ReturnType<typeof reply>) {
  for (const m of [...r.formErrors, ...Object.values(r.fieldErrors)]) expect(m).not.toMatch(ENGLISH);
}

describe("campaign sender", () => {
  it("an interval of 5 s answers the pt-BR minimum beside the field and keeps everything typed", async () => {
    await saveGatewayConfig({ baseUrl: gw.url, apiKey: gw.apiKey });
    const user = await brokerUser();
    const cookie = await sessionCookie(user.id);
    const id = await saveDraftDetails(user, { name: "Intervalo", message: "Oi" });
    const fields = { intent: "launch", startTime: "08:30", endTime: "17:45", intervalSeconds: "5", weekday1: "on", weekday3: "on" };
    const r = await unwrap(() => senderAction(routeArgs(formRequest(`/broker/whatsapp/sender?c=${id}&step=4`, fields, { cookie }))));
    expect(r.status).toBe(400);
    const got = reply(r.data);
    expect(got.fieldErrors).toEqual({ intervalSeconds: TIMING_MESSAGES.intervalMin });
    expect(got.values).toMatchObject(fields);
    expectPtBr(got);
  });

  it("a window that ends before it starts, no weekday, and a tampered intent: pt-BR only", async () => {
    const user = await brokerUser();
    const cookie = await sessionCookie(user.id);
    const id = await saveDraftDetails(user, { name: "Janela", message: "Oi" });
    const bad = await unwrap(() => senderAction(routeArgs(formRequest(`/broker/whatsapp/sender?c=${id}&step=4`, { intent: "save", startTime: "18:00", endTime: "09:00", intervalSeconds: "abc" }, { cookie }))));
    const got = reply(bad.data);
    expect(got.fieldErrors.intervalSeconds).toBe(TIMING_MESSAGES.interval);
    expect(got.values).toMatchObject({ startTime: "18:00", endTime: "09:00", intervalSeconds: "abc" });
    expectPtBr(got);
    const tampered = await unwrap(() => senderAction(routeArgs(formRequest(`/broker/whatsapp/sender?c=${id}`, { intent: "<script>" }, { cookie }))));
    expect(tampered.status).toBe(400);
    expectPtBr(reply(tampered.data));
  });

  it("a CSV with an unclosed quote names its line beside the file field and keeps the draft", async () => {
    const user = await brokerUser();
    const cookie = await sessionCookie(user.id);
    const id = await saveDraftDetails(user, { name: "CSV", message: "Oi" });
    const body = new FormData();
    body.set("intent", "csv");
    body.set("file", new File(['nome,telefone\nAna,(11) 98765-4321\n"Bia,(11) 98765-0000\n'], "leads.csv", { type: "text/csv" }));
    const request = new Request(`http://localhost/broker/whatsapp/sender?c=${id}&step=3`, { method: "POST", headers: { Cookie: cookie, "x-client-ip": "127.0.0.1" }, body });
    const r = await unwrap(() => senderAction(routeArgs(request)));
    expect(r.status).toBe(400);
    expect(reply(r.data).fieldErrors.file).toMatch(/linha 3/);
  });
});

describe("gateway settings (/admin/whatsapp)", () => {
  it("refuses at save a URL on a port Node's fetch refuses (4190), keeping the URL typed and never echoing the key", async () => {
    const before = await gatewayConfig();
    const r = await unwrap(() => gatewayAction(routeArgs(formRequest("/admin/whatsapp", { intent: "save", baseUrl: "http://gateway.example:4190", apiKey: "uma-chave-secreta" }, { cookie: adminCookie }))));
    expect(r.status).toBe(400);
    const got = reply(r.data);
    expect(got.fieldErrors.baseUrl).toBe(GATEWAY_MESSAGES.badPort(4190));
    expect(got.values.baseUrl).toBe("http://gateway.example:4190");
    expect(JSON.stringify(r.data)).not.toContain("uma-chave-secreta");
    expect(await gatewayConfig()).toEqual(before);
    // a usual port is saved
    const ok = await unwrap(() => gatewayAction(routeArgs(formRequest("/admin/whatsapp", { intent: "save", baseUrl: gw.url, apiKey: gw.apiKey }, { cookie: adminCookie }))));
    expect(ok.status).toBe(302);
  });
});

describe("WhatsApp connection (/broker/whatsapp)", () => {
  it("a name without letters or digits answers the spec's message with the name and number typed back", async () => {
    await saveGatewayConfig({ baseUrl: gw.url, apiKey: gw.apiKey });
    const user = await brokerUser();
    const cookie = await sessionCookie(user.id);
    const r = await unwrap(() => whatsappAction(routeArgs(formRequest("/broker/whatsapp", { intent: "create", name: "!!!", number: "(11) 98765-4321" }, { cookie }))));
    expect(r.status).toBe(400);
    const got = reply(r.data);
    expect(got.fieldErrors.name).toBe(WA_MESSAGES.nameRequired);
    expect(got.values).toMatchObject({ name: "!!!", number: "(11) 98765-4321" });
  });

  it("the gateway's 'QR code limit reached' reaches the broker in pt-BR", async () => {
    await saveGatewayConfig({ baseUrl: gw.url, apiKey: gw.apiKey });
    const user = await brokerUser();
    await createConnection(user, { name: "limite" });
    const c = (await findConnection(user))!;
    await applyGatewayEvent(c.instanceName, { event: "qrcode.updated", data: { message: "QR code limit reached, please login again", statusCode: 500 } });
    expect((await findConnection(user))!).toMatchObject({ status: "error", lastError: WA_MESSAGES.qrLimit });
    await applyGatewayEvent(c.instanceName, { event: "connection.update", data: { state: "refused", statusReason: 500 } });
    expect((await findConnection(user))!.lastError).not.toMatch(ENGLISH);
  });
});

describe("admin roulette (/admin/roleta)", () => {
  const post = (fields: Record<string, string>) => unwrap(() => adminRouletteAction(routeArgs(formRequest("/admin/roleta", fields, { cookie: adminCookie }))));

  it("a bad time keeps every automatic setting typed, with the spec's message beside the field", async () => {
    const fields = { intent: "save-automatic", enabled: "on", time: "25:00", presenceStart: "06:15", presenceEnd: "09:10", webhookEnabled: "on" };
    const got = reply((await post(fields)).data);
    expect(got.fieldErrors.time).toBe(ROULETTE_MESSAGES.invalidTimes);
    expect(got.values).toMatchObject(fields);
    const inverted = reply((await post({ ...fields, time: "09:30", presenceStart: "10:00", presenceEnd: "09:00" })).data);
    expect(inverted.fieldErrors.presenceEnd).toBe(ROULETTE_MESSAGES.invalidTimes);
    expect(inverted.values).toMatchObject({ presenceStart: "10:00", presenceEnd: "09:00" });
  });

  it("a bad webhook URL keeps the URL typed; 'Testar' without a URL asks for one", async () => {
    const got = reply((await post({ intent: "save-webhook", url: "ftp://nao-serve", enabled: "on" })).data);
    expect(got.fieldErrors.url).toBe(ROULETTE_MESSAGES.webhookUrlInvalid);
    expect(got.values).toMatchObject({ url: "ftp://nao-serve", enabled: "on" });
    expect(reply((await post({ intent: "test-webhook", url: "" })).data).fieldErrors.url).toBe(ROULETTE_MESSAGES.webhookTestNeedsUrl);
  });

  it("'Testar autenticação' answers '✅ Autenticação OK'", async () => {
    const r = await post({ intent: "auth-test" });
    expect(r.status).toBe(302);
    expect(r.location).toBe("/admin/roleta?tab=sorteio");
  });
});

describe("lead picker and pairing", () => {
  it("'selecionar todos' takes every own lead with a phone (the search applied), never an opted-out number", async () => {
    const { user } = await connectedBroker(gw);
    const cookie = await sessionCookie(user.id);
    for (let i = 0; i < 12; i++) await insertLead(user, `Todos ${i}`, `(11) 9612${String(i).padStart(2, "0")}-0000`);
    await insertLead(user, "Outro nome", "(11) 96199-0000");
    await recordOptOut("(11) 96100-0000", {});
    const id = await saveDraftDetails(user, { name: "Todos", message: "Oi" });
    const r = await unwrap(() => senderAction(routeArgs(formRequest(`/broker/whatsapp/sender?c=${id}&step=3`, { intent: "pick-all", q: "Todos" }, { cookie }))));
    expect(r.status).toBe(302);
    const draft = await loadDraft(user, id);
    expect(draft.leads).toHaveLength(12);
    expect(draft.leads.map((l) => l.phone)).not.toContain("(11) 96100-0000");
  });

  it("while pairing, the page refreshes every 4 s without JavaScript, and once connected goes back with 'WhatsApp conectado!'", async () => {
    await saveGatewayConfig({ baseUrl: gw.url, apiKey: gw.apiKey });
    const user = await brokerUser();
    const cookie = await sessionCookie(user.id);
    await createConnection(user, { name: "pareando" });
    const waiting = await unwrap(() => whatsappLoader(routeArgs(getRequest("/broker/whatsapp?qr=1", { cookie }))));
    expect(waiting.headers.get("Refresh")).toBe("4");
    const { instanceName } = (await findConnection(user))!;
    await gw.pair(instanceName);
    // the next poll, 4 s later (checks closer than 3 s apart reuse the last answer)
    await db().updateTable("whatsapp_connections").set({ last_status_check: new Date(Date.now() - 4000).toISOString() }).where("instance_name", "=", instanceName).execute();
    const done = await unwrap(() => whatsappLoader(routeArgs(getRequest("/broker/whatsapp?qr=1", { cookie }))));
    expect(done.status).toBe(302);
    expect(done.location).toBe("/broker/whatsapp");
    const toast = await readToast(new Request("http://localhost/broker/whatsapp", { headers: { Cookie: done.headers.get("Set-Cookie")!.split(";")[0] } }));
    expect(toast.toast).toMatchObject({ type: "success", message: WA_TOASTS.connected });
  });
});

describe("SMTP test page (/broker/email)", () => {
  const post = (cookie: string, fields: Record<string, string>) => unwrap(() => emailAction(routeArgs(formRequest("/broker/email", fields, { cookie }))));

  it("a bad recipient answers beside the field with the subject and text typed back", async () => {
    const user = await brokerUser();
    const cookie = await sessionCookie(user.id);
    const fields = { intent: "send", to: "não é e-mail", subject: "Assunto digitado", text: "Texto digitado" };
    const r = await post(cookie, fields);
    expect(r.status).toBe(400);
    const got = reply(r.data);
    expect(got.fieldErrors.to).toBe("Informe um e-mail válido");
    expect(got.values).toMatchObject(fields);
    expect(reply((await post(cookie, { intent: "send", to: "" })).data).fieldErrors.to).toBe("Informe o destinatário (to).");
  });

  it("a failed send says why and keeps everything typed; 'Testar conexão' without SMTP says so", async () => {
    const user = await brokerUser();
    const cookie = await sessionCookie(user.id);
    expect(reply((await post(cookie, { intent: "verify" })).data).formErrors).toEqual([EMAIL_TEST_MESSAGES.noSmtp]);
    // an SMTP server that refuses the connection
    const dead = smtpSettingsSchema.parse({ smtp_host: "127.0.0.1", smtp_port: "9", smtp_secure: "", smtp_username: "ana", smtp_password: "senha", smtp_from_email: "ana@larimoveis.com.br", smtp_from_name: "Ana" });
    await saveSmtpSettings(user, dead);
    const fields = { intent: "send", to: "cliente@exemplo.com.br", subject: "Proposta", text: "Segue a proposta." };
    const r = await post(cookie, fields);
    expect(r.status).toBe(502);
    const got = reply(r.data);
    expect(got.formErrors[0]).toMatch(/^Falha ao enviar email: /);
    expect(got.values).toMatchObject(fields);
  }, 30_000);
});
