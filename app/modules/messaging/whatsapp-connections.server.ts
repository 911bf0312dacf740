import { createHash, randomBytes } from "node:crypto";
import QRCode from "qrcode";
import type { WhatsappStatus } from "#db/schema";
import type { SessionUser } from "~/modules/auth/session.server";
import { config } from "~/modules/platform/config.server";
import { db, nowIso } from "~/modules/platform/db.server";
import { log } from "~/modules/platform/logger.server";
import { decryptSecret, encryptSecret } from "~/modules/platform/secrets.server";
import { normalisePhone } from "~/utils/phone.server";
import { gatewayConfig } from "./gateway-settings.server";
import * as gateway from "./whatsapp-client.server";
import { GatewayError, type GatewayConfig, type PairingAnswer } from "./whatsapp-client.server";
import { formatPairingCode, sanitiseInstanceName } from "./whatsapp-numbers";
import { WA_MESSAGES } from "./whatsapp-labels";

/**
 * A broker's WhatsApp instance (one per broker, spec 03 §2.3/§4/§5), kept
 * in whatsapp_connections and driven through the gateway client. The
 * gateway's own webhook (connection, QR and delivery events) is applied by
 * gateway-events.server.ts.
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

export function hashSecret(secret: string): string {
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

export async function updateConnection(id: number, values: Record<string, unknown>): Promise<void> {
  await db()
    .updateTable("whatsapp_connections")
    .set({ ...values, updated_at: nowIso() })
    .where("id", "=", id)
    .execute();
}

/**
 * What a connection that just opened stores: connected now, the session's
 * start kept if it was already open, and the number's first connection kept
 * for ever (the warm-up counts from it; a reconnect never resets it).
 */
export function openedValues(row: { connected_since: string | null; first_connected_at: string | null }, ts: string) {
  return { status: "connected" as const, qr_code: null, pairing_code: null, connecting_since: null, last_error: null, connected_since: row.connected_since ?? ts, first_connected_at: row.first_connected_at ?? ts };
}

async function storePairing(id: number, pairing: PairingAnswer, now: Date): Promise<void> {
  if (pairing.state === "open") {
    const row = await db().selectFrom("whatsapp_connections").select(["connected_since", "first_connected_at"]).where("id", "=", id).executeTakeFirstOrThrow();
    await updateConnection(id, openedValues(row, now.toISOString()));
    return;
  }
  if (!pairing.code && !pairing.pairingCode) throw new WhatsappError(WA_MESSAGES.noCode);
  await updateConnection(id, {
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
    await updateConnection(id, { status: "disconnected", instance_token: created.token ? encryptSecret(created.token, TOKEN_PURPOSE) : null });
    const pairing = created.pairing && (created.pairing.code || created.pairing.pairingCode) ? created.pairing : await gateway.connect(gw, instanceName, number);
    await storePairing(id, pairing, now);
  } catch (error) {
    if (error instanceof WhatsappError) {
      await updateConnection(id, { status: "error", last_error: error.message });
      throw error;
    }
    const ge = error as GatewayError;
    // Creation itself failed: forget the row, so the broker can try again.
    const row = await db().selectFrom("whatsapp_connections").select("status").where("id", "=", id).executeTakeFirst();
    if (row?.status === "creating") {
      await db().deleteFrom("whatsapp_connections").where("id", "=", id).execute();
      throw new WhatsappError(WA_MESSAGES.createFailed(ge.status ?? "", ge.message ?? ""));
    }
    await updateConnection(id, { status: "error", last_error: WA_MESSAGES.qrUnavailable });
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
      await updateConnection(row.id, {
        ...openedValues(row, checked),
        last_status_check: checked,
        profile_name: profile?.profileName ?? row.profile_name,
        profile_picture_url: profile?.profilePictureUrl ?? row.profile_picture_url,
        phone_number: profile?.number ?? row.phone_number,
      });
    } else if (row.status === "connecting" && row.connecting_since && now.getTime() - Date.parse(row.connecting_since) > CONNECT_TIMEOUT_MS) {
      await updateConnection(row.id, { status: "error", qr_code: null, pairing_code: null, last_error: WA_MESSAGES.timeout(row.instance_name), last_status_check: checked });
    } else if (state === "refused") {
      await updateConnection(row.id, { status: "error", qr_code: null, pairing_code: null, last_error: WA_MESSAGES.qrLimit, last_status_check: checked });
    } else if (state === "close" && row.status !== "connecting") {
      await updateConnection(row.id, { status: "disconnected", last_status_check: checked });
    } else {
      await updateConnection(row.id, { last_status_check: checked });
    }
  } catch (error) {
    if (error instanceof GatewayError && error.kind === "not-found") {
      await updateConnection(row.id, { status: "error", last_error: WA_MESSAGES.goneFromGateway, last_status_check: now.toISOString() });
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
    await updateConnection(row.id, { status: "error", last_error: WA_MESSAGES.qrUnavailable });
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
  await updateConnection(row.id, { status: "disconnected", qr_code: null, pairing_code: null, connecting_since: null, connected_since: null });
}

export async function restart(user: SessionUser, now = new Date()): Promise<void> {
  const row = await ownRow(user);
  const gw = await requireGateway();
  try {
    await gateway.restart(gw, row.instance_name);
  } catch {
    throw new WhatsappError(WA_MESSAGES.restartFailed);
  }
  await updateConnection(row.id, { status: "connecting", connecting_since: now.toISOString(), last_error: null });
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
export async function sendingInstance(brokerId: string): Promise<{ instanceName: string; token: string | null; status: WhatsappStatus; connectedSince: string | null; firstConnectedAt: string | null } | null> {
  const row = await db()
    .selectFrom("whatsapp_connections")
    .select(["instance_name", "instance_token", "status", "connected_since", "first_connected_at"])
    .where("broker_id", "=", brokerId)
    .executeTakeFirst();
  if (!row) return null;
  return { instanceName: row.instance_name, token: decryptSecret(row.instance_token, TOKEN_PURPOSE), status: row.status, connectedSince: row.connected_since, firstConnectedAt: row.first_connected_at };
}
