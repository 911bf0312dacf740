import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/modules/platform/db.server";
import { encryptSecret } from "~/modules/platform/secrets.server";
import { deliverDue, enqueueEvent, eventsOf, postSigned, probeWebhookUrl } from "~/modules/webhooks/delivery.server";
import { startWebhookReceiver, type ReceivedRequest, type WebhookAnswer, type WebhookReceiver } from "../../mocks/webhook-receiver";

/**
 * What a webhook delivery makes of the receiver's answer, and what it sends.
 * A 2xx delivers (200 to 299), anything else fails with the status line
 * ('Erro 300: Multiple Choices', printable ASCII, 60 characters at most). A
 * delivery being sent is leased for 2 minutes and taken again when the lease
 * ends. A test of an address before it is saved ('probe') fails only on no
 * answer, 404, 410 or 5xx. A scripted local receiver answers as each test says.
 */
let receiver: WebhookReceiver;
let url = "";
let got: ReceivedRequest[] = [];
let answer: WebhookAnswer = () => [200];

beforeAll(async () => {
  receiver = await startWebhookReceiver({ answer: (request) => answer(request) });
  url = receiver.url;
});
afterAll(() => receiver.close());
beforeEach(async () => {
  await db().deleteFrom("webhook_deliveries").execute();
  await db().deleteFrom("webhooks").execute();
  receiver.received.length = 0;
  got = receiver.received;
  answer = () => [200];
});

const t0 = new Date("2026-11-23T12:00:00.000Z");
async function queued(): Promise<{ webhookId: number; deliveryId: number }> {
  const at = t0.toISOString();
  const hook = await db()
    .insertInto("webhooks")
    .values({ url, events: JSON.stringify(["novo_lead"]), is_active: 1, allow_private: 1, secret: encryptSecret("segredo", "webhook"), created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  const [deliveryId] = await enqueueEvent("novo_lead", { id: 7 }, t0);
  return { webhookId: hook.id, deliveryId };
}
const delivery = (id: number) => db().selectFrom("webhook_deliveries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("the receiver's answer", () => {
  for (const [status, reason, outcome] of [
    [200, undefined, "delivered"],
    [299, undefined, "delivered"],
    [300, undefined, "Erro 300: Multiple Choices"],
    [500, "Açúcar é bom mas falhou " + "x".repeat(80), `Erro 500: Acar  bom mas falhou ${"x".repeat(39)}`],
    [502, "", "Erro 502"],
  ] as const) {
    it(`${status}${reason ? " with a long non-ASCII reason" : reason === "" ? " without a reason" : ""}: ${outcome}`, async () => {
      const { webhookId, deliveryId } = await queued();
      answer = () => [status, reason];
      expect(await deliverDue(t0)).toBe(1);
      const d = await delivery(deliveryId);
      const hook = await db().selectFrom("webhooks").select(["error_count", "last_error"]).where("id", "=", webhookId).executeTakeFirstOrThrow();
      if (outcome === "delivered") {
        expect(d).toMatchObject({ status: "delivered", attempts: 1, last_status: status, last_error: null });
        expect(hook).toEqual({ error_count: 0, last_error: null });
      } else {
        expect(d).toMatchObject({ status: "pending", attempts: 1, last_status: status, last_error: outcome });
        expect(hook).toEqual({ error_count: 1, last_error: outcome });
      }
    });
  }
});

describe("the lease of a delivery being sent", () => {
  it("is 2 minutes from the try: while the receiver has it the row is 'sending', due again at that time", async () => {
    const { deliveryId } = await queued();
    let seen: { status: string; next_attempt_at: string } | undefined;
    answer = async () => {
      seen = await db().selectFrom("webhook_deliveries").select(["status", "next_attempt_at"]).where("id", "=", deliveryId).executeTakeFirstOrThrow();
      return [200];
    };
    await deliverDue(t0);
    expect(seen).toEqual({ status: "sending", next_attempt_at: new Date(t0.getTime() + 120_000).toISOString() });
  });

  it("a delivery left 'sending' is not taken a millisecond before its lease ends, and is taken at that instant", async () => {
    const { deliveryId } = await queued();
    const end = new Date(t0.getTime() + 120_000);
    await db().updateTable("webhook_deliveries").set({ status: "sending", next_attempt_at: end.toISOString() }).where("id", "=", deliveryId).execute();
    expect(await deliverDue(new Date(end.getTime() - 1))).toBe(0);
    expect(await deliverDue(end)).toBe(1);
    expect((await delivery(deliveryId)).status).toBe("delivered");
  });
});

describe("what is sent", () => {
  it("names the sender and the body's length; signs only with a secret; names the delivery only when there is one", async () => {
    const body = JSON.stringify({ event: "novo_lead", data: { nome: "João" } });
    expect(await postSigned({ url, body, secret: null, event: "novo_lead", allowPrivate: true })).toEqual({ ok: true, status: 200, error: null });
    expect(await postSigned({ url, body, secret: "s", event: "novo_lead", deliveryId: 9, allowPrivate: true })).toMatchObject({ ok: true });
    const [unsigned, signed] = got;
    expect(unsigned.headers).toMatchObject({ "user-agent": "LarImoveis-Webhooks/1.0", "content-length": String(Buffer.byteLength(body)), "x-webhook-event": "novo_lead" });
    expect(unsigned.headers["x-webhook-signature"]).toBeUndefined();
    expect(unsigned.headers["x-webhook-delivery"]).toBeUndefined();
    expect(signed.headers["x-webhook-signature"]).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(signed.headers["x-webhook-delivery"]).toBe("9");
    expect(unsigned.body).toBe(body);
  });

  it("stamps the time in whole seconds since 1970, the stamp the signature covers", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date(t0.getTime() + 999));
      await postSigned({ url, body: "{}", secret: "s", event: "novo_lead", allowPrivate: true });
    } finally {
      vi.useRealTimers();
    }
    expect(got[0].headers["x-webhook-timestamp"]).toBe(String(t0.getTime() / 1000));
  });

  it("an address that is not an http(s) URL is refused before anything is sent", async () => {
    for (const bad of ["não é url", "ftp://127.0.0.1/x", "file:///etc/passwd"]) {
      expect(await postSigned({ url: bad, body: "{}", secret: null, event: "novo_lead", allowPrivate: true })).toEqual({ ok: false, status: null, error: "URL inválida" });
    }
    expect(got).toHaveLength(0);
  });
});

describe("the test of an address before it is saved", () => {
  for (const [status, ok] of [
    [200, true],
    [405, true],
    [401, true],
    [499, true],
    [404, false],
    [410, false],
    [500, false],
    [503, false],
  ] as const) {
    it(`an answer ${status} ${ok ? "passes: something is there" : "fails"}`, async () => {
      answer = () => [status];
      expect(await probeWebhookUrl(url, true)).toEqual(ok ? { ok: true, detail: null } : { ok: false, detail: `Erro ${status}` });
      expect(got.at(-1)).toMatchObject({ method: "HEAD", headers: { "user-agent": "LarImoveis-Webhooks/1.0" } });
    });
  }

  it("no answer at all fails with the connection's reason", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const r = await probeWebhookUrl(`http://127.0.0.1:${port}/x`, true);
    expect(r.ok).toBe(false);
    expect(r.detail).toMatch(/^Não foi possível conectar ao endpoint: /);
  });
});

describe("the events a webhook listens to", () => {
  it("a JSON list keeps its strings; anything else stored means novo_lead, or a comma-separated list from before JSON", () => {
    expect(eventsOf(JSON.stringify(["novo_lead", 3, "lead_atualizado"]))).toEqual(["novo_lead", "lead_atualizado"]);
    expect(eventsOf("{}")).toEqual(["novo_lead"]);
    expect(eventsOf("")).toEqual(["novo_lead"]);
    expect(eventsOf("novo_lead, lead_atualizado")).toEqual(["novo_lead", "lead_atualizado"]);
  });
});
