import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { campaignDispatcherJob, dispatchDueJobs, INTERRUPTED } from "~/modules/messaging/campaign-dispatcher.server";
import { saveGatewayConfig } from "~/modules/messaging/gateway-settings.server";
import { db } from "~/modules/platform/db.server";
import { startFakeGateway, type FakeGateway } from "../../mocks/whatsapp-gateway";
import { connectedBroker, runningCampaign } from "../messaging/campaign-helpers";

/**
 * What the dispatcher does with the gateway's answer to a campaign send. A
 * 5xx may come after the message left: 'interrompido — pode ter sido
 * entregue', never re-sent. A 4xx (the gateway refused it) fails with the
 * gateway's reason, at most 500 characters. A message with an image link goes
 * as that image with the rest as caption, or as the whole text when the image
 * is refused. A campaign paused while another number's send was on its way
 * sends nothing more. Numbers are paired on the gateway fake; the sends then
 * go to a scripted gateway answering as each test says.
 */
type Request = { path: string; body: Record<string, unknown> };
let gw: FakeGateway;
let scripted: http.Server;
let scriptedUrl = "";
let requests: Request[] = [];
let answer: (req: Request) => Promise<[number, unknown]> | [number, unknown] = () => [201, { key: { id: "K" } }];

beforeAll(async () => {
  gw = await startFakeGateway();
  scripted = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const request = {
      path: req.url ?? "",
      body: JSON.parse(Buffer.concat(chunks).toString() || "{}") as Record<string, unknown>,
    };
    requests.push(request);
    const [status, body] = await answer(request);
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => scripted.listen(0, "127.0.0.1", resolve));
  scriptedUrl = `http://127.0.0.1:${(scripted.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await gw.close();
  await new Promise((resolve) => scripted.close(resolve));
});
beforeEach(async () => {
  await db().deleteFrom("whatsapp_messages").execute();
  await db().deleteFrom("campaign_jobs").execute();
  await db().deleteFrom("campaigns").execute();
  requests = [];
});

const T = new Date("2026-11-23T13:00:00.000Z"); // Monday 10:00 in São Paulo
const job = (id: number) => db().selectFrom("campaign_jobs").select(["status", "error", "message_key"]).where("id", "=", id).executeTakeFirstOrThrow();
/** A broker's number paired on the fake, then the gateway switched to the scripted one. */
async function numberOnScriptedGateway() {
  const broker = await connectedBroker(gw);
  await saveGatewayConfig({ baseUrl: scriptedUrl, apiKey: gw.apiKey });
  return broker;
}

describe("a campaign send the gateway did not accept", () => {
  for (const [status, expected] of [
    [500, INTERRUPTED],
    [503, INTERRUPTED],
    [499, "499 recusado"],
    [400, "400 recusado"],
  ] as const) {
    it(`answered ${status}: ${expected === INTERRUPTED ? "interrupted (it may have left)" : "failed with the gateway's reason"}, never tried again`, async () => {
      const { user } = await numberOnScriptedGateway();
      const { jobIds } = await runningCampaign(user, [{ to: "5511982220000", fireAt: T }]);
      answer = () => [status, { status, error: "x", response: { message: ["recusado"] } }];
      expect(await dispatchDueJobs(T)).toMatchObject({ sent: 0, failed: 1 });
      expect(await job(jobIds[0])).toEqual({
        status: "failed",
        error: expected,
        message_key: null,
      });
      await dispatchDueJobs(new Date(T.getTime() + 3_600_000));
      expect(requests).toHaveLength(1);
    });
  }

  it("unreachable (nothing listens): failed with the reason, not interrupted, since it cannot have left", async () => {
    const { user } = await connectedBroker(gw);
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await saveGatewayConfig({ baseUrl: `http://127.0.0.1:${port}`, apiKey: gw.apiKey });
    const { jobIds } = await runningCampaign(user, [{ to: "5511982320000", fireAt: T }]);
    expect(await dispatchDueJobs(T)).toMatchObject({ sent: 0, failed: 1 });
    const failed = await job(jobIds[0]);
    expect(failed.status).toBe("failed");
    expect(failed.error).toMatch(/^Gateway indisponível: /);
  });

  it("keeps 500 characters of a long reason", async () => {
    const { user } = await numberOnScriptedGateway();
    const { jobIds } = await runningCampaign(user, [{ to: "5511982230000", fireAt: T }]);
    answer = () => [400, { response: { message: ["r".repeat(600)] } }];
    await dispatchDueJobs(T);
    expect((await job(jobIds[0])).error).toBe(`400 ${"r".repeat(496)}`);
  });
});

describe("a campaign message with an image link", () => {
  const message = "Veja a casa: https://exemplo.com.br/casa.jpg";
  it("goes as the image, the rest of the text as its caption, and is recorded as an image", async () => {
    const { user } = await numberOnScriptedGateway();
    const { jobIds } = await runningCampaign(user, [{ to: "5511982240000", fireAt: T, message }]);
    answer = () => [201, { key: { id: "IMG-1" }, status: "PENDING" }];
    expect((await dispatchDueJobs(T)).sent).toBe(1);
    expect(requests.map((r) => [r.path.split("/")[2], r.body])).toEqual([
      [
        "sendMedia",
        {
          number: "5511982240000",
          mediatype: "image",
          media: "https://exemplo.com.br/casa.jpg",
          caption: "Veja a casa:",
        },
      ],
    ]);
    expect(await job(jobIds[0])).toEqual({
      status: "sent",
      error: null,
      message_key: "IMG-1",
    });
    const row = await db().selectFrom("whatsapp_messages").select(["kind", "body", "message_key"]).where("campaign_job_id", "=", jobIds[0]).executeTakeFirstOrThrow();
    expect(row).toEqual({ kind: "image", body: message, message_key: "IMG-1" });
  });

  it("goes as the whole text when the gateway refuses the image", async () => {
    const { user } = await numberOnScriptedGateway();
    const { jobIds } = await runningCampaign(user, [{ to: "5511982250000", fireAt: T, message }]);
    answer = (req) => (req.path.includes("sendMedia") ? [400, { response: { message: ["media refused"] } }] : [201, { key: { id: "TXT-1" } }]);
    expect((await dispatchDueJobs(T)).sent).toBe(1);
    expect(requests.map((r) => r.path.split("/")[2])).toEqual(["sendMedia", "sendText"]);
    expect(requests[1].body).toMatchObject({
      number: "5511982250000",
      text: message,
    });
    expect(await job(jobIds[0])).toEqual({
      status: "sent",
      error: null,
      message_key: "TXT-1",
    });
  });

  it("a plain text goes as text and is recorded as text", async () => {
    const { user } = await numberOnScriptedGateway();
    const { jobIds } = await runningCampaign(user, [
      {
        to: "5511982260000",
        fireAt: T,
        message: "Oi, veja https://exemplo.com.br/casa",
      },
    ]);
    answer = () => [201, { key: { id: "TXT-2" } }];
    await dispatchDueJobs(T);
    expect(requests.map((r) => r.path.split("/")[2])).toEqual(["sendText"]);
    expect((await db().selectFrom("whatsapp_messages").select("kind").where("campaign_job_id", "=", jobIds[0]).executeTakeFirstOrThrow()).kind).toBe("text");
  });
});

describe("a pause during a pass of the dispatcher", () => {
  it("a campaign paused while another number's message was on its way sends nothing more", async () => {
    const first = await connectedBroker(gw);
    const second = await connectedBroker(gw);
    await saveGatewayConfig({ baseUrl: scriptedUrl, apiKey: gw.apiKey });
    await runningCampaign(first.user, [{ to: "5511982270000", fireAt: T }]);
    const paused = await runningCampaign(second.user, [{ to: "5511982280000", fireAt: T }]);
    answer = async () => {
      // the second campaign is paused while the first number's send waits for its answer
      await db().updateTable("campaigns").set({ status: "paused" }).where("id", "=", paused.id).execute();
      return [201, { key: { id: "P-1" } }];
    };
    expect((await dispatchDueJobs(T)).sent).toBe(1);
    expect(requests.map((r) => r.body.number)).toEqual(["5511982270000"]);
    expect((await job(paused.jobIds[0])).status).toBe("scheduled");
  });
});

describe("a campaign removed during a pass of the dispatcher", () => {
  it("is skipped; the pass goes on", async () => {
    const first = await connectedBroker(gw);
    const second = await connectedBroker(gw);
    await saveGatewayConfig({ baseUrl: scriptedUrl, apiKey: gw.apiKey });
    await runningCampaign(first.user, [{ to: "5511982330000", fireAt: T }]);
    const removed = await runningCampaign(second.user, [{ to: "5511982340000", fireAt: T }]);
    answer = async () => {
      await db().deleteFrom("campaign_jobs").where("campaign_id", "=", removed.id).execute();
      await db().deleteFrom("campaigns").where("id", "=", removed.id).execute();
      return [201, { key: { id: "R-1" } }];
    };
    expect((await dispatchDueJobs(T)).sent).toBe(1);
    expect(requests.map((r) => r.body.number)).toEqual(["5511982330000"]);
  });
});

describe("the dispatcher job of the registry", () => {
  it("never overlaps itself: a run started while the previous one waits on a send does nothing, and the next run after it works", async () => {
    const first = await connectedBroker(gw);
    const second = await connectedBroker(gw);
    await saveGatewayConfig({ baseUrl: scriptedUrl, apiKey: gw.apiKey });
    await runningCampaign(first.user, [{ to: "5511982290000", fireAt: T }]);
    await runningCampaign(second.user, [{ to: "5511982300000", fireAt: T }]);
    let arrived!: () => void;
    const firstArrived = new Promise<void>((resolve) => (arrived = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    answer = async (req) => {
      if (req.body.number === "5511982290000") {
        arrived();
        await released;
      }
      return [201, { key: { id: `K-${String(req.body.number)}` } }];
    };
    const running = campaignDispatcherJob.run(T);
    await firstArrived;
    await campaignDispatcherJob.run(T); // the first run still waits for its answer
    expect(requests.map((r) => r.body.number)).toEqual(["5511982290000"]);
    release();
    await running;
    expect(requests.map((r) => r.body.number)).toEqual(["5511982290000", "5511982300000"]);
    const third = await connectedBroker(gw);
    await saveGatewayConfig({ baseUrl: scriptedUrl, apiKey: gw.apiKey });
    await runningCampaign(third.user, [{ to: "5511982310000", fireAt: T }]);
    await campaignDispatcherJob.run(T);
    expect(requests.map((r) => r.body.number)).toContain("5511982310000");
  });
});
