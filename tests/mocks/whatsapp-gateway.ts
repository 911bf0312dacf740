/* eslint-disable @typescript-eslint/no-explicit-any -- gateway JSON read loosely here (merged from the WhatsApp branch before no-explicit-any came back); narrow to typed shapes when next touched. */
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the WhatsApp gateway (Evolution API v2.3.6), for
 * tests only. It follows shared/reference/whatsapp-gateway.md, odd parts
 * included: errors answered with HTTP 200 (`{"error":true}`), 403 for a
 * name in use, 400 `exists:false` for numbers without WhatsApp, the QR
 * refresh limit, restart by POST, logout 400 when already closed, and
 * webhooks POSTed with the instance's custom headers.
 */
type Instance = {
  name: string;
  token: string;
  state: "open" | "connecting" | "close" | "refused";
  qrCount: number;
  number: string | null;
  webhook: { url: string; headers: Record<string, string> } | null;
  profileName: string | null;
};

export type SentRecord = { instance: string; number: string; text?: string; media?: string; caption?: string; keyId: string; at: number; held?: boolean };

export type FakeGateway = {
  url: string;
  apiKey: string;
  instances: Map<string, Instance>;
  sent: SentRecord[];
  /** Numbers that exist on WhatsApp (digits). Empty set = every number exists. */
  registered: Set<string>;
  qrLimit: number;
  /** Milliseconds each send takes (the real sendText blocks for its delay). */
  sendDelayMs: number;
  /**
   * Sends received after this many are recorded (held: true) but never answered, as a gateway
   * that got a message and had not replied when the app died; null answers every send.
   */
  holdAfter: number | null;
  /**
   * The one send that arrives when this many were received is sent (recorded with its id, held: true,
   * and its send.message posted) but never answered, as a gateway that delivered a message while the
   * app that asked died waiting; the sends after it are answered. null: none.
   */
  holdOne: number | null;
  /**
   * The one send that arrives when this many were received is sent (recorded with its id), its send.message
   * posted and answered by the app, and then the send itself is answered 502, as a proxy in front of a gateway
   * that delivered the message but lost the answer. null: none.
   */
  failAfterSending: number | null;
  /** Post `send.message` to the instance's webhook for each message sent, as the gateway does for an instance subscribed to SEND_MESSAGE (the app's are). Off by default. */
  sendEvents: boolean;
  /** Resolves once at least `count` sends were received (answered or held): a signal, not a sleep. */
  received(count: number): Promise<void>;
  /** Pair an instance as if the user scanned the QR; posts connection.update to its webhook. */
  pair(instance: string, wuid?: string): Promise<void>;
  /** Post any event to the instance's webhook, as the gateway would. */
  emit(instance: string, event: string, data: unknown): Promise<Response | null>;
  close(): Promise<void>;
};

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
const notFound = (res: http.ServerResponse, name: string) =>
  json(res, 404, { status: 404, error: "Not Found", response: { message: [`The "${name}" instance does not exist`] } });

export async function startFakeGateway(options: { apiKey?: string } = {}): Promise<FakeGateway> {
  const apiKey = options.apiKey ?? "chave-global-de-teste";
  const instances = new Map<string, Instance>();
  const sent: SentRecord[] = [];
  const state = { registered: new Set<string>(), qrLimit: 30, sendDelayMs: 0, holdAfter: null as number | null, holdOne: null as number | null, failAfterSending: null as number | null, sendEvents: false };
  const waiters: { count: number; resolve: () => void }[] = [];
  const heldResponses = new Set<http.ServerResponse>();
  /** Sends received so far, counted on arrival: two senders' requests overlap inside sendDelayMs, so `sent.length` can step over a number. */
  let arrivals = 0;
  function record(entry: SentRecord) {
    sent.push(entry);
    for (const w of waiters.filter((x) => sent.length >= x.count)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  }

  function qr(i: Instance) {
    i.qrCount += 1;
    if (i.qrCount > state.qrLimit) {
      i.state = "refused";
      void emit(i.name, "qrcode.updated", { message: "QR code limit reached, please login again", statusCode: 500 });
      void emit(i.name, "connection.update", { instance: i.name, state: "refused", statusReason: 500 });
      return null;
    }
    return { pairingCode: i.number ? "WZYEH1YY" : null, code: `2@${randomUUID()}`, base64: "data:image/png;base64,iVBORw0KGgo=", count: i.qrCount };
  }

  async function emit(name: string, event: string, data: unknown): Promise<Response | null> {
    const i = instances.get(name);
    if (!i?.webhook) return null;
    return fetch(i.webhook.url, {
      method: "POST",
      headers: { "content-type": "application/json", ...i.webhook.headers },
      body: JSON.stringify({ event, instance: name, data, destination: i.webhook.url, date_time: new Date().toISOString(), sender: null, server_url: "http://fake", apikey: null }),
    }).catch(() => null);
  }

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    let body: any = {};
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      return json(res, 400, { status: 400, error: "Bad Request", response: { message: ["invalid json"] } });
    }
    const url = new URL(req.url ?? "/", "http://x");
    const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
    const key = req.headers.apikey;
    const target = parts[2] ? instances.get(parts[2]) : undefined;
    const authorised = key === apiKey || (target && key === target.token);
    if (!authorised) return json(res, 401, { status: 401, error: "Unauthorized", response: { message: "Unauthorized" } });
    const route = `${req.method} /${parts[0] ?? ""}/${parts[1] ?? ""}`;

    if (route === "POST /instance/create") {
      if (key !== apiKey) return json(res, 401, { status: 401, error: "Unauthorized", response: { message: "Unauthorized" } });
      if (!body.instanceName) return json(res, 400, { status: 400, error: "Bad Request", response: { message: ["instanceName is required"] } });
      if (!["WHATSAPP-BAILEYS", "WHATSAPP-BUSINESS", "EVOLUTION"].includes(body.integration)) {
        return json(res, 400, { status: 400, error: "Bad Request", response: { message: ["Invalid integration"] } });
      }
      if (instances.has(body.instanceName)) {
        return json(res, 403, { status: 403, error: "Forbidden", response: { message: [`This name "${body.instanceName}" is already in use.`] } });
      }
      const i: Instance = {
        name: body.instanceName,
        token: body.token ?? randomUUID().toUpperCase(),
        state: body.qrcode ? "connecting" : "close",
        qrCount: 0,
        number: body.number ?? null,
        webhook: body.webhook?.url ? { url: body.webhook.url, headers: body.webhook.headers ?? {} } : null,
        profileName: null,
      };
      instances.set(i.name, i);
      return json(res, 201, {
        instance: { instanceName: i.name, instanceId: randomUUID(), integration: body.integration, status: i.state },
        hash: i.token,
        settings: {},
        ...(body.qrcode ? { qrcode: qr(i) } : {}),
      });
    }
    if (parts[0] === "instance" && parts[1] === "fetchInstances" && req.method === "GET") {
      const name = url.searchParams.get("instanceName");
      const list = [...instances.values()].filter((i) => !name || i.name === name);
      if (name && list.length === 0) return json(res, 404, { status: 404, error: "Not Found", response: { message: [`Instance "${name}" not found`] } });
      return json(
        res,
        200,
        list.map((i) => ({ id: randomUUID(), name: i.name, connectionStatus: i.state === "refused" ? "close" : i.state, ownerJid: i.state === "open" ? `${i.number ?? "5511999990000"}@s.whatsapp.net` : null, profileName: i.profileName, profilePicUrl: null, number: i.number, token: i.token })),
      );
    }
    if (!target && parts[0] && parts[2]) return notFound(res, parts[2]);
    const i = target!;
    switch (route) {
      case "GET /instance/connect": {
        if (i.state === "open") return json(res, 200, { instance: { instanceName: i.name, state: "open" } });
        if (url.searchParams.get("number")) i.number = url.searchParams.get("number");
        i.state = "connecting";
        const code = qr(i);
        if (!code) return json(res, 200, { error: true, message: "QR code limit reached, please login again" });
        return json(res, 200, code);
      }
      case "GET /instance/connectionState":
        return json(res, 200, { instance: { instanceName: i.name, state: i.state } });
      case "POST /instance/restart":
        if (i.state === "close") return json(res, 200, { error: true, message: `The "${i.name}" instance is not connected` });
        i.state = "connecting";
        return json(res, 200, qr(i) ?? {});
      case "DELETE /instance/logout":
        if (i.state === "close") return json(res, 400, { status: 400, error: "Bad Request", response: { message: ["The instance is not connected"] } });
        i.state = "close";
        return json(res, 200, { status: "SUCCESS", error: false, response: { message: "Instance logged out" } });
      case "DELETE /instance/delete":
        instances.delete(i.name);
        return json(res, 200, { status: "SUCCESS", error: false, response: { message: "Instance deleted" } });
      case "POST /message/sendText":
      case "POST /message/sendMedia": {
        const number = String(body.number ?? "");
        if (!number || (route.endsWith("sendText") && typeof body.text !== "string")) {
          return json(res, 400, { status: 400, error: "Bad Request", response: { message: ["number and text are required"] } });
        }
        if (route.endsWith("sendMedia") && (typeof body.media !== "string" || body.media.startsWith("data:"))) {
          return json(res, 400, { status: 400, error: "Bad Request", response: { message: ["Owned media must be a url or base64"] } });
        }
        if (i.state !== "open") return json(res, 400, { status: 400, error: "Bad Request", response: { message: ["Connection Closed"] } });
        if (state.registered.size > 0 && !state.registered.has(number)) {
          return json(res, 400, { status: 400, error: "Bad Request", response: { message: [{ jid: `${number}@s.whatsapp.net`, exists: false, number }] } });
        }
        const arrival = arrivals++;
        if (state.holdAfter !== null && arrival >= state.holdAfter) {
          record({ instance: i.name, number, text: body.text, media: body.media, caption: body.caption, keyId: "", at: Date.now(), held: true });
          heldResponses.add(res);
          return; // no answer: the sender waits until it dies or gives up
        }
        const holdThis = state.holdOne !== null && arrival === state.holdOne;
        if (holdThis) state.holdOne = null;
        const failThis = state.failAfterSending !== null && arrival === state.failAfterSending;
        if (failThis) state.failAfterSending = null;
        if (state.sendDelayMs) await new Promise((r) => setTimeout(r, state.sendDelayMs));
        const keyId = `3EB0${randomUUID().replace(/-/g, "").slice(0, 16).toUpperCase()}`;
        record({ instance: i.name, number, text: body.text, media: body.media, caption: body.caption, keyId, at: Date.now(), ...(holdThis ? { held: true } : {}) });
        const message = {
          key: { remoteJid: `${number}@s.whatsapp.net`, fromMe: true, id: keyId },
          status: "PENDING",
          message: route.endsWith("sendText") ? { conversation: body.text } : { imageMessage: { caption: body.caption } },
          messageType: route.endsWith("sendText") ? "conversation" : "imageMessage",
          messageTimestamp: Math.floor(Date.now() / 1000),
        };
        if (failThis) {
          await emit(i.name, "send.message", message);
          return json(res, 502, { status: 502, error: "Bad Gateway", response: { message: ["upstream answer lost"] } });
        }
        if (state.sendEvents) void emit(i.name, "send.message", message);
        if (holdThis) {
          heldResponses.add(res);
          return; // sent, never answered: the sender waits until it dies or gives up
        }
        return json(res, 201, message);
      }
      default:
        return json(res, 404, { status: 404, error: "Not Found", response: { message: [`Cannot ${req.method} ${url.pathname}`] } });
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  // The behaviour switches (registered, qrLimit, sendDelayMs, holdAfter, holdOne, failAfterSending, sendEvents)
  // are the handler's own `state`, read and set through the gateway object (defined below).
  const gw = {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    instances,
    sent,
    received(count) {
      if (sent.length >= count) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push({ count, resolve }));
    },
    async pair(name, wuid = "5511987654321@s.whatsapp.net") {
      const i = instances.get(name);
      if (!i) throw new Error(`no instance ${name}`);
      i.state = "open";
      i.profileName = "Corretor Teste";
      i.number = wuid.split("@")[0];
      await emit(name, "connection.update", { instance: name, state: "open", statusReason: 200, wuid, profileName: "Corretor Teste" });
    },
    emit,
    close: () =>
      new Promise((r) => {
        for (const res of heldResponses) res.destroy();
        server.close(() => r());
        server.closeAllConnections();
      }),
  } as FakeGateway;
  for (const key of Object.keys(state) as (keyof typeof state)[]) {
    Object.defineProperty(gw, key, { get: () => state[key], set: (value) => Object.assign(state, { [key]: value }), enumerable: true });
  }
  return gw;
}
