import { describe, expect, it } from "vitest";
import { completeFinishedCampaigns, dispatchDueJobs, lateToleranceMs, PROCESS_ID } from "~/modules/messaging/campaign-dispatcher.server";
import { clearGatewayConfig } from "~/modules/messaging/gateway-settings.server";
import { DEFAULT_TIMING } from "~/modules/messaging/timing";
import { db } from "~/modules/platform/db.server";
import { connectedBroker, fakeGatewayPerFile, runningCampaign } from "../messaging/campaign-helpers";

/**
 * When a campaign message leaves: not before its time; at its time only if
 * the number's send slot is free (its last send plus the interval minus the
 * jitter, 80 %); and only if it is not late by more than the tolerance (20 %
 * of the interval, at least 5 s) — a later one makes the rest of the
 * campaign spread again instead of a burst. A campaign ends when no message
 * is left to send. Fixed instants, `now` passed to the dispatcher.
 */
const gateway = fakeGatewayPerFile();

const T = new Date("2026-11-23T13:00:00.000Z"); // Monday 10:00 in São Paulo
const plus = (ms: number) => new Date(T.getTime() + ms);
const job = (id: number) => db().selectFrom("campaign_jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const slotOf = async (instanceName: string) => (await db().selectFrom("whatsapp_connections").select("next_send_at").where("instance_name", "=", instanceName).executeTakeFirstOrThrow()).next_send_at;

describe("a campaign message's moment", () => {
  it("leaves at its time, not a millisecond before; the claim and the send are recorded, and the number's next slot is 80 % of the interval later", async () => {
    const { user, instanceName } = await connectedBroker(gateway());
    const { jobIds } = await runningCampaign(user, [{ to: "5511981110000", fireAt: T }]);
    expect((await dispatchDueJobs(plus(-1))).sent).toBe(0);
    expect((await job(jobIds[0])).status).toBe("scheduled");
    expect(await slotOf(instanceName)).toBeNull();
    expect((await dispatchDueJobs(T)).sent).toBe(1);
    const key = gateway().sent.at(-1)!.keyId;
    expect(await job(jobIds[0])).toMatchObject({
      status: "sent",
      sent_at: T.toISOString(),
      attempts: 1,
      claimed_by: PROCESS_ID,
      claimed_at: T.toISOString(),
      message_key: key,
      delivery: "sent",
      error: null,
    });
    expect(await slotOf(instanceName)).toBe(plus(48_000).toISOString());
  });

  it("of a number's due messages, the one due first leaves first, whatever the order they were written in", async () => {
    const { user } = await connectedBroker(gateway());
    const { jobIds } = await runningCampaign(user, [
      { to: "5511981180000", fireAt: plus(-1000) },
      { to: "5511981190000", fireAt: plus(-5000) },
    ]);
    expect((await dispatchDueJobs(T)).sent).toBe(1);
    expect((await Promise.all(jobIds.map(job))).map((j) => j.status)).toEqual(["scheduled", "sent"]);
  });

  it("waits while the number's slot is taken, and leaves the instant it frees", async () => {
    const { user, instanceName } = await connectedBroker(gateway());
    await db()
      .updateTable("whatsapp_connections")
      .set({ next_send_at: plus(1).toISOString() })
      .where("instance_name", "=", instanceName)
      .execute();
    const { jobIds } = await runningCampaign(user, [{ to: "5511981120000", fireAt: T }]);
    expect((await dispatchDueJobs(T)).sent).toBe(0);
    expect((await job(jobIds[0])).status).toBe("scheduled");
    expect((await dispatchDueJobs(plus(1))).sent).toBe(1);
    expect((await job(jobIds[0])).status).toBe("sent");
  });
});

describe("two passes of the dispatcher at once", () => {
  it("send a message once, even when the second comes when the number's slot has freed (a 1 s interval, 0.8 s later)", async () => {
    const { user } = await connectedBroker(gateway());
    const { jobIds } = await runningCampaign(user, [{ to: "5511981210000", fireAt: T }], { ...DEFAULT_TIMING, intervalSeconds: 1 });
    const sentBefore = gateway().sent.length;
    const results = await Promise.all([dispatchDueJobs(T), dispatchDueJobs(plus(800))]);
    expect(results.map((r) => r.sent).sort()).toEqual([0, 1]);
    expect(gateway().sent.length - sentBefore).toBe(1);
    expect((await job(jobIds[0])).attempts).toBe(1);
  });
});

describe("the warm-up of a number connected before first connections were recorded", () => {
  const fill = (brokerId: string, instanceName: string, n: number) =>
    db()
      .insertInto("whatsapp_messages")
      .values(
        Array.from({ length: n }, (_, i) => ({
          broker_id: brokerId,
          instance_name: instanceName,
          to: `5511970${i}`,
          body: "x",
          created_at: plus(-60_000).toISOString(),
          updated_at: plus(-60_000).toISOString(),
        })),
      )
      .execute();
  for (const [connectedDaysAgo, sends] of [
    [10, true],
    [0, false],
  ] as const) {
    it(`counts from when it connected: connected ${connectedDaysAgo} days ago, its 31st message today ${sends ? "leaves" : "waits for tomorrow"}`, async () => {
      const { user, instanceName } = await connectedBroker(gateway());
      await db()
        .updateTable("whatsapp_connections")
        .set({ first_connected_at: null, connected_since: plus(-connectedDaysAgo * 86_400_000 - 3_600_000).toISOString() })
        .where("instance_name", "=", instanceName)
        .execute();
      await fill(user.broker!.id, instanceName, 30);
      const { jobIds } = await runningCampaign(user, [{ to: "5511981220000", fireAt: T }]);
      expect(await dispatchDueJobs(T)).toMatchObject(sends ? { sent: 1, deferred: 0 } : { sent: 0, deferred: 1 });
      expect((await job(jobIds[0])).status).toBe(sends ? "sent" : "scheduled");
    });
  }
});

describe("a number that cannot send", () => {
  it("keeps its messages waiting, scheduled, while it is disconnected or no gateway is configured", async () => {
    const { user, instanceName } = await connectedBroker(gateway());
    const { jobIds } = await runningCampaign(user, [{ to: "5511981170000", fireAt: T }]);
    await db().updateTable("whatsapp_connections").set({ status: "disconnected" }).where("instance_name", "=", instanceName).execute();
    expect(await dispatchDueJobs(T)).toMatchObject({ sent: 0, failed: 0 });
    expect((await job(jobIds[0])).status).toBe("scheduled");
    await db().updateTable("whatsapp_connections").set({ status: "connected" }).where("instance_name", "=", instanceName).execute();
    await clearGatewayConfig();
    expect(await dispatchDueJobs(T)).toMatchObject({ sent: 0, failed: 0 });
    expect(await job(jobIds[0])).toMatchObject({
      status: "scheduled",
      error: null,
    });
  });
});

describe("the lateness tolerance", () => {
  it("is 20 % of the interval, never under 5 s", () => {
    const at = (intervalSeconds: number) => lateToleranceMs({ ...DEFAULT_TIMING, intervalSeconds });
    expect([1, 10, 25, 26, 60, 3600].map(at)).toEqual([5_000, 5_000, 5_000, 5_200, 12_000, 720_000]);
  });

  for (const [intervalSeconds, tolerance] of [
    [60, 12_000],
    [10, 5_000],
  ] as const) {
    it(`with a ${intervalSeconds} s interval a message ${tolerance / 1000} s late still leaves; a millisecond later the rest is spread again from now`, async () => {
      const timing = { ...DEFAULT_TIMING, intervalSeconds };
      const onTime = await connectedBroker(gateway());
      const a = await runningCampaign(onTime.user, [{ to: "5511981130000", fireAt: T }], timing);
      expect(await dispatchDueJobs(plus(tolerance))).toMatchObject({
        sent: 1,
        respaced: 0,
      });
      expect((await job(a.jobIds[0])).status).toBe("sent");

      const late = await connectedBroker(gateway());
      const b = await runningCampaign(
        late.user,
        [
          { to: "5511981140000", fireAt: T },
          { to: "5511981150000", fireAt: T },
        ],
        timing,
      );
      const now = plus(tolerance + 1);
      const sentBefore = gateway().sent.length;
      expect(await dispatchDueJobs(now, () => 0.5)).toMatchObject({
        sent: 0,
        respaced: 2,
      });
      expect(gateway().sent.length).toBe(sentBefore);
      const moved = await Promise.all(b.jobIds.map(job));
      expect(moved.map((j) => j.status)).toEqual(["scheduled", "scheduled"]);
      expect(moved.map((j) => j.fire_at)).toEqual([now.toISOString(), new Date(now.getTime() + intervalSeconds * 1000).toISOString()]);
    });
  }
});

describe("the end of a campaign", () => {
  it("comes when no message is scheduled, being sent or paused; sent, failed and cancelled ones do not hold it", async () => {
    const { user } = await connectedBroker(gateway());
    const later = plus(3_600_000);
    const make = (statuses: ("scheduled" | "sending" | "paused" | "sent" | "failed" | "cancelled")[]) =>
      runningCampaign(
        user,
        statuses.map((_, i) => ({ to: `551198116000${i}`, fireAt: later })),
      ).then(async (c) => {
        for (const [i, s] of statuses.entries()) await db().updateTable("campaign_jobs").set({ status: s }).where("id", "=", c.jobIds[i]).execute();
        return c.id;
      });
    const open = [await make(["sent", "scheduled"]), await make(["sent", "sending"]), await make(["failed", "paused"])];
    const done = [await make(["sent", "failed", "cancelled"])];
    expect(await completeFinishedCampaigns(T)).toBe(1);
    const rows = await db().selectFrom("campaigns").select(["id", "status", "updated_at"]).orderBy("id").execute();
    expect(rows.filter((r) => open.includes(r.id)).map((r) => r.status)).toEqual(["running", "running", "running"]);
    expect(rows.find((r) => r.id === done[0])).toMatchObject({
      status: "completed",
      updated_at: T.toISOString(),
    });
  });
});
