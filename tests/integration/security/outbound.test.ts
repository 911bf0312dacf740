import dns from "node:dns";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/modules/platform/db.server";
import { addressRange, allowTestReceiver, guardedLookup, isPublicAddress } from "~/modules/webhooks/address.server";
import { deliverDue, enqueueEvent, postSigned } from "~/modules/webhooks/delivery.server";
import { WEBHOOK_MESSAGES } from "~/modules/webhooks/webhook-rules";
import { gatewayFormSchema } from "~/modules/messaging/gateway-form";
import { action as webhookAction } from "~/routes/admin/webhooks/webhooks";
import { formRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { reply, unwrap } from "../../helpers/responses";
import { makeAdmin } from "../../helpers/factories";
import { startWebhookReceiver, type WebhookReceiver } from "../../mocks/webhook-receiver";

/**
 * Outbound calls stay outside (issue 23): the address rule of
 * webhooks/address.server.ts, every spelling of a loopback address, names
 * resolved at connection time, refusal at save, no retry of a refusal, and
 * the admin sees a status line, never the body of the answer.
 */
let receiver: WebhookReceiver;
let port = "";
let admin = "";

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  port = new URL(receiver.url).port;
  admin = await sessionCookie((await makeAdmin()).id);
});
afterAll(() => receiver.close());
beforeEach(async () => {
  allowTestReceiver(null);
  await db().deleteFrom("webhook_deliveries").execute();
  await db().deleteFrom("webhooks").execute();
  receiver.received.length = 0;
  receiver.replies.length = 0;
});
afterEach(() => {
  vi.restoreAllMocks();
});

// every add/edit subscribes to the one event there is (the form's checkbox)
const post = (fields: Record<string, string>) => unwrap(() => webhookAction(routeArgs(formRequest("/admin/webhook", { events: "novo_lead", ...fields }, { cookie: admin }))));
/** Every message of a reply of the form pipeline, whole-form and beside fields. */
const messages = (data: unknown) => {
  const r = reply(data);
  return [...r.formErrors, ...Object.values(r.fieldErrors)];
};
const loopbackSpellings = () => [
  `http://127.0.0.1:${port}/h`,
  `http://[::ffff:127.0.0.1]:${port}/h`,
  `http://[::ffff:7f00:1]:${port}/h`,
  `http://[0:0:0:0:0:ffff:127.0.0.1]:${port}/h`,
  `http://[::127.0.0.1]:${port}/h`,
  `http://[::7f00:1]:${port}/h`,
  `http://[::1]:${port}/h`,
  `http://0x7f.1:${port}/h`,
  `http://2130706433:${port}/h`,
  `http://localhost:${port}/h`,
];

describe("the address rule", () => {
  it("refuses every internal range and every IPv6 form that carries an IPv4 address", () => {
    const internal = {
      "127.0.0.1": "loopback",
      "10.0.0.1": "private",
      "172.16.5.4": "private",
      "192.168.0.1": "private",
      "100.64.0.1": "carrierGradeNat",
      "169.254.169.254": "linkLocal",
      "0.1.2.3": "unspecified",
      "224.0.0.1": "multicast",
      "255.255.255.255": "broadcast",
      "192.0.2.1": "reserved",
      "::1": "loopback",
      "::": "unspecified",
      "::ffff:127.0.0.1": "ipv4Mapped",
      "::ffff:7f00:1": "ipv4Mapped",
      "::ffff:8.8.8.8": "ipv4Mapped",
      "::7f00:1": "ipv4Compatible",
      "64:ff9b::7f00:1": "rfc6052",
      "64:ff9b:1::1": "rfc6052",
      "2002:7f00:1::": "6to4",
      "2001::1": "teredo",
      "fe80::1": "linkLocal",
      "fe80::1%eth0": "linkLocal",
      "fd12:3456::1": "uniqueLocal",
      "ff02::1": "multicast",
      "2001:db8::1": "reserved",
      "100::1": "discard",
      "4000::1": "notGlobalUnicast",
      "não é endereço": "invalid",
    };
    for (const [ip, range] of Object.entries(internal)) {
      expect(addressRange(ip), ip).toBe(range);
      expect(isPublicAddress(ip), ip).toBe(false);
    }
    for (const ip of ["8.8.8.8", "200.147.67.142", "172.32.0.1", "2001:4860:4860::8888", "[2606:4700::1111]"]) expect(isPublicAddress(ip), ip).toBe(true);
  });

  it("checks every address a name resolves to, at connection time: one internal address among public ones is enough to refuse", async () => {
    vi.spyOn(dns, "lookup").mockImplementation(((_host: string, _options: unknown, callback: (e: null, a: dns.LookupAddress[]) => void) =>
      callback(null, [
        { address: "93.184.216.34", family: 4 },
        { address: "::ffff:10.0.0.5", family: 6 },
      ])) as never);
    const outcome = await new Promise<{ error: Error | null }>((resolve) => guardedLookup(false)("rebind.exemplo.com", { all: true }, (error) => resolve({ error })));
    expect(outcome.error?.message).toBe("endereço de rede interna (::ffff:10.0.0.5)");
    // with 'Permitir rede interna' it is the admin's choice
    const allowed = await new Promise<{ error: Error | null }>((resolve) => guardedLookup(true)("rebind.exemplo.com", { all: true }, (error) => resolve({ error })));
    expect(allowed.error).toBeNull();
  });

  it("the test-only allowance names one receiver (127.0.0.1 and its port), and nothing outside tests", async () => {
    const send = (url: string) => postSigned({ url, body: "{}", secret: null, event: "x", allowPrivate: false });
    expect((await send(receiver.url)).refused).toBe(true);
    allowTestReceiver(Number(port));
    expect((await send(receiver.url)).ok).toBe(true);
    // another port, or the same port spelt as an IPv4-mapped address, is still refused
    expect((await send(`http://127.0.0.1:${Number(port) + 1}/h`)).refused).toBe(true);
    expect((await send(`http://[::ffff:127.0.0.1]:${port}/h`)).refused).toBe(true);
    const env = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      expect((await send(receiver.url)).refused).toBe(true);
    } finally {
      process.env.NODE_ENV = env;
    }
    expect(receiver.received).toHaveLength(1);
  });
});

describe("lead webhooks", () => {
  it("refuse an internal address at save with a pt-BR message, in every spelling, unless 'Permitir rede interna' is on", async () => {
    for (const url of loopbackSpellings()) {
      const r = await post({ intent: "add", url });
      expect(r.status, url).toBe(400);
      expect(messages(r.data), url).toContain(WEBHOOK_MESSAGES.privateRefused);
    }
    expect(await db().selectFrom("webhooks").select("id").execute()).toHaveLength(0);
    expect((await post({ intent: "add", url: receiver.url, allowPrivate: "on" })).status).toBe(302);
    const { id } = await db().selectFrom("webhooks").select("id").executeTakeFirstOrThrow();
    // an edit to an internal address without the switch is refused too (before any probe is sent)
    const edit = await post({ intent: "update", id: String(id), url: `http://[::ffff:7f00:1]:${port}/h`, confirmedUrl: `http://[::ffff:7f00:1]:${port}/h` });
    expect(messages(edit.data)).toContain(WEBHOOK_MESSAGES.privateRefused);
    expect(receiver.received).toHaveLength(0);
  });

  it("never send to a mapped loopback address: 'Testar' and novo_lead events reach nothing, and a refusal is not retried", async () => {
    const now = new Date().toISOString();
    for (const url of loopbackSpellings()) {
      await db().deleteFrom("webhooks").execute();
      const { id } = await db().insertInto("webhooks").values({ url, events: JSON.stringify(["novo_lead"]), is_active: 1, allow_private: 0, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow();
      const tested = await post({ intent: "test", id: String(id) });
      expect(tested.status, url).toBe(302);
      const t0 = new Date();
      await enqueueEvent("novo_lead", { id: 1, name: "Lead", email: "lead@exemplo.com.br" }, t0);
      await deliverDue(t0);
      const [d] = await db().selectFrom("webhook_deliveries").selectAll().where("webhook_id", "=", id).execute();
      expect(d, url).toMatchObject({ status: "failed", attempts: 1, last_status: null });
      expect(d.last_error, url).toMatch(/^endereço de rede interna/);
      expect(await deliverDue(new Date(t0.getTime() + 3 * 3600_000)), url).toBe(0);
    }
    expect(receiver.received).toHaveLength(0);
  });

  it("show the admin the answer's status line, never its body", async () => {
    expect((await post({ intent: "add", url: receiver.url, allowPrivate: "on" })).status).toBe(302);
    const { id } = await db().selectFrom("webhooks").select("id").executeTakeFirstOrThrow();
    receiver.replies.push(500, 404);
    await post({ intent: "test", id: String(id) });
    const row = await db().selectFrom("webhooks").select(["last_error"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.last_error).toBe("Erro 500: Internal Server Error");
    await enqueueEvent("novo_lead", { id: 2 });
    await deliverDue();
    const [d] = await db().selectFrom("webhook_deliveries").selectAll().where("webhook_id", "=", id).execute();
    expect(d.last_error).toBe("Erro 404: Not Found");
    expect(JSON.stringify(await db().selectFrom("webhooks").selectAll().execute())).not.toContain("indisponível");
  });
});

describe("the WhatsApp gateway's own rule", () => {
  it("accepts a local Evolution API, refuses link-local (metadata), multicast and reserved addresses", () => {
    const parse = (baseUrl: string) => gatewayFormSchema.safeParse({ baseUrl, apiKey: "chave-de-teste" }).success;
    for (const url of ["http://127.0.0.1:8080", "http://localhost:8080", "http://10.0.0.5:8080", "http://evolution:8080", "https://api.exemplo.com.br", "http://[::1]:8080"]) expect(parse(url), url).toBe(true);
    for (const url of ["http://169.254.169.254/latest/meta-data", "http://[::ffff:169.254.169.254]/", "http://[fe80::1]/", "http://224.0.0.1/", "http://0.0.0.0:8080", "http://255.255.255.255/"]) expect(parse(url), url).toBe(false);
  });
});
