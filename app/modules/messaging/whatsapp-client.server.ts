/* eslint-disable @typescript-eslint/no-explicit-any -- gateway JSON read loosely here (merged from the WhatsApp branch before no-explicit-any came back); narrow to typed shapes when next touched. */
import { log } from "~/modules/platform/logger.server";

/**
 * The one client of the WhatsApp gateway (Evolution API v2, see
 * shared/reference/whatsapp-gateway.md). Every call has the 15 s timeout of
 * spec 03 §9 and goes through `call()`, which also turns the gateway's odd
 * answers into a typed GatewayError: errors wrapped in HTTP 200
 * (`{"error":true,"message":…}`), 404s for unknown instances, and the 400
 * `exists:false` answer for numbers that have no WhatsApp.
 */
export const GATEWAY_TIMEOUT_MS = 15_000;
/** GET /instance/connect is retried up to 5 times, 800 ms × 1.5 per attempt (spec 03 §7.1). */
export const CONNECT_RETRIES = 5;
export const CONNECT_BACKOFF_MS = 800;

export type GatewayConfig = { baseUrl: string; apiKey: string };

export class GatewayError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly kind: "http" | "timeout" | "network" | "not-found" | "not-on-whatsapp" | "body-error",
  ) {
    super(message);
  }
  get retryable(): boolean {
    return this.kind === "timeout" || this.kind === "network" || (this.kind === "http" && this.status >= 500);
  }
}

type CallOptions = { apiKey?: string; timeoutMs?: number; body?: unknown };

function messageOf(body: any): string {
  const m = body?.response?.message ?? body?.message ?? body?.error;
  if (Array.isArray(m)) return m.map((x) => (typeof x === "string" ? x : JSON.stringify(x))).join("; ");
  return typeof m === "string" ? m : JSON.stringify(body ?? "");
}

export async function call<T = any>(gw: GatewayConfig, method: string, path: string, options: CallOptions = {}): Promise<T> {
  const url = gw.baseUrl.replace(/\/+$/, "") + path;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: { apikey: options.apiKey ?? gw.apiKey, ...(options.body !== undefined ? { "content-type": "application/json" } : {}) },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: AbortSignal.timeout(options.timeoutMs ?? GATEWAY_TIMEOUT_MS),
      redirect: "error",
    });
  } catch (error) {
    const timeout = (error as Error)?.name === "TimeoutError" || (error as Error)?.name === "AbortError";
    throw new GatewayError(timeout ? "Tempo limite do gateway excedido" : `Gateway indisponível: ${(error as Error).message}`, 0, timeout ? "timeout" : "network");
  }
  const text = await res.text();
  let body: any = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = { message: text.slice(0, 300) };
  }
  if (res.status === 404) throw new GatewayError(messageOf(body), 404, "not-found");
  if (res.status === 400 && Array.isArray(body?.response?.message) && body.response.message[0]?.exists === false) {
    throw new GatewayError("Número não cadastrado no WhatsApp", 400, "not-on-whatsapp");
  }
  if (!res.ok) throw new GatewayError(`${res.status} ${messageOf(body)}`, res.status, "http");
  if (body && typeof body === "object" && body.error === true) throw new GatewayError(messageOf(body), res.status, "body-error");
  return body as T;
}

async function withRetries<T>(fn: () => Promise<T>, tries: number, backoffMs: number, sleep = defaultSleep, retryIf = (e: GatewayError) => e.retryable): Promise<T> {
  let wait = backoffMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (!(error instanceof GatewayError) || !retryIf(error) || attempt >= tries) throw error;
      log.warn("whatsapp gateway retry", { attempt, error: error.message });
      await sleep(wait);
      wait = Math.round(wait * 1.5);
    }
  }
}
const defaultSleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type ConnectionState = "open" | "connecting" | "close" | "refused";
export type PairingAnswer = { state?: ConnectionState; pairingCode: string | null; code: string | null; base64: string | null; count: number | null };

function parsePairing(body: any): PairingAnswer {
  const q = body?.qrcode ?? body;
  if (body?.instance?.state === "open") return { state: "open", pairingCode: null, code: null, base64: null, count: null };
  return {
    pairingCode: typeof q?.pairingCode === "string" && q.pairingCode ? q.pairingCode : null,
    code: typeof q?.code === "string" && q.code ? q.code : null,
    base64: typeof q?.base64 === "string" && q.base64 ? q.base64 : null,
    count: typeof q?.count === "number" ? q.count : null,
  };
}

export type CreatedInstance = { instanceName: string; token: string | null; pairing: PairingAnswer | null };

/** POST /instance/create with our webhook; a 403 'already in use' means it exists already (spec: counts as success). */
export async function createInstance(
  gw: GatewayConfig,
  input: { instanceName: string; number?: string; webhookUrl: string; webhookSecret: string },
): Promise<CreatedInstance> {
  try {
    const body = await call(gw, "POST", "/instance/create", {
      body: {
        instanceName: input.instanceName,
        integration: "WHATSAPP-BAILEYS",
        qrcode: true,
        ...(input.number ? { number: input.number } : {}),
        webhook: {
          url: input.webhookUrl,
          byEvents: false,
          base64: false,
          headers: { "x-webhook-secret": input.webhookSecret },
          events: ["CONNECTION_UPDATE", "QRCODE_UPDATED", "MESSAGES_UPSERT", "MESSAGES_UPDATE", "SEND_MESSAGE"],
        },
      },
    });
    // v2.3.6 returns hash as a string; older builds as {apikey}
    const token = typeof body?.hash === "string" ? body.hash : typeof body?.hash?.apikey === "string" ? body.hash.apikey : null;
    return { instanceName: input.instanceName, token, pairing: body?.qrcode ? parsePairing(body.qrcode) : null };
  } catch (error) {
    if (error instanceof GatewayError && error.status === 403 && /in use|exist/i.test(error.message)) {
      return { instanceName: input.instanceName, token: null, pairing: null };
    }
    throw error;
  }
}

export async function connect(gw: GatewayConfig, instanceName: string, number?: string, sleep?: (ms: number) => Promise<void>): Promise<PairingAnswer> {
  const q = number ? `?number=${encodeURIComponent(number)}` : "";
  return withRetries(async () => parsePairing(await call(gw, "GET", `/instance/connect/${encodeURIComponent(instanceName)}${q}`)), CONNECT_RETRIES, CONNECT_BACKOFF_MS, sleep);
}

export async function connectionState(gw: GatewayConfig, instanceName: string): Promise<ConnectionState> {
  const body = await withRetries(() => call(gw, "GET", `/instance/connectionState/${encodeURIComponent(instanceName)}`), 2, 500);
  const state = body?.instance?.state ?? body?.state;
  return state === "open" || state === "connecting" || state === "refused" ? state : "close";
}

export type InstanceProfile = { profileName: string | null; profilePictureUrl: string | null; number: string | null };

/** Profile fields from fetchInstances (the row also carries the instance token: never forwarded to a browser). */
export async function fetchProfile(gw: GatewayConfig, instanceName: string): Promise<InstanceProfile> {
  const rows = await call<any[]>(gw, "GET", `/instance/fetchInstances?instanceName=${encodeURIComponent(instanceName)}`);
  const row = Array.isArray(rows) ? rows[0] : null;
  const jid: string | null = row?.ownerJid ?? null;
  return { profileName: row?.profileName ?? null, profilePictureUrl: row?.profilePicUrl ?? null, number: row?.number ?? (jid ? jid.split("@")[0] : null) };
}

/** POST in the code (the docs say PUT); a closed instance answers an error with HTTP 200. */
export async function restart(gw: GatewayConfig, instanceName: string): Promise<void> {
  await call(gw, "POST", `/instance/restart/${encodeURIComponent(instanceName)}`);
}

export async function logout(gw: GatewayConfig, instanceName: string): Promise<void> {
  await call(gw, "DELETE", `/instance/logout/${encodeURIComponent(instanceName)}`);
}

export async function deleteInstance(gw: GatewayConfig, instanceName: string): Promise<void> {
  await call(gw, "DELETE", `/instance/delete/${encodeURIComponent(instanceName)}`);
}

export type SentMessage = { key: string | null; status: string | null };

function sent(body: any): SentMessage {
  return { key: body?.key?.id ?? null, status: body?.status ?? null };
}

/**
 * Sends are not retried after the request may have reached the gateway
 * (a timeout could mean it was sent): only a refused connection is retried.
 */
export async function sendText(gw: GatewayConfig, instanceName: string, number: string, text: string, apiKey?: string): Promise<SentMessage> {
  return sent(
    // Retried only when it cannot have left (the gateway unreachable): a timeout or a 5xx may come after the
    // gateway sent it — its send.message event then tells the dispatcher — so a lead never gets it twice.
    await withRetries(() => call(gw, "POST", `/message/sendText/${encodeURIComponent(instanceName)}`, { apiKey, body: { number, text, linkPreview: true } }), 2, 500, defaultSleep, (e) => e.kind === "network"),
  );
}

export async function sendImage(gw: GatewayConfig, instanceName: string, number: string, url: string, caption: string, apiKey?: string): Promise<SentMessage> {
  return sent(
    await call(gw, "POST", `/message/sendMedia/${encodeURIComponent(instanceName)}`, {
      apiKey,
      body: { number, mediatype: "image", media: url, caption },
    }),
  );
}
