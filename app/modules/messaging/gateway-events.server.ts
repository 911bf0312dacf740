/* eslint-disable @typescript-eslint/no-explicit-any -- gateway JSON read loosely here (merged from the WhatsApp branch before no-explicit-any came back); narrow to typed shapes when next touched. */
import { timingSafeEqual } from "node:crypto";
import type { WhatsappDelivery } from "#db/schema";
import { db, nowIso } from "~/modules/platform/db.server";
import { recordOptOut } from "./opt-out.server";
import { hashSecret, updateConnection } from "./whatsapp-connections.server";
import { isOptOutReply } from "./whatsapp-numbers";

/**
 * The gateway's own webhook (Evolution API v2 envelope: connection, QR,
 * delivery and incoming-message events), POSTed to
 * /webhooks/whatsapp/{instance} and checked against the instance's secret.
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

/** Applies one gateway event (connection.update, qrcode.updated, messages.update, messages.upsert). */
export async function applyGatewayEvent(instanceName: string, payload: any, now = new Date()): Promise<void> {
  const event = String(payload?.event ?? "").toLowerCase();
  const data = payload?.data ?? {};
  const row = await db().selectFrom("whatsapp_connections").selectAll().where("instance_name", "=", instanceName).executeTakeFirst();
  if (!row) return;
  const ts = now.toISOString();
  if (event === "connection.update") {
    const state = data.state;
    if (state === "open") {
      await updateConnection(row.id, {
        status: "connected",
        qr_code: null,
        pairing_code: null,
        connecting_since: null,
        last_error: null,
        connected_since: row.connected_since ?? ts,
        profile_name: data.profileName ?? row.profile_name,
        profile_picture_url: data.profilePictureUrl ?? row.profile_picture_url,
        phone_number: typeof data.wuid === "string" ? data.wuid.split("@")[0] : row.phone_number,
        last_activity: ts,
      });
    } else if (state === "refused") {
      await updateConnection(row.id, { status: "error", qr_code: null, pairing_code: null, last_error: "QR code limit reached, please login again" });
    } else if (state === "close") {
      await updateConnection(row.id, { status: "disconnected", connected_since: null, last_activity: ts });
    } else if (state === "connecting") {
      await updateConnection(row.id, { status: "connecting", connecting_since: row.connecting_since ?? ts });
    }
  } else if (event === "qrcode.updated") {
    const q = data.qrcode ?? {};
    if (data.statusCode === 500 || /limit/i.test(String(data.message ?? ""))) {
      await updateConnection(row.id, { status: "error", qr_code: null, pairing_code: null, last_error: String(data.message ?? "QR code limit reached") });
    } else if (q.code || q.pairingCode) {
      await updateConnection(row.id, { status: "connecting", qr_code: q.code ?? row.qr_code, pairing_code: q.pairingCode ?? row.pairing_code });
    }
  } else if (event === "messages.update") {
    const updates = Array.isArray(data) ? data : [data];
    for (const u of updates) {
      const delivery = DELIVERY[String(u?.status ?? "")];
      const key = u?.keyId ?? u?.key?.id;
      if (!delivery || !key) continue;
      await applyDelivery(String(key), delivery);
    }
  } else if (event === "messages.upsert") {
    const msg = Array.isArray(data) ? data[0] : data;
    if (msg?.key?.fromMe) return;
    const text = msg?.message?.conversation ?? msg?.message?.extendedTextMessage?.text ?? "";
    const from = String(msg?.key?.remoteJid ?? "").split("@")[0];
    await updateConnection(row.id, { last_activity: ts });
    if (from && isOptOutReply(text)) await recordOptOut(row.broker_id, from, now);
  }
}

async function applyDelivery(key: string, delivery: WhatsappDelivery): Promise<void> {
  const msg = await db().selectFrom("whatsapp_messages").select(["id", "delivery"]).where("message_key", "=", key).executeTakeFirst();
  // receipts may arrive out of order: never go back from read to delivered
  if (msg && (delivery === "failed" || DELIVERY_RANK[delivery] > DELIVERY_RANK[msg.delivery])) {
    await db().updateTable("whatsapp_messages").set({ delivery, updated_at: nowIso() }).where("id", "=", msg.id).execute();
  }
  const job = await db().selectFrom("campaign_jobs").select(["id", "delivery"]).where("message_key", "=", key).executeTakeFirst();
  if (job && (delivery === "failed" || DELIVERY_RANK[delivery] > DELIVERY_RANK[job.delivery ?? "sent"])) {
    await db().updateTable("campaign_jobs").set({ delivery }).where("id", "=", job.id).execute();
  }
}
