import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { createLead } from "~/modules/leads/leads.server";
import { settleLeadHooks } from "~/modules/leads/lead-hooks.server";
import { isPrivateAddress } from "~/modules/webhooks/address.server";
import { deliverDue, enqueueEvent } from "~/modules/webhooks/delivery.server";
import { RETRY_FIRST_DELAY_MS, SIGNATURE_HEADER, TIMESTAMP_HEADER, WEBHOOK_MESSAGES } from "~/modules/webhooks/webhook-rules";
import { webhookDetails } from "~/modules/webhooks/webhooks.server";
import { action as webhookAction, loader as webhookLoader } from "~/routes/admin/webhooks/webhooks";
import { loader as exportLoader } from "~/routes/admin/webhooks/export";
import { formRequest, getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { reply, unwrap } from "../../helpers/responses";
import { makeAdmin, makeBroker } from "../../helpers/factories";
import { startWebhookReceiver, type WebhookReceiver } from "../../mocks/webhook-receiver";
import type { SessionUser } from "~/modules/auth/session.server";

/** Webhooks (issue 10): signed, queued, retried delivery against a local receiver; the admin screen through its route module. */
let receiver: WebhookReceiver;
let admin = "";
let adminUser: SessionUser;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  const a = await makeAdmin();
  admin = await sessionCookie(a.id);
  adminUser = { id: a.id, email: a.email, name: "Admin", role: "admin", broker: null };
});
afterAll(() => receiver.close());
beforeEach(async () => {
  // each test starts with no webhook and an empty queue
  await db().deleteFrom("webhooks").execute();
  receiver.received.length = 0;
  receiver.replies.length = 0;
});

/** A post of /admin/webhook's forms; add and update carry the events checkbox (novo_lead) unless the test says otherwise. */
const post = (fields: Record<string, string>) => {
  const withEvents = (fields.intent === "add" || fields.intent === "update") && !("events" in fields) ? { events: "novo_lead", ...fields } : fields;
  return unwrap(() => webhookAction(routeArgs(formRequest("/admin/webhook", withEvents, { cookie: admin }))));
};
async function addReceiver(allowPrivate = true): Promise<number> {
  if (!allowPrivate) {
    // an address saved before the save-time refusal existed: delivery refuses it too
    const id = await addReceiver(true);
    await db().updateTable("webhooks").set({ allow_private: 0 }).where("id", "=", id).execute();
    return id;
  }
  const r = await post({ intent: "add", url: receiver.url, allowPrivate: "on" });
  expect(r.status).toBe(302);
  return (await db().selectFrom("webhooks").select("id").where("url", "=", receiver.url).executeTakeFirstOrThrow()).id;
}
const deliveriesOf = (webhookId: number) => db().selectFrom("webhook_deliveries").selectAll().where("webhook_id", "=", webhookId).orderBy("id").execute();

describe("delivery of novo_lead", () => {
  it("sends every new lead, signed so the receiver can verify it with the documented recipe", async () => {
    const id = await addReceiver();
    const lead = await createLead({ name: "Ana Webhook", email: "ana.webhook@exemplo.com.br", phone: "(11) 98765-4321", message: "Quero visitar <script>x</script>" });
    await settleLeadHooks();
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0];
    expect(got.method).toBe("POST");
    expect(got.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(got.headers["x-webhook-event"]).toBe("novo_lead");
    const body = JSON.parse(got.body);
    expect(body).toMatchObject({ event: "novo_lead", data: { id: lead.id, name: "Ana Webhook", email: "ana.webhook@exemplo.com.br", message: "Quero visitar <script>x</script>" } });
    // the receiver's check: HMAC-SHA256(secret, `${timestamp}.${raw body}`)
    const secret = (await webhookDetails(adminUser, id))!.secret!;
    const timestamp = String(got.headers[TIMESTAMP_HEADER.toLowerCase()]);
    const expected = `sha256=${crypto.createHmac("sha256", secret).update(`${timestamp}.${got.body}`).digest("hex")}`;
    expect(got.headers[SIGNATURE_HEADER.toLowerCase()]).toBe(expected);
    expect((await deliveriesOf(id))[0]).toMatchObject({ status: "delivered", attempts: 1, last_status: 200 });
  });

  it("retries a failure with a growing delay, then succeeds and clears the error count", async () => {
    const id = await addReceiver();
    receiver.replies.push(500, 503);
    const t0 = new Date();
    await enqueueEvent("novo_lead", { id: 1, name: "Retry" }, t0);
    await deliverDue(t0);
    let [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ status: "pending", attempts: 1, last_status: 500 });
    expect(Date.parse(d.next_attempt_at) - t0.getTime()).toBe(RETRY_FIRST_DELAY_MS);
    expect(await db().selectFrom("webhooks").select(["error_count", "last_error"]).where("id", "=", id).executeTakeFirstOrThrow()).toMatchObject({ error_count: 1, last_error: "Erro 500: Internal Server Error" });
    // not due yet: nothing is sent
    expect(await deliverDue(new Date(t0.getTime() + RETRY_FIRST_DELAY_MS - 1000))).toBe(0);
    const t1 = new Date(t0.getTime() + RETRY_FIRST_DELAY_MS);
    await deliverDue(t1);
    [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ status: "pending", attempts: 2, last_status: 503 });
    expect(Date.parse(d.next_attempt_at) - t1.getTime()).toBe(2 * RETRY_FIRST_DELAY_MS);
    await deliverDue(new Date(Date.parse(d.next_attempt_at)));
    [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ status: "delivered", attempts: 3, last_status: 200 });
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.headers["x-webhook-delivery"]))).toEqual(new Set([String(d.id)])); // the same delivery each time
    expect(await db().selectFrom("webhooks").select(["error_count", "last_error"]).where("id", "=", id).executeTakeFirstOrThrow()).toMatchObject({ error_count: 0, last_error: null });
  });

  it("gives up after a day of failures", async () => {
    const id = await addReceiver();
    receiver.replies.push(...Array(40).fill(500));
    let now = new Date();
    await enqueueEvent("novo_lead", { id: 2 }, now);
    for (let i = 0; i < 40; i += 1) {
      await deliverDue(now);
      const [d] = await deliveriesOf(id);
      if (d.status === "failed") break;
      now = new Date(Date.parse(d.next_attempt_at));
    }
    const [d] = await deliveriesOf(id);
    expect(d.status).toBe("failed");
    expect(Date.parse(d.next_attempt_at) - Date.parse(d.created_at)).toBeGreaterThan(24 * 3600_000);
    expect(d.attempts).toBeLessThan(20);
  });

  it("picks up a delivery left half-sent by a crash once its lease ends", async () => {
    const id = await addReceiver();
    const t0 = new Date();
    const [deliveryId] = await enqueueEvent("novo_lead", { id: 3 }, t0);
    await db().updateTable("webhook_deliveries").set({ status: "sending", next_attempt_at: new Date(t0.getTime() + 120_000).toISOString() }).where("id", "=", deliveryId).execute();
    expect(await deliverDue(t0)).toBe(0);
    expect(await deliverDue(new Date(t0.getTime() + 121_000))).toBe(1);
    expect((await deliveriesOf(id))[0].status).toBe("delivered");
  });

  it("refuses private-network addresses unless an admin allows them, and never retries a refusal", async () => {
    // saved before the address rule ran at save (or resolving elsewhere then): the sender still refuses
    const now = new Date().toISOString();
    const { id } = await db().insertInto("webhooks").values({ url: receiver.url, events: JSON.stringify(["novo_lead"]), is_active: 1, allow_private: 0, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow();
    await enqueueEvent("novo_lead", { id: 4 });
    await deliverDue();
    expect(receiver.received).toHaveLength(0);
    const [d] = await deliveriesOf(id);
    expect(d.status).toBe("failed");
    expect(d.last_error).toContain("endereço de rede interna (127.0.0.1)");
    // a name that resolves to a private address is refused at connection time too
    await db().updateTable("webhooks").set({ url: receiver.url.replace("127.0.0.1", "localhost") }).where("id", "=", id).execute();
    await enqueueEvent("novo_lead", { id: 5 });
    await deliverDue(new Date(Date.now() + 3600_000));
    expect(receiver.received).toHaveLength(0);
    const second = (await deliveriesOf(id))[1];
    expect(second.status).toBe("failed");
    expect(second.last_error).toMatch(/endereço de rede interna \((127\.0\.0\.1|::1)\)/);
    for (const ip of ["127.0.0.1", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.10", "169.254.169.254", "0.0.0.0", "::1", "fd00::1", "fe80::1", "::ffff:10.0.0.1", "100.64.0.1"]) expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ["8.8.8.8", "172.32.0.1", "200.147.67.142", "2001:4860:4860::8888"]) expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it("an inactive webhook receives nothing", async () => {
    const id = await addReceiver();
    await post({ intent: "deactivate", id: String(id) });
    await createLead({ name: "Sem Envio", email: "sem.envio@exemplo.com.br", phone: "(11) 91234-5678", message: "oi" });
    await settleLeadHooks();
    expect(receiver.received).toHaveLength(0);
    expect(await deliveriesOf(id)).toHaveLength(0);
  });
});

describe("/admin/webhook", () => {
  it("checks the URL with the spec's messages, beside the field, the URL typed kept", async () => {
    const cases: [string, string][] = [
      ["", WEBHOOK_MESSAGES.urlRequired],
      ["não é url", WEBHOOK_MESSAGES.urlInvalid],
      ["javascript:alert(1)", WEBHOOK_MESSAGES.urlInvalid],
      ["ftp://arquivos.exemplo.com", WEBHOOK_MESSAGES.urlInvalid],
      ["https://usuario:senha@exemplo.com/x", WEBHOOK_MESSAGES.urlInvalid],
      [`https://exemplo.com/${"a".repeat(2100)}`, "No máximo 2.000 caracteres"],
    ];
    for (const [url, message] of cases) {
      const r = await post({ intent: "add", url });
      expect(r.status, url.slice(0, 40)).toBe(400);
      expect(reply(r.data).fieldErrors).toEqual({ url: message });
      if (url) expect(reply(r.data).values).toMatchObject({ intent: "add", url });
    }
    expect(await db().selectFrom("webhooks").select("id").execute()).toHaveLength(0);
    const bogus = await post({ intent: "bogus" });
    expect(bogus.status).toBe(400);
    expect(JSON.stringify(bogus.data)).not.toMatch(/Invalid|expected/);
  });

  it("refuses an internal address when it is saved (not at send), in pt-BR, unless 'Permitir rede interna' is ticked", async () => {
    for (const url of ["http://127.0.0.1:9/x", "http://localhost:3000/hook", "http://192.168.0.10/hook", "http://[::1]:8080/", "http://169.254.169.254/latest/meta-data", "http://10.0.0.5/"]) {
      const r = await post({ intent: "add", url });
      expect(r.status, url).toBe(400);
      expect(reply(r.data).fieldErrors).toEqual({ url: WEBHOOK_MESSAGES.privateRefused });
      expect(reply(r.data).values).toMatchObject({ url });
    }
    expect(await db().selectFrom("webhooks").select("id").execute()).toHaveLength(0);
    // editing a saved webhook to an internal address is refused the same way, and nothing changes
    const id = await addReceiver();
    const r = await post({ intent: "update", id: String(id), url: "http://127.0.0.1:1/interno" });
    expect(reply(r.data).fieldErrors).toEqual({ url: WEBHOOK_MESSAGES.privateRefused });
    expect((await db().selectFrom("webhooks").select("url").where("id", "=", id).executeTakeFirstOrThrow()).url).toBe(receiver.url);
  });

  it("the events are chosen at add and edit (spec 03 §3); none or an unknown one is refused", async () => {
    const id = await addReceiver();
    const none = await post({ intent: "update", id: String(id), url: receiver.url, allowPrivate: "on", events: "" });
    expect(reply(none.data).fieldErrors).toEqual({ events: WEBHOOK_MESSAGES.eventsRequired });
    const unknown = await post({ intent: "update", id: String(id), url: receiver.url, allowPrivate: "on", events: "apagar_tudo" });
    expect(reply(unknown.data).fieldErrors).toEqual({ "events[0]": WEBHOOK_MESSAGES.eventsRequired });
    // an old row with a stored list keeps working; saving writes the chosen list
    await db().updateTable("webhooks").set({ events: "[]" }).where("id", "=", id).execute();
    expect((await post({ intent: "update", id: String(id), url: receiver.url, allowPrivate: "on", events: "novo_lead" })).status).toBe(302);
    expect((await db().selectFrom("webhooks").select("events").where("id", "=", id).executeTakeFirstOrThrow()).events).toBe('["novo_lead"]');
    const page = await unwrap(() => webhookLoader(routeArgs(getRequest(`/admin/webhook?edit=${id}`, { cookie: admin }))));
    expect(page.data).toMatchObject({ edit: { id, events: ["novo_lead"] } });
  });

  it("tests a webhook: success clears the error count, failure counts it and keeps the message", async () => {
    const id = await addReceiver();
    receiver.replies.push(500);
    const failed = await post({ intent: "test", id: String(id) });
    expect(failed.status).toBe(302);
    expect(receiver.received.at(-1)!.headers["x-webhook-test"]).toBe("true");
    expect(JSON.parse(receiver.received.at(-1)!.body)).toMatchObject({ event: "test_webhook", data: { property_id: null } });
    expect(await db().selectFrom("webhooks").select(["error_count", "last_error"]).where("id", "=", id).executeTakeFirstOrThrow()).toMatchObject({ error_count: 1, last_error: "Erro 500: Internal Server Error" });
    await post({ intent: "test", id: String(id) });
    expect(await db().selectFrom("webhooks").select(["error_count", "last_error"]).where("id", "=", id).executeTakeFirstOrThrow()).toMatchObject({ error_count: 0, last_error: null });
  });

  it("edits, lists active and inactive, exports JSON without secrets, removes", async () => {
    const id = await addReceiver();
    const moved = `${receiver.url}/novo`;
    expect((await post({ intent: "update", id: String(id), url: moved, allowPrivate: "on" })).status).toBe(302);
    expect(receiver.received.at(-1)).toMatchObject({ method: "HEAD" }); // the new address was probed first
    const page = await unwrap(() => webhookLoader(routeArgs(getRequest(`/admin/webhook?details=${id}`, { cookie: admin }))));
    expect(page.data).toMatchObject({ hooks: [{ id, url: moved, events: ["novo_lead"] }], details: { id } });
    const exported = (await exportLoader(routeArgs(getRequest("/admin/webhook/export.json", { cookie: admin })))) as Response;
    const json = await exported.json();
    expect(json).toMatchObject({ total: 1, webhooks: [{ url: moved, events: ["novo_lead"], is_active: true }] });
    expect(typeof json.exportedAt).toBe("string");
    expect(JSON.stringify(json)).not.toContain("secret");
    expect((await post({ intent: "delete", id: String(id) })).status).toBe(302);
    expect(await db().selectFrom("webhooks").select("id").execute()).toHaveLength(0);
  });

  it("an edit to an address that does not answer asks to confirm, and saves only that address when confirmed", async () => {
    const id = await addReceiver();
    const dead = "http://127.0.0.1:1/webhook"; // nothing listens on port 1
    const asked = await post({ intent: "update", id: String(id), url: dead, allowPrivate: "on" });
    expect(asked.status).toBe(409);
    expect(reply(asked.data).values).toMatchObject({ url: dead, intent: "update", allowPrivate: "on" });
    expect(String((asked.data as unknown as { probe: string }).probe)).toMatch(/^A URL não respondeu ao teste \(.+\)\. Deseja salvar mesmo assim\?$/);
    const stored = () => db().selectFrom("webhooks").select("url").where("id", "=", id).executeTakeFirstOrThrow();
    expect((await stored()).url).toBe(receiver.url);
    // a confirmation given for another address does not count: that one is probed too
    expect((await post({ intent: "update", id: String(id), url: "http://127.0.0.1:1/outro", allowPrivate: "on", confirmedUrl: dead })).status).toBe(409);
    expect((await stored()).url).toBe(receiver.url);
    expect((await post({ intent: "update", id: String(id), url: dead, allowPrivate: "on", confirmedUrl: dead })).status).toBe(302);
    expect((await stored()).url).toBe(dead);
    // a 404 there counts as no answer; an endpoint that only refuses HEAD (405) is there
    receiver.replies.push(404);
    expect((await post({ intent: "update", id: String(id), url: receiver.url, allowPrivate: "on" })).status).toBe(409);
    receiver.replies.push(405);
    expect((await post({ intent: "update", id: String(id), url: receiver.url, allowPrivate: "on" })).status).toBe(302);
  });

  it("is for admins only", async () => {
    const broker = await sessionCookie((await makeBroker()).userId);
    const r = await unwrap(() => webhookAction(routeArgs(formRequest("/admin/webhook", { intent: "add", url: "https://x.exemplo.com" }, { cookie: broker }))));
    expect(r.status).toBe(302);
    expect(r.location).toMatch(/^\/login/);
    expect(await db().selectFrom("webhooks").select("id").execute()).toHaveLength(0);
  });
});
