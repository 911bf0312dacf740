import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/modules/auth/session.server";
import { saveGatewayConfig } from "~/modules/messaging/gateway-settings.server";
import { createConnection, findConnection } from "~/modules/messaging/whatsapp-connections.server";
import { db } from "~/modules/platform/db.server";
import { action, loader } from "~/routes/resources/whatsapp-webhook";
import { makeBroker } from "../../helpers/factories";
import { routeArgs } from "../../helpers/requests";
import { unwrap } from "../../helpers/responses";
import { startFakeGateway, type FakeGateway } from "../../mocks/whatsapp-gateway";
import { optOutOf } from "~/modules/messaging/opt-out.server";
import { CAMPAIGN_MESSAGES } from "~/modules/messaging/campaign-rules";

/**
 * POST /webhooks/whatsapp/:instance (app/routes/resources/whatsapp-webhook.ts),
 * called the way the gateway calls it: each instance was created with its own
 * secret in the x-webhook-secret header. A forged event — no secret, a wrong
 * one, another instance's — changes nothing; a huge body is refused before it
 * is applied; a real 'SAIR' puts the number on the suppression list.
 */
let gw: FakeGateway;
let ana: { user: SessionUser; instance: string; secret: string };
let bia: { user: SessionUser; instance: string; secret: string };
const MAX_BODY = 256 * 1024;

async function connectedBroker(name: string) {
  const b = await makeBroker({ name });
  const user: SessionUser = { id: b.userId, email: b.email, name, role: "broker", broker: { id: b.brokerId, name, isActive: true, profileImage: null, phone: "" } };
  await createConnection(user, { name: name.toLowerCase() });
  const instance = (await findConnection(user))!.instanceName;
  // the secret the app gave the gateway when it created the instance (the app keeps only its hash)
  const secret = gw.instances.get(instance)!.webhook!.headers["x-webhook-secret"];
  expect(secret).toMatch(/.{16,}/);
  return { user, instance, secret };
}

async function leadOf(user: SessionUser, phone: string, normalized: string): Promise<number> {
  const ts = new Date("2026-11-23T13:00:00.000Z").toISOString();
  const row = await db()
    .insertInto("leads")
    .values({ name: "Lead Webhook", email: "lead@exemplo.com.br", phone, phone_normalized: normalized, message: "", broker_id: user.broker!.id, created_at: ts, updated_at: ts })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The lead's number on the suppression list (issue 25: the opt-out belongs to the number), or null. */
const optedOut = async (leadId: number) => optOutOf((await db().selectFrom("leads").select("phone").where("id", "=", leadId).executeTakeFirstOrThrow()).phone);

function post(instance: string, body: string, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost/webhooks/whatsapp/${encodeURIComponent(instance)}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
  return unwrap(() => action(routeArgs(request, { instance })));
}

const sair = (from: string) => JSON.stringify({ event: "messages.upsert", instance: "x", data: { key: { remoteJid: `${from}@s.whatsapp.net`, fromMe: false, id: "ABC" }, message: { conversation: "SAIR" } } });

beforeAll(async () => {
  gw = await startFakeGateway();
  await saveGatewayConfig({ baseUrl: gw.url, apiKey: gw.apiKey });
  ana = await connectedBroker("Ana");
  bia = await connectedBroker("Bia");
});
afterAll(() => gw.close());

describe("POST /webhooks/whatsapp/:instance", () => {
  it("answers 401 and applies nothing without the instance's own secret: missing, wrong, or another instance's", async () => {
    const lead = await leadOf(ana.user, "(11) 97777-1111", "5511977771111");
    const forged: Record<string, string>[] = [{}, { "x-webhook-secret": "" }, { "x-webhook-secret": "segredo-errado" }, { "x-webhook-secret": bia.secret }, { "x-webhook-secret": ana.secret.slice(0, -1) }];
    for (const headers of forged) {
      const r = await post(ana.instance, sair("5511977771111"), headers);
      expect(r.status, JSON.stringify(headers)).toBe(401);
    }
    // an instance that does not exist, even with a real secret
    expect((await post("user_nao_existe_main", sair("5511977771111"), { "x-webhook-secret": ana.secret })).status).toBe(401);
    expect(await optedOut(lead)).toBeNull();
  });

  it("refuses a huge body with 413, whether its length is declared or not, and applies nothing", async () => {
    const lead = await leadOf(ana.user, "(11) 97777-2222", "5511977772222");
    const auth = { "x-webhook-secret": ana.secret };
    const declared = await post(ana.instance, sair("5511977772222"), { ...auth, "content-length": String(MAX_BODY + 1) });
    expect(declared.status).toBe(413);
    // no length header: the body itself is measured (a valid event padded past the limit)
    const padded = JSON.stringify({ ...JSON.parse(sair("5511977772222")), padding: "x".repeat(MAX_BODY) });
    const actual = await post(ana.instance, padded, auth);
    expect(actual.status).toBe(413);
    expect(await optedOut(lead)).toBeNull();
    // just under the limit is read and applied
    const under = JSON.stringify({ ...JSON.parse(sair("5511977772222")), padding: "x".repeat(MAX_BODY - 1000) });
    expect((await post(ana.instance, under, auth)).status).toBe(204);
    expect(await optedOut(lead)).not.toBeNull();
  });

  it("applies a lead's 'SAIR' with the right secret: the number is on the suppression list and its pending messages cancelled, for every broker (issue 25)", async () => {
    const lead = await leadOf(ana.user, "(11) 97777-3333", "5511977773333");
    const othersLead = await leadOf(bia.user, "(11) 97777-3333", "5511977773333");
    const ts = new Date("2026-11-23T13:00:00.000Z").toISOString();
    const campaign = await db()
      .insertInto("campaigns")
      .values({ broker_id: ana.user.broker!.id, name: "LGPD", message: "Oi", timing: "{}", status: "running", launched_at: ts, created_at: ts, updated_at: ts })
      .returning("id")
      .executeTakeFirstOrThrow();
    const job = await db()
      .insertInto("campaign_jobs")
      .values({ campaign_id: campaign.id, lead_id: lead, lead_name: "Lead Webhook", to: "5511977773333", message: "Oi", fire_at: "2026-11-23T14:00:00.000Z", status: "scheduled", created_at: ts })
      .returning("id")
      .executeTakeFirstOrThrow();

    const r = await post(ana.instance, sair("5511977773333"), { "x-webhook-secret": ana.secret });
    expect(r.status).toBe(204);
    expect(await optedOut(lead)).not.toBeNull();
    expect(await optedOut(othersLead)).not.toBeNull(); // the same number: the person's wish holds for every broker
    const after = await db().selectFrom("campaign_jobs").select(["status", "error"]).where("id", "=", job.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ status: "cancelled", error: CAMPAIGN_MESSAGES.optedOut });
  });

  it("answers 415 to a body that is not JSON by its type, 400 to broken JSON, 405 to a GET", async () => {
    const auth = { "x-webhook-secret": ana.secret };
    expect((await post(ana.instance, sair("5511977774444"), { ...auth, "content-type": "text/plain" })).status).toBe(415);
    expect((await post(ana.instance, "{not json", auth)).status).toBe(400);
    const get = await unwrap(() => loader());
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
  });
});
