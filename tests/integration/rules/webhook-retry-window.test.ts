import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { encryptSecret } from "~/modules/platform/secrets.server";
import { deliverDue, enqueueEvent } from "~/modules/webhooks/delivery.server";
import { startWebhookReceiver, type WebhookReceiver } from "../../mocks/webhook-receiver";

/**
 * A failed webhook delivery is tried again for one day after its event
 * (doubling from 30 s): the try that would fall at exactly 24 h is still
 * planned, one a second later is not. And what the receiving system reads:
 * the header names of the documented signature recipe, the event of a
 * webhook saved without events. Fixed instants, `now` passed to the job.
 */
let receiver: WebhookReceiver;
const t0 = new Date("2026-11-23T12:00:00.000Z");
const DAY = 24 * 3600_000;
const SECRET = "segredo-do-receptor";

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());
beforeEach(async () => {
  await db().deleteFrom("webhooks").execute();
  receiver.received.length = 0;
  receiver.replies.length = 0;
});

async function addWebhook(events: string): Promise<number> {
  const at = t0.toISOString();
  const row = await db()
    .insertInto("webhooks")
    .values({ url: receiver.url, events, is_active: 1, allow_private: 1, secret: encryptSecret(SECRET, "webhook"), created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One queued event whose first (failing) try happens at `tryAt`; returns the delivery row after it. */
async function firstFailedTryAt(tryAt: Date) {
  await addWebhook(JSON.stringify(["novo_lead"]));
  const [id] = await enqueueEvent("novo_lead", { id: 1 }, t0);
  receiver.replies.push(500);
  expect(await deliverDue(tryAt)).toBe(1);
  return db().selectFrom("webhook_deliveries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

describe("the retry window of a webhook delivery", () => {
  it("still plans a retry that falls exactly one day after the event", async () => {
    // the first retry is 30 s after this try: t0 + 24 h exactly
    const d = await firstFailedTryAt(new Date(t0.getTime() + DAY - 30_000));
    expect(d).toMatchObject({ status: "pending", attempts: 1, last_status: 500 });
    expect(d.next_attempt_at).toBe(new Date(t0.getTime() + DAY).toISOString());
  });

  it("gives up when the retry would fall a second past that day", async () => {
    const d = await firstFailedTryAt(new Date(t0.getTime() + DAY - 29_000));
    expect(d).toMatchObject({ status: "failed", attempts: 1, last_status: 500 });
    expect(await deliverDue(new Date(t0.getTime() + 2 * DAY))).toBe(0);
  });
});

describe("what the receiving system reads", () => {
  it("signs with the X-Webhook-Signature and X-Webhook-Timestamp headers of the documented recipe", async () => {
    await addWebhook(JSON.stringify(["novo_lead"]));
    await enqueueEvent("novo_lead", { id: 2 }, t0);
    await deliverDue(t0);
    expect(receiver.received).toHaveLength(1);
    const { headers, body } = receiver.received[0];
    const timestamp = String(headers["x-webhook-timestamp"]);
    const expected = `sha256=${crypto.createHmac("sha256", SECRET).update(`${timestamp}.${body}`).digest("hex")}`;
    expect(headers["x-webhook-signature"]).toBe(expected);
  });

  it("sends novo_lead to a webhook saved before events existed (no list stored)", async () => {
    await addWebhook("");
    await enqueueEvent("novo_lead", { id: 3 }, t0);
    await deliverDue(t0);
    expect(receiver.received.map((r) => r.headers["x-webhook-event"])).toEqual(["novo_lead"]);
  });
});
