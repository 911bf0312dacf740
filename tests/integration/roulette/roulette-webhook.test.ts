import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DeliveryLog } from "~/components/webhooks/delivery-log";
import { db } from "~/modules/platform/db.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { readToast } from "~/modules/auth/toast.server";
import { ROULETTE_MESSAGES, ROULETTE_WEBHOOK_KEY } from "~/modules/roulette/roulette-rules";
import { manualDraw } from "~/modules/roulette/draw.server";
import { registerPresence } from "~/modules/roulette/presence.server";
import { runAutomaticNow } from "~/modules/roulette/automatic.server";
import { saveRouletteSettings } from "~/modules/roulette/settings.server";
import { rouletteWebhookDeliveries, saveRouletteWebhook, testRouletteWebhook } from "~/modules/roulette/webhook.server";
import { deliverDue, enqueueEvent } from "~/modules/webhooks/delivery.server";
import { allowTestReceiver } from "~/modules/webhooks/address.server";
import { RETRY_FIRST_DELAY_MS, SIGNATURE_HEADER, WEBHOOK_MESSAGES } from "~/modules/webhooks/webhook-rules";
import { webhookDetails } from "~/modules/webhooks/webhooks.server";
import { action as adminAction, loader as adminLoader } from "~/routes/admin/roulette";
import { formRequest, getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { reply, run, unwrap } from "../../helpers/responses";
import { makeAdmin, makeBroker } from "../../helpers/factories";
import { startWebhookReceiver, type WebhookReceiver } from "../../mocks/webhook-receiver";

/**
 * The roulette webhook's draw notices go through the webhook delivery queue
 * (issue 10): queued, tried at once, retried by the job, logged on
 * /admin/roleta. The roulette webhook never allows internal addresses, and
 * the local receiver listens on 127.0.0.1: the address rule's explicit
 * test-only allowance names that one receiver (127.0.0.1 and its port);
 * with it off, the refusal holds (last tests).
 */

const at = (iso: string) => new Date(iso);
const T0 = at("2026-11-23T12:40:00Z"); // 09:40 in São Paulo, after the presence window
let receiver: WebhookReceiver;
let admin: SessionUser;
/** A session made at the test's own clock (a session started on another day could have expired at T0). */
const adminCookie = () => sessionCookie(admin.id);

async function brokerUser(): Promise<SessionUser> {
  const b = await makeBroker();
  return { id: b.userId, email: b.email, name: "Corretor", role: "broker", broker: { id: b.brokerId, name: "Corretor", isActive: true, profileImage: null, phone: "" } };
}
async function twoPresent(): Promise<void> {
  for (let i = 0; i < 2; i += 1) await registerPresence(await brokerUser(), at("2026-11-23T11:10:00Z"));
}
/**
 * The route's draw reads the clock: only Date is set to T0 (timers, sockets
 * and the receiver run as usual), so the presence registered on T0's morning
 * is within the draw's 24 hours whatever day the tests run.
 */
function atT0(): void {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
}
afterEach(() => {
  vi.useRealTimers();
});
const rouletteRows = () => db().selectFrom("webhook_deliveries").selectAll().where("setting_key", "=", ROULETTE_WEBHOOK_KEY).orderBy("id").execute();

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  const a = await makeAdmin();
  admin = { id: a.id, email: a.email, name: "Admin", role: "admin", broker: null };
});
afterAll(async () => {
  allowTestReceiver(null);
  await receiver.close();
});
beforeEach(async () => {
  allowTestReceiver(Number(new URL(receiver.url).port));
  await db().deleteFrom("webhook_deliveries").execute();
  await db().deleteFrom("webhooks").execute();
  await db().deleteFrom("roleta_registrations").execute();
  await db().deleteFrom("automatic_roulette_settings").execute();
  await saveRouletteWebhook(admin, { url: receiver.url, enabled: true });
  receiver.received.length = 0;
  receiver.replies.length = 0;
});

describe("a draw's notice goes through the delivery queue", () => {
  it("is queued and tried at once; a 500 is retried by the job, and the log shows 2 attempts, delivered", async () => {
    await twoPresent();
    receiver.replies.push(500);
    const { results, webhook } = await manualDraw(admin, T0);
    expect(results).toHaveLength(2);
    // the admin is told at once, and that it will be retried
    expect(webhook).toEqual({ ok: false, message: ROULETTE_MESSAGES.webhookWillRetry(500) });
    expect(receiver.received).toHaveLength(1);

    const [row] = await rouletteRows();
    // the setting row of spec 03 §3 (roleta_webhook), as older databases hold it
    expect(row).toMatchObject({ webhook_id: null, setting_key: "roleta_webhook", event: "roleta_draw_completed", status: "pending", attempts: 1, last_status: 500 });
    expect(row.next_attempt_at).toBe(new Date(T0.getTime() + RETRY_FIRST_DELAY_MS).toISOString());

    // not due yet, then due
    expect(await deliverDue(new Date(T0.getTime() + RETRY_FIRST_DELAY_MS - 1000))).toBe(0);
    expect(await deliverDue(new Date(T0.getTime() + RETRY_FIRST_DELAY_MS))).toBe(1);
    expect(receiver.received).toHaveLength(2);

    const log = await rouletteWebhookDeliveries();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ event: "roleta_draw_completed", status: "delivered", attempts: 2, last_error: null });
    const html = renderToStaticMarkup(createElement(DeliveryLog, { deliveries: log }));
    expect(html).toContain("Entregue");
    expect(html).toContain("2 tentativas");
    expect(html).toContain("roleta_draw_completed");

    // the same body both times: the spec's JSON, unsigned, with the event header
    const [first, second] = receiver.received;
    expect(second.body).toBe(first.body);
    expect(second.headers["x-webhook-event"]).toBe("roleta_draw_completed");
    expect(second.headers[SIGNATURE_HEADER.toLowerCase()]).toBeUndefined();
    const body = JSON.parse(second.body);
    expect(body).toMatchObject({ event: "roleta_draw_completed", total_participants: 2, execution_type: "manual", timestamp: T0.toISOString() });
    expect(body.classification.map((c: { position: number }) => c.position)).toEqual([1, 2]);
  });

  it("a success at once says 'Webhook enviado' in the draw's toast, and the webhook tab lists the delivery in pt-BR", async () => {
    atT0();
    await twoPresent();
    const cookie = await adminCookie();
    const r = await run(() => adminAction(routeArgs(formRequest("/admin/roleta", { intent: "draw" }, { cookie }))));
    expect(r.response!.status).toBe(302);
    const flash = r.response!.headers.getSetCookie().find((c) => c.startsWith("__flash="))!.split(";")[0];
    const { toast } = await readToast(getRequest("/admin/roleta?tab=resultados", { cookie: flash }));
    expect(toast).toMatchObject({ type: "success", message: `${ROULETTE_MESSAGES.drawDone(2)} ${ROULETTE_MESSAGES.webhookSent}` });
    expect(await rouletteRows()).toMatchObject([{ status: "delivered", attempts: 1 }]);

    const page = await unwrap(() => adminLoader(routeArgs(getRequest("/admin/roleta?tab=webhook", { cookie }))));
    expect(page.data!.deliveries).toMatchObject([{ event: "roleta_draw_completed", status: "delivered", attempts: 1 }]);
  });

  it("the toast of a failed notice says it will be retried", async () => {
    atT0();
    await twoPresent();
    receiver.replies.push(503);
    const cookie = await adminCookie();
    const r = await run(() => adminAction(routeArgs(formRequest("/admin/roleta", { intent: "draw" }, { cookie }))));
    const flash = r.response!.headers.getSetCookie().find((c) => c.startsWith("__flash="))!.split(";")[0];
    const { toast } = await readToast(getRequest("/admin/roleta?tab=resultados", { cookie: flash }));
    expect(toast).toMatchObject({ type: "info", message: `${ROULETTE_MESSAGES.drawDone(2)} ${ROULETTE_MESSAGES.webhookWillRetry(503)}` });
  });

  it("a webhook switched off (or left without a URL) before the retry abandons the row with the reason", async () => {
    await twoPresent();
    receiver.replies.push(500);
    await manualDraw(admin, T0);
    await saveRouletteWebhook(admin, { url: receiver.url, enabled: false });
    expect(await deliverDue(new Date(T0.getTime() + RETRY_FIRST_DELAY_MS))).toBe(1);
    expect(await rouletteRows()).toMatchObject([{ status: "failed", attempts: 1, last_error: WEBHOOK_MESSAGES.abandonedDisabled }]);
    expect(renderToStaticMarkup(createElement(DeliveryLog, { deliveries: await rouletteWebhookDeliveries() }))).toContain(WEBHOOK_MESSAGES.abandonedDisabled);
    expect(receiver.received).toHaveLength(1);
    // never tried again
    expect(await deliverDue(new Date(T0.getTime() + 3600_000))).toBe(0);

    await saveRouletteWebhook(admin, { url: receiver.url, enabled: true });
    await twoPresent();
    receiver.replies.push(500);
    await manualDraw(admin, T0);
    await saveRouletteWebhook(admin, { url: "", enabled: false });
    await deliverDue(new Date(T0.getTime() + RETRY_FIRST_DELAY_MS));
    expect((await rouletteRows())[1]).toMatchObject({ status: "failed", last_error: WEBHOOK_MESSAGES.abandonedNoUrl });
  });

  it("a switched-off webhook is not queued at all", async () => {
    await saveRouletteWebhook(admin, { url: receiver.url, enabled: false });
    await twoPresent();
    expect((await manualDraw(admin, T0)).webhook).toBeNull();
    expect(await rouletteRows()).toHaveLength(0);
  });

  it("the automatic draw follows its own switch ('Enviar o webhook'), also for retries", async () => {
    await saveRouletteWebhook(admin, { url: receiver.url, enabled: false }); // the tab's 'Ativo' off: the automatic switch decides
    await saveRouletteSettings(admin, { enabled: true, time: "09:30", webhookEnabled: true, presenceStart: "05:00", presenceEnd: "09:30" });
    await twoPresent();
    receiver.replies.push(500);
    const { webhook } = await runAutomaticNow(admin, T0);
    expect(webhook).toEqual({ ok: false, message: ROULETTE_MESSAGES.webhookWillRetry(500) });
    expect(await deliverDue(new Date(T0.getTime() + RETRY_FIRST_DELAY_MS))).toBe(1);
    expect(await rouletteRows()).toMatchObject([{ event: "automatic_roulette_completed", status: "delivered", attempts: 2 }]);
    expect(JSON.parse(receiver.received[1].body)).toMatchObject({ event: "automatic_roulette_completed", execution_type: "automatic" });

    // the automatic switch turned off before the retry: abandoned
    await twoPresent();
    receiver.replies.push(500);
    await runAutomaticNow(admin, T0);
    await saveRouletteSettings(admin, { enabled: true, time: "09:30", webhookEnabled: false, presenceStart: "05:00", presenceEnd: "09:30" });
    await deliverDue(new Date(T0.getTime() + RETRY_FIRST_DELAY_MS));
    expect((await rouletteRows())[1]).toMatchObject({ status: "failed", last_error: WEBHOOK_MESSAGES.abandonedDisabled });
  });

  it("'Testar' posts at once, unqueued, to the URL typed (not the saved one), and answers with the result", async () => {
    await saveRouletteWebhook(admin, { url: "https://saved.example.invalid/hook", enabled: true });
    receiver.replies.push(500);
    expect(await testRouletteWebhook(admin, receiver.url, T0)).toEqual({ ok: false, message: ROULETTE_MESSAGES.webhookError(500) });
    const cookie = await adminCookie();
    const r = await unwrap(() => adminAction(routeArgs(formRequest("/admin/roleta", { intent: "test-webhook", url: receiver.url }, { cookie }))));
    expect(r.status).toBe(302);
    expect(receiver.received.map((q) => q.headers["x-webhook-event"])).toEqual(["roleta_webhook_test", "roleta_webhook_test"]);
    expect(await rouletteRows()).toHaveLength(0);
  });

  it("still refuses the internal network at send: logged, and never retried (a refusal is final)", async () => {
    allowTestReceiver(null);
    await twoPresent();
    const { webhook } = await manualDraw(admin, T0);
    expect(webhook?.ok).toBe(false);
    expect(receiver.received).toHaveLength(0);
    expect(await rouletteRows()).toMatchObject([{ status: "failed", attempts: 1, last_status: null, last_error: "endereço de rede interna (127.0.0.1)" }]);
    // the job a day later finds nothing to send
    expect(await deliverDue(new Date(T0.getTime() + 25 * 3600_000))).toBe(0);
    expect(receiver.received).toHaveLength(0);
  });

  it("refuses an internal address at save, with a pt-BR message, in every spelling", async () => {
    allowTestReceiver(null);
    const port = new URL(receiver.url).port;
    const cookie = await adminCookie();
    for (const url of [receiver.url, `http://[::ffff:127.0.0.1]:${port}/`, `http://[::ffff:7f00:1]:${port}/`, `http://[0:0:0:0:0:ffff:127.0.0.1]:${port}/`, `http://localhost:${port}/`, "http://169.254.169.254/latest", "http://[64:ff9b::7f00:1]/", "http://0x7f.1/"]) {
      const r = await unwrap(() => adminAction(routeArgs(formRequest("/admin/roleta", { intent: "save-webhook", url, enabled: "on" }, { cookie }))));
      expect(r.status, url).toBe(400);
      expect(reply(r.data).fieldErrors, url).toEqual({ url: ROULETTE_MESSAGES.webhookInternal });
      expect(reply(r.data).values.url, url).toBe(url); // what was typed comes back
    }
    const notice = await testRouletteWebhook(admin, receiver.url, T0);
    expect(notice).toEqual({ ok: false, message: ROULETTE_MESSAGES.webhookError("endereço de rede interna (127.0.0.1)") });
    expect(receiver.received).toHaveLength(0);
  });

  it("lives beside the lead webhooks' deliveries: each log lists its own", async () => {
    const now = new Date().toISOString();
    const hook = await db().insertInto("webhooks").values({ url: receiver.url, events: JSON.stringify(["novo_lead"]), is_active: 1, allow_private: 1, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow();
    await twoPresent();
    await manualDraw(admin, T0);
    await enqueueEvent("novo_lead", { id: 1 });
    await deliverDue();
    const details = await webhookDetails(admin, hook.id);
    expect(details!.deliveries).toMatchObject([{ event: "novo_lead", status: "delivered" }]);
    expect(await rouletteWebhookDeliveries()).toMatchObject([{ event: "roleta_draw_completed", status: "delivered" }]);
    // a delivery names exactly one target
    await expect(db().insertInto("webhook_deliveries").values({ event: "x", payload: "{}", next_attempt_at: now, created_at: now }).execute()).rejects.toThrow(/check constraint/i);
    await expect(db().insertInto("webhook_deliveries").values({ webhook_id: hook.id, setting_key: ROULETTE_WEBHOOK_KEY, event: "x", payload: "{}", next_attempt_at: now, created_at: now }).execute()).rejects.toThrow(/check constraint/i);
  });
});
