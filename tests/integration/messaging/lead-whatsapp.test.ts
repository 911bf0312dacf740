import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/modules/auth/session.server";
import { saveGatewayConfig } from "~/modules/messaging/gateway-settings.server";
import { sendWhatsappToLead, whatsappHistoryOf } from "~/modules/messaging/lead-whatsapp.server";
import { createConnection, findConnection, refreshConnection } from "~/modules/messaging/whatsapp-connections.server";
import { LEAD_WHATSAPP_MESSAGES } from "~/modules/messaging/whatsapp-labels";
import { db } from "~/modules/platform/db.server";
import { makeBroker } from "../../helpers/factories";
import { formRequest, getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { reply, unwrap } from "../../helpers/responses";
import { action as leadPageAction, loader as leadPageLoader } from "~/routes/broker/leads/lead";
import { startFakeGateway, type FakeGateway } from "../../mocks/whatsapp-gateway";

let gw: FakeGateway;
beforeAll(async () => {
  gw = await startFakeGateway();
  await saveGatewayConfig({ baseUrl: gw.url, apiKey: gw.apiKey });
});
afterAll(() => gw.close());

async function broker(): Promise<SessionUser> {
  const b = await makeBroker({ name: "Bia" });
  return { id: b.userId, email: b.email, name: "Bia", role: "broker", broker: { id: b.brokerId, name: "Bia", isActive: true, profileImage: null, phone: "" } };
}
async function lead(brokerId: string, phone: string): Promise<number> {
  const ts = new Date().toISOString();
  return (await db().insertInto("leads").values({ name: "Lead", email: "l@x.com", phone, phone_normalized: null, message: "", broker_id: brokerId, created_at: ts, updated_at: ts }).returning("id").executeTakeFirstOrThrow()).id;
}
async function connect(user: SessionUser) {
  await createConnection(user, { name: "lead" });
  const c = (await findConnection(user))!;
  await gw.pair(c.instanceName);
  await refreshConnection(user, new Date(), true);
}

describe("WhatsApp from the lead page", () => {
  it("checks message, phone and connection with the spec's messages", async () => {
    const user = await broker();
    const noPhone = await lead(user.broker!.id, "");
    const withPhone = await lead(user.broker!.id, "(11) 98765-4321");
    await expect(sendWhatsappToLead(user, withPhone, "   ")).rejects.toThrow(LEAD_WHATSAPP_MESSAGES.messageRequired);
    await expect(sendWhatsappToLead(user, noPhone, "Oi")).rejects.toThrow(LEAD_WHATSAPP_MESSAGES.noPhone);
    await expect(sendWhatsappToLead(user, withPhone, "Oi")).rejects.toThrow(LEAD_WHATSAPP_MESSAGES.notConnected);
  });

  it("falls back to the number without the ninth digit and records the send on the lead", async () => {
    const user = await broker();
    await connect(user);
    const id = await lead(user.broker!.id, "(11) 98765-4321");
    gw.registered = new Set(["551187654321"]);
    try {
      expect(await sendWhatsappToLead(user, id, "Olá! Veja https://site.com/foto.jpg")).toEqual({ to: "551187654321" });
      expect(gw.sent.at(-1)).toMatchObject({ number: "551187654321", media: "https://site.com/foto.jpg", caption: "Olá! Veja" });
      const history = await whatsappHistoryOf(id);
      expect(history[0]).toMatchObject({ to: "551187654321", kind: "image" });
    } finally {
      gw.registered = new Set();
    }
  });

  it("lists every try when no form of the number has WhatsApp", async () => {
    const user = await broker();
    await connect(user);
    const id = await lead(user.broker!.id, "(21) 99876-5432");
    gw.registered = new Set(["5500000000000"]);
    try {
      await expect(sendWhatsappToLead(user, id, "Oi")).rejects.toThrow("Tentativas: 5521998765432, 552198765432.");
      expect(await whatsappHistoryOf(id)).toHaveLength(0);
    } finally {
      gw.registered = new Set();
    }
  });

  it("hides another broker's lead (404) and sends nothing", async () => {
    const owner = await broker();
    const other = await broker();
    await connect(other);
    const id = await lead(owner.broker!.id, "(11) 98765-4321");
    const before = gw.sent.length;
    await expect(sendWhatsappToLead(other, id, "Oi")).rejects.toSatisfy((e: unknown) => (e as { init?: { status?: number } })?.init?.status === 404);
    expect(gw.sent.length).toBe(before);
  });

  it("works through the lead page's form: errors in pt-BR keep the text, a send lands in the lead's history", async () => {
    const user = await broker();
    const cookie = await sessionCookie(user.id);
    const id = await lead(user.broker!.id, "(11) 98765-4321");
    const post = (message: string) => unwrap(() => leadPageAction(routeArgs(formRequest(`/broker/lead/${id}`, { intent: "whatsapp", message }, { cookie }), { id: String(id) })));

    const notConnected = await post("Olá <b>Lead</b>");
    expect(notConnected.status).toBe(400);
    expect(reply(notConnected.data)).toMatchObject({ formErrors: [LEAD_WHATSAPP_MESSAGES.notConnected], values: { message: "Olá <b>Lead</b>" } });

    await connect(user);
    const page = await unwrap(() => leadPageLoader(routeArgs(getRequest(`/broker/lead/${id}`, { cookie }), { id: String(id) })));
    expect(page.data).toMatchObject({ whatsapp: "connected", whatsappSent: [] });

    const empty = await post("   ");
    expect(empty.status).toBe(400);
    expect(reply(empty.data).fieldErrors).toMatchObject({ message: LEAD_WHATSAPP_MESSAGES.messageRequired });
    const huge = await post("x".repeat(5000));
    expect(huge.status).toBe(400);

    gw.registered = new Set(["5511987654321"]);
    try {
      const before = gw.sent.length;
      const sent = await post("Olá! Podemos falar sobre o imóvel?");
      expect(sent.status).toBe(302);
      expect(sent.location).toBe(`/broker/lead/${id}#acoes`);
      expect(gw.sent.length).toBe(before + 1);
      expect(gw.sent.at(-1)).toMatchObject({ number: "5511987654321", text: "Olá! Podemos falar sobre o imóvel?" });
      const after = await unwrap(() => leadPageLoader(routeArgs(getRequest(`/broker/lead/${id}`, { cookie }), { id: String(id) })));
      expect(after.data && "whatsappSent" in after.data ? after.data.whatsappSent.map((m) => m.body) : null).toEqual(["Olá! Podemos falar sobre o imóvel?"]);
    } finally {
      gw.registered = new Set();
    }
  });

  it("a broker cannot send through another broker's lead page (404, nothing sent)", async () => {
    const owner = await broker();
    const other = await broker();
    await connect(other);
    const id = await lead(owner.broker!.id, "(11) 98765-4321");
    const before = gw.sent.length;
    const r = await unwrap(() => leadPageAction(routeArgs(formRequest(`/broker/lead/${id}`, { intent: "whatsapp", message: "Oi" }, { cookie: "" }), { id: String(id) })));
    expect(r.status).toBeGreaterThanOrEqual(300); // no session: sent to the login
    const cookie = await sessionCookie(other.id);
    const refused = await unwrap(() => leadPageAction(routeArgs(formRequest(`/broker/lead/${id}`, { intent: "whatsapp", message: "Oi" }, { cookie }), { id: String(id) })));
    expect(refused.status).toBe(404);
    expect(gw.sent.length).toBe(before);
  });
});
