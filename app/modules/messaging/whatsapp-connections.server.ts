/* eslint-disable @typescript-eslint/no-explicit-any -- gateway JSON read loosely here (merged from the WhatsApp branch before no-explicit-any came back); narrow to typed shapes when next touched. */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import QRCode from "qrcode";
import type { WhatsappDelivery, WhatsappStatus } from "#db/schema";
import type { SessionUser } from "~/modules/auth/session.server";
import { config } from "~/modules/platform/config.server";
import { db, nowIso } from "~/modules/platform/db.server";
import { log } from "~/modules/platform/logger.server";
import { decryptSecret, encryptSecret } from "~/modules/platform/secrets.server";
import { normalisePhone } from "~/utils/phone.server";
import { gatewayConfig } from "./gateway-settings.server";
import * as gateway from "./whatsapp-client.server";
import { GatewayError, type GatewayConfig, type PairingAnswer } from "./whatsapp-client.server";
import { formatPairingCode, isOptOutReply, sanitiseInstanceName } from "./whatsapp-numbers";
import { WA_MESSAGES } from "./whatsapp-labels";

/**
 * A broker's WhatsApp instance (one per broker, spec 03 §2.3/§4/§5), kept
 * in whatsapp_connections and driven through the gateway client. The
 * gateway's own webhook (connection, QR and delivery events) arrives at
 * /webhooks/whatsapp/{instance}, checked against a per-instance secret.
 */
export const CONNECT_TIMEOUT_MS = 120_000;
/** The page polls; the gateway is asked at most this often per instance. */
const STATUS_CHECK_MIN_INTERVAL_MS = 3_000;
const TOKEN_PURPOSE = "whatsapp-instance";


export class WhatsappError extends Error {}

export type ConnectionView = {
  id: number;
  instanceName: string;
  displayName: string;
  status: WhatsappStatus;
  profileName: string | null;
  phoneNumber: string | null;
  profilePictureUrl: string | null;
  /** QR as inline SVG (error correction high, 256 px), rendered on our server. */
  qrSvg: string | null;
  pairingCode: string | null;
  lastActivity: string | null;
  lastStatusCheck: string | null;
  lastError: string | null;
  connectingSince: string | null;
};

function brokerIdOf(user: SessionUser): string {
  if (!user.broker) throw new WhatsappError(WA_MESSAGES.noBroker);
  return user.broker.id;
}

async function requireGateway(): Promise<GatewayConfig> {
  const gw = await gatewayConfig();
  if (!gw) throw new WhatsappError(WA_MESSAGES.notConfigured);
  return gw;
}

export function instanceNameFor(brokerId: string, name: string): string {
  return `user_${brokerId.replace(/-/g, "").slice(0, 8)}_${sanitiseInstanceName(name)}`;
}

function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

async function toView(row: Awaited<ReturnType<typeof findRow>>): Promise<ConnectionView | null> {
  if (!row) return null;
  const qrSvg =
    row.status === "connecting" && row.qr_code
      ? await QRCode.toString(row.qr_code, { type: "svg", errorCorrectionLevel: "H", width: 256, margin: 1 })
      : null;
  return {
    id: row.id,
    instanceName: row.instance_name,
    displayName: row.profile_name ?? row.instance_name,
    status: row.status,
    profileName: row.profile_name,
    phoneNumber: row.phone_number,
    profilePictureUrl: row.profile_picture_url,
    qrSvg,
    pairingCode: row.status === "connecting" && row.pairing_code ? formatPairingCode(row.pairing_code) : null,
    lastActivity: row.last_activity,
    lastStatusCheck: row.last_status_check,
    lastError: row.last_error,
    connectingSince: row.connecting_since,
  };
}

function findRow(brokerId: string) {
  return db().selectFrom("whatsapp_connections").selectAll().where("broker_id", "=", brokerId).executeTakeFirst();
}

export async function findConnection(user: SessionUser): Promise<ConnectionView | null> {
  if (!user.broker) return null;
  return toView(await findRow(user.broker.id));
}

/** The broker's connection status for badges (lead page, sender): no gateway call. */
export async function connectionStatusOf(brokerId: string): Promise<WhatsappStatus | null> {
  const row = await db().selectFrom("whatsapp_connections").select("status").where("broker_id", "=", brokerId).executeTakeFirst();
  return row?.status ?? null;
}

async function update(id: number, values: Record<string, unknown>): Promise<void> {
  await db()
    .updateTable("whatsapp_connections")
    .set({ ...values, updated_at: nowIso() })
    .where("id", "=", id)
    .execute();
}

async function storePairing(id: number, pairing: PairingAnswer, now: Date): Promise<void> {
  if (pairing.state === "open") {
    await update(id, { status: "connected", qr_code: null, pairing_code: null, connecting_since: null, last_error: null, connected_since: now.toISOString() });
    return;
  }
  if (!pairing.code && !pairing.pairingCode) throw new WhatsappError(WA_MESSAGES.noCode);
  await update(id, {
    status: "connecting",
    qr_code: pairing.code,
    pairing_code: pairing.pairingCode,
    connecting_since: now.toISOString(),
    last_error: null,
  });
}

export async function createConnection(user: SessionUser, input: { name: string; number?: string | null }, now = new Date()): Promise<void> {
  const brokerId = brokerIdOf(user);
  const name = sanitiseInstanceName(input.name ?? "");
  if (!name) throw new WhatsappError(WA_MESSAGES.nameRequired);
  if (await findRow(brokerId)) throw new WhatsappError(WA_MESSAGES.limit);
  const gw = await requireGateway();
  const number = input.number ? normalisePhone(input.number) ?? undefined : undefined;
  const instanceName = instanceNameFor(brokerId, name);
  const secret = randomBytes(24).toString("base64url");
  const ts = now.toISOString();
  // The row first (status creating), so a double click cannot create two instances: broker_id is unique.
  let id: number;
  try {
    id = (
      await db()
        .insertInto("whatsapp_connections")
        .values({ broker_id: brokerId, instance_name: instanceName, status: "creating", webhook_secret: hashSecret(secret), created_at: ts, updated_at: ts })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  } catch {
    throw new WhatsappError(WA_MESSAGES.limit);
  }
  try {
    const created = await gateway.createInstance(gw, {
      instanceName,
      number,
      webhookUrl: `${config().publicUrl}/webhooks/whatsapp/${encodeURIComponent(instanceName)}`,
      webhookSecret: secret,
    });
    await update(id, { status: "disconnected", instance_token: created.token ? encryptSecret(created.token, TOKEN_PURPOSE) : null });
    const pairing = created.pairing && (created.pairing.code || created.pairing.pairingCode) ? created.pairing : await gateway.connect(gw, instanceName, number);
    await storePairing(id, pairing, now);
  } catch (error) {
    if (error instanceof WhatsappError) {
      await update(id, { status: "error", last_error: error.message });
      throw error;
    }
    const ge = error as GatewayError;
    // Creation itself failed: forget the row, so the broker can try again.
    const row = await db().selectFrom("whatsapp_connections").select("status").where("id", "=", id).executeTakeFirst();
    if (row?.status === "creating") {
      await db().deleteFrom("whatsapp_connections").where("id", "=", id).execute();
      throw new WhatsappError(WA_MESSAGES.createFailed(ge.status ?? "", ge.message ?? ""));
    }
    await update(id, { status: "error", last_error: WA_MESSAGES.qrUnavailable });
    throw new WhatsappError(WA_MESSAGES.qrUnavailable);
  }
}

async function ownRow(user: SessionUser) {
  const row = await findRow(brokerIdOf(user));
  if (!row) throw new WhatsappError("Instância do WhatsApp não encontrada.");
  return row;
}

/** Asks the gateway for the state (at most every few seconds), applying the 2-minute connect timeout. */
export async function refreshConnection(user: SessionUser, now = new Date(), force = false): Promise<ConnectionView | null> {
  const row = await findRow(brokerIdOf(user));
  if (!row || row.status === "creating") return toView(row);
  const last = row.last_status_check ? Date.parse(row.last_status_check) : 0;
  if (!force && now.getTime() - last < STATUS_CHECK_MIN_INTERVAL_MS) return toView(row);
  const gw = await gatewayConfig();
  if (!gw) return toView(row);
  try {
    const state = await gateway.connectionState(gw, row.instance_name);
    const checked = now.toISOString();
    if (state === "open") {
      const profile = await gateway.fetchProfile(gw, row.instance_name).catch(() => null);
      await update(row.id, {
        status: "connected",
        qr_code: null,
        pairing_code: null,
        connecting_since: null,
        last_error: null,
        last_status_check: checked,
        connected_since: row.connected_since ?? checked,
        profile_name: profile?.profileName ?? row.profile_name,
        profile_picture_url: profile?.profilePictureUrl ?? row.profile_picture_url,
        phone_number: profile?.number ?? row.phone_number,
      });
    } else if (row.status === "connecting" && row.connecting_since && now.getTime() - Date.parse(row.connecting_since) > CONNECT_TIMEOUT_MS) {
      await update(row.id, { status: "error", qr_code: null, pairing_code: null, last_error: WA_MESSAGES.timeout(row.instance_name), last_status_check: checked });
    } else if (state === "refused") {
      await update(row.id, { status: "error", qr_code: null, pairing_code: null, last_error: "QR code limit reached, please login again", last_status_check: checked });
    } else if (state === "close" && row.status !== "connecting") {
      await update(row.id, { status: "disconnected", last_status_check: checked });
    } else {
      await update(row.id, { last_status_check: checked });
    }
  } catch (error) {
    if (error instanceof GatewayError && error.kind === "not-found") {
      await update(row.id, { status: "error", last_error: "Instância não existe mais no gateway", last_status_check: now.toISOString() });
    } else {
      log.warn("whatsapp status check failed", { instance: row.instance_name, error: (error as Error).message });
      throw new WhatsappError(WA_MESSAGES.statusFailed);
    }
  }
  return toView(await findRow(row.broker_id));
}

export async function connectAgain(user: SessionUser, number?: string | null, now = new Date()): Promise<void> {
  const row = await ownRow(user);
  const gw = await requireGateway();
  try {
    const pairing = await gateway.connect(gw, row.instance_name, number ? normalisePhone(number) ?? undefined : undefined);
    await storePairing(row.id, pairing, now);
  } catch (error) {
    if (error instanceof WhatsappError) throw error;
    await update(row.id, { status: "error", last_error: WA_MESSAGES.qrUnavailable });
    throw new WhatsappError(WA_MESSAGES.qrUnavailable);
  }
}

export async function disconnect(user: SessionUser): Promise<void> {
  const row = await ownRow(user);
  const gw = await requireGateway();
  try {
    await gateway.logout(gw, row.instance_name);
  } catch (error) {
    // 400 when already closed: the goal is reached
    if (!(error instanceof GatewayError && (error.status === 400 || error.kind === "not-found"))) {
      throw new WhatsappError(WA_MESSAGES.disconnectFailed((error as Error).message));
    }
  }
  await update(row.id, { status: "disconnected", qr_code: null, pairing_code: null, connecting_since: null, connected_since: null });
}

export async function restart(user: SessionUser, now = new Date()): Promise<void> {
  const row = await ownRow(user);
  const gw = await requireGateway();
  try {
    await gateway.restart(gw, row.instance_name);
  } catch {
    throw new WhatsappError(WA_MESSAGES.restartFailed);
  }
  await update(row.id, { status: "connecting", connecting_since: now.toISOString(), last_error: null });
}

export async function removeConnection(user: SessionUser): Promise<void> {
  const row = await ownRow(user);
  const gw = await requireGateway();
  try {
    await gateway.deleteInstance(gw, row.instance_name);
  } catch (error) {
    // 404: gone on the gateway already, so removing it here is right (spec 03 §8)
    if (!(error instanceof GatewayError && error.kind === "not-found")) throw new WhatsappError(WA_MESSAGES.deleteFailed((error as Error).message));
  }
  await db().deleteFrom("whatsapp_connections").where("id", "=", row.id).execute();
}

/** The connection a campaign or a lead-page send uses, with its decrypted token. */
export async function sendingInstance(brokerId: string): Promise<{ instanceName: string; token: string | null; status: WhatsappStatus; connectedSince: string | null } | null> {
  const row = await db()
    .selectFrom("whatsapp_connections")
    .select(["instance_name", "instance_token", "status", "connected_since"])
    .where("broker_id", "=", brokerId)
    .executeTakeFirst();
  if (!row) return null;
  return { instanceName: row.instance_name, token: decryptSecret(row.instance_token, TOKEN_PURPOSE), status: row.status, connectedSince: row.connected_since };
}

// ── gateway webhook ─────────────────────────────────────────────────────

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
      await update(row.id, {
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
      await update(row.id, { status: "error", qr_code: null, pairing_code: null, last_error: "QR code limit reached, please login again" });
    } else if (state === "close") {
      await update(row.id, { status: "disconnected", connected_since: null, last_activity: ts });
    } else if (state === "connecting") {
      await update(row.id, { status: "connecting", connecting_since: row.connecting_since ?? ts });
    }
  } else if (event === "qrcode.updated") {
    const q = data.qrcode ?? {};
    if (data.statusCode === 500 || /limit/i.test(String(data.message ?? ""))) {
      await update(row.id, { status: "error", qr_code: null, pairing_code: null, last_error: String(data.message ?? "QR code limit reached") });
    } else if (q.code || q.pairingCode) {
      await update(row.id, { status: "connecting", qr_code: q.code ?? row.qr_code, pairing_code: q.pairingCode ?? row.pairing_code });
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
    await update(row.id, { last_activity: ts });
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

/**
 * LGPD: a lead who answers SAIR or PARAR is never messaged again. The number
 * may be the registered form (with or without the ninth digit), so the
 * match is on the normalised phone and its last 8 digits within the broker's leads.
 */
export async function recordOptOut(brokerId: string, fromNumber: string, now = new Date()): Promise<number> {
  const digits = fromNumber.replace(/\D/g, "");
  const tail = digits.slice(-8);
  if (tail.length < 8) return 0;
  const candidates = await db()
    .selectFrom("leads")
    .select(["id", "phone_normalized"])
    .where("broker_id", "=", brokerId)
    .where("phone_normalized", "like", `%${tail}`)
    .where("whatsapp_opt_out_at", "is", null)
    .execute();
  const ddd = digits.startsWith("55") ? digits.slice(2, 4) : null;
  const ids = candidates.filter((c) => !ddd || c.phone_normalized?.slice(2, 4) === ddd).map((c) => c.id);
  if (ids.length === 0) return 0;
  await db().updateTable("leads").set({ whatsapp_opt_out_at: now.toISOString() }).where("id", "in", ids).execute();
  // Pending campaign messages to them are cancelled at once.
  await db()
    .updateTable("campaign_jobs")
    .set({ status: "cancelled", error: "Lead pediu para não receber mensagens (SAIR/PARAR)" })
    .where("lead_id", "in", ids)
    .where("status", "in", ["scheduled", "paused"])
    .execute();
  log.info("whatsapp opt-out recorded", { brokerId, leads: ids.length });
  return ids.length;
}
