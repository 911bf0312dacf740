import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the agency's system that receives webhooks: records
 * every request (headers and raw body) and answers with the statuses queued
 * in `replies` (then 200) — or, when `answer` is given, with what it returns
 * (a status and maybe a reason phrase, with no body; it may take its time).
 */
export type ReceivedRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; body: string };
export type WebhookAnswer = (request: ReceivedRequest) => Promise<[number, string?]> | [number, string?];
export type WebhookReceiver = { url: string; received: ReceivedRequest[]; replies: number[]; close(): Promise<void> };

export async function startWebhookReceiver(options: { answer?: WebhookAnswer } = {}): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  const replies: number[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (body += c));
    req.on("end", async () => {
      const request = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body };
      received.push(request);
      if (options.answer) {
        const [status, reason] = await options.answer(request);
        (reason === undefined ? res.writeHead(status) : res.writeHead(status, reason)).end();
        return;
      }
      const status = replies.shift() ?? 200;
      res.writeHead(status, { "Content-Type": "text/plain" }).end(status < 300 ? "ok" : "indisponível");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/leads`, received, replies, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
