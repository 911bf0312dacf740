import { timingSafeEqual } from "node:crypto";
import type { WhatsappDelivery } from "#db/schema";
import { db, nowIso } from "~/modules/platform/db.server";
import { log } from "~/modules/platform/logger.server";
import { isInterrupted } from "./campaign-rules";
import { recordOptOut } from "./opt-out.server";
import { hashSecret, openedValues, updateConnection } from "./whatsapp-connections.server";
import { WA_MESSAGES } from "./whatsapp-labels";
import { isOptOutReply, optOutKey } from "./whatsapp-numbers";

/**
 * The gateway's own webhook (Evolution API v2 envelope: connection, QR,
 * delivery, sent and incoming-message events), POSTed to
 * /webhooks/whatsapp/{instance} and checked against the instance's secret.
 * Every event is idempotent: the gateway retries what we do not answer 2xx.
 */
export async function verifyWebhookSecret(instanceName: string, secret: string | null): Promise<boolean> {
  if (!secret) return false;
  const row = await db().selectFrom("whatsapp_connections").select("webhook_secret").where("instance_name", "=", instanceName).executeTakeFirst();
  if (!row?.webhook_secret) return false;
  const a = Buffer.from(row.webhook_secret, "hex");
  const b = Buffer.from(hashSecret(secret), "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

const DELIVERY: Record<string, WhatsappDelivery> = { SERVER_ACK: "sent", DELIVERY_ACK: "delivered", READ: "read", PLAYED: "read", ERROR: "failed" };
const DELIVERY_RANK: Record<WhatsappDelivery, number> = { sent: 1, delivered: 2, read: 3, failed: 0 };

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" ? (v as Obj) : {});
const str = (v: unknown): string | null => (typeof v === "string" && v ? v : null);
const numberOfJid = (jid: unknown): string => String(jid ?? "").split("@")[0];

type ConnectionRow = { id: number; broker_id: string; connected_since: string | null; first_connected_at: string | null; connecting_since: string | null; profile_name: string | null; profile_picture_url: string | null; phone_number: string | null; qr_code: string | null; pairing_code: string | null };

/** Applies one gateway event (connection.update, qrcode.updated, messages.update, send.message, messages.upsert). */
export async function applyGatewayEvent(instanceName: string, payload: unknown, now = new Date()): Promise<void> {
  const event = String(obj(payload).event ?? "").toLowerCase();
  const data: unknown = obj(payload).data ?? {};
  const row = await db().selectFrom("whatsapp_connections").selectAll().where("instance_name", "=", instanceName).executeTakeFirst();
  if (!row) return;
  const ts = now.toISOString();
  if (event === "connection.update") await applyConnectionUpdate(row, obj(data), ts);
  else if (event === "qrcode.updated") {
    const d = obj(data);
    const q = obj(d.qrcode);
    if (d.statusCode === 500 || /limit/i.test(String(d.message ?? ""))) {
      await updateConnection(row.id, { status: "error", qr_code: null, pairing_code: null, last_error: WA_MESSAGES.qrLimit });
    } else if (str(q.code) || str(q.pairingCode)) {
      await updateConnection(row.id, { status: "connecting", qr_code: str(q.code) ?? row.qr_code, pairing_code: str(q.pairingCode) ?? row.pairing_code });
    }
  } else if (event === "messages.update") {
    for (const u of (Array.isArray(data) ? data : [data]).map(obj)) {
      const delivery = DELIVERY[String(u.status ?? "")];
      const key = str(u.keyId) ?? str(obj(u.key).id);
      if (!delivery || !key) continue;
      const known = await applyDelivery(key, delivery);
      if (!known && u.fromMe !== false) await recoverInterrupted(row.broker_id, { key, number: numberOfJid(u.remoteJid ?? obj(u.key).remoteJid), delivery, text: null }, now);
    }
  } else if (event === "send.message") {
    // a message we sent through the API: tells us its id even when the process that sent it died before hearing the answer
    const msg = obj(Array.isArray(data) ? data[0] : data);
    const key = obj(msg.key);
    const id = str(key.id);
    if (!id || key.fromMe === false) return;
    const known = await db().selectFrom("campaign_jobs").select("id").where("message_key", "=", id).executeTakeFirst();
    if (known) return;
    const sentEvent = { key: id, number: numberOfJid(key.remoteJid), delivery: "sent" as const, text: textOf(msg) };
    if (!(await noteInFlight(row.broker_id, sentEvent))) await recoverInterrupted(row.broker_id, sentEvent, now);
  } else if (event === "messages.upsert") {
    const msg = obj(Array.isArray(data) ? data[0] : data);
    if (obj(msg.key).fromMe) return;
    const from = numberOfJid(obj(msg.key).remoteJid);
    await updateConnection(row.id, { last_activity: ts });
    if (from && isOptOutReply(textOf(msg))) await recordOptOut(from, { source: "reply", brokerId: row.broker_id }, now);
  }
}

function textOf(msg: Obj): string {
  const m = obj(msg.message);
  return str(m.conversation) ?? str(obj(m.extendedTextMessage).text) ?? str(obj(m.imageMessage).caption) ?? "";
}

async function applyConnectionUpdate(row: ConnectionRow, data: Obj, ts: string): Promise<void> {
  const state = data.state;
  if (state === "open") {
    await updateConnection(row.id, {
      ...openedValues(row, ts),
      profile_name: str(data.profileName) ?? row.profile_name,
      profile_picture_url: str(data.profilePictureUrl) ?? row.profile_picture_url,
      phone_number: str(data.wuid) ? numberOfJid(data.wuid) : row.phone_number,
      last_activity: ts,
    });
  } else if (state === "refused") {
    await updateConnection(row.id, { status: "error", qr_code: null, pairing_code: null, last_error: WA_MESSAGES.qrLimit });
  } else if (state === "close") {
    // the current session ends; the number's first connection (its warm-up age) stays
    await updateConnection(row.id, { status: "disconnected", connected_since: null, last_activity: ts });
  } else if (state === "connecting") {
    await updateConnection(row.id, { status: "connecting", connecting_since: row.connecting_since ?? ts });
  }
}

/** A receipt for a message we know; false when no message carries that id. */
async function applyDelivery(key: string, delivery: WhatsappDelivery): Promise<boolean> {
  const msg = await db().selectFrom("whatsapp_messages").select(["id", "delivery"]).where("message_key", "=", key).executeTakeFirst();
  // receipts may arrive out of order: never go back from read to delivered
  if (msg && (delivery === "failed" || DELIVERY_RANK[delivery] > DELIVERY_RANK[msg.delivery])) {
    await db().updateTable("whatsapp_messages").set({ delivery, updated_at: nowIso() }).where("id", "=", msg.id).execute();
  }
  const job = await db().selectFrom("campaign_jobs").select(["id", "delivery"]).where("message_key", "=", key).executeTakeFirst();
  if (job && (delivery === "failed" || DELIVERY_RANK[delivery] > DELIVERY_RANK[job.delivery ?? "sent"])) {
    await db().updateTable("campaign_jobs").set({ delivery }).where("id", "=", job.id).execute();
  }
  return !!msg || !!job;
}

/**
 * The gateway reports a message sent while its campaign send is still in
 * flight (`sending`): the process that sent it may be waiting for the
 * answer, or dead. Its id is kept on the claim, so the claim's end records
 * the send either way: the sender's own answer carries the same id, and a
 * claim abandoned by a dead process becomes sent, not interrupted
 * (campaign-dispatcher.server.ts, settleAbandoned).
 */
async function noteInFlight(brokerId: string, event: { key: string; number: string; text: string | null }): Promise<boolean> {
  const key = optOutKey(event.number);
  if (!key) return false;
  const candidates = await db()
    .selectFrom("campaign_jobs as j")
    .innerJoin("campaigns as c", "c.id", "j.campaign_id")
    .select(["j.id", "j.to", "j.message"])
    .where("c.broker_id", "=", brokerId)
    .where("j.status", "=", "sending")
    .where("j.message_key", "is", null)
    .where("j.to", "like", `%${key.slice(-8)}`)
    .execute();
  const matching = candidates.filter((c) => optOutKey(c.to) === key);
  const job = (event.text !== null ? matching.find((c) => c.message === event.text) : undefined) ?? matching[0];
  if (!job) return false;
  const res = await db().updateTable("campaign_jobs").set({ message_key: event.key }).where("id", "=", job.id).where("status", "=", "sending").where("message_key", "is", null).executeTakeFirst();
  return Number(res.numUpdatedRows ?? 0) === 1;
}

/**
 * A message the gateway reports for a number whose campaign send was
 * interrupted by a crash (no id kept): that send did leave. The most recent
 * interrupted send to the number in this broker's campaigns (the one with
 * the same text, when the event carries it) becomes sent, with the
 * gateway's id, so its later receipts apply too.
 */
async function recoverInterrupted(brokerId: string, event: { key: string; number: string; delivery: WhatsappDelivery; text: string | null }, now: Date): Promise<boolean> {
  const key = optOutKey(event.number);
  if (!key || event.delivery === "failed") return false;
  const candidates = await db()
    .selectFrom("campaign_jobs as j")
    .innerJoin("campaigns as c", "c.id", "j.campaign_id")
    .select(["j.id", "j.to", "j.message", "j.error", "j.claimed_at", "j.lead_id", "c.broker_id"])
    .where("c.broker_id", "=", brokerId)
    .where("j.status", "=", "failed")
    .where("j.message_key", "is", null)
    .where("j.to", "like", `%${key.slice(-8)}`)
    .orderBy("j.claimed_at", "desc")
    .limit(20)
    .execute();
  const matching = candidates.filter((c) => isInterrupted(c.error) && optOutKey(c.to) === key);
  const job = (event.text !== null ? matching.find((c) => c.message === event.text) : undefined) ?? matching[0];
  if (!job) return false;
  const sentAt = job.claimed_at ?? now.toISOString();
  const instance = await db().selectFrom("whatsapp_connections").select("instance_name").where("broker_id", "=", brokerId).executeTakeFirst();
  const recovered = await db()
    .transaction()
    .execute(async (tx) => {
      const r = await tx
        .updateTable("campaign_jobs")
        .set({ status: "sent", sent_at: sentAt, message_key: event.key, delivery: event.delivery, error: null })
        .where("id", "=", job.id)
        .where("status", "=", "failed")
        .where("message_key", "is", null)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows ?? 0) !== 1) return false;
      await tx
        .insertInto("whatsapp_messages")
        .values({ broker_id: brokerId, lead_id: job.lead_id, campaign_job_id: job.id, instance_name: instance?.instance_name ?? "", to: job.to, body: job.message, kind: "text", message_key: event.key, delivery: event.delivery, created_at: sentAt, updated_at: now.toISOString() })
        .execute();
      return true;
    });
  if (recovered) log.info("interrupted campaign send confirmed by the gateway", { jobId: job.id });
  return recovered;
}
