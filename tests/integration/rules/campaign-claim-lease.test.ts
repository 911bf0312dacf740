import os from "node:os";
import { describe, expect, it } from "vitest";
import { CLAIM_LEASE_MS, dispatchDueJobs, failClaimsOfDeadProcesses, INTERRUPTED, PROCESS_ID } from "~/modules/messaging/campaign-dispatcher.server";
import { db } from "~/modules/platform/db.server";
import { connectedBroker, fakeGatewayPerFile, runningCampaign } from "../messaging/campaign-helpers";

/**
 * A campaign message claimed for sending (status 'sending') by a process that
 * stopped before recording the answer is never sent again: it is settled as
 * 'interrompido — pode ter sido entregue'. A dead process of this machine is
 * known at once (its pid is gone); a claim of another machine, of a live
 * process here, or of this process waits for its whole lease (60 s) and is
 * settled the moment after. Fixed instants, `now` passed to the dispatcher.
 */
const gateway = fakeGatewayPerFile();

const claimedAt = new Date("2026-11-23T13:00:00.000Z");
const host = os.hostname();
const states = async (ids: number[]) => {
  const rows = await db().selectFrom("campaign_jobs").select(["id", "status", "error"]).where("id", "in", ids).execute();
  return ids.map((id) => {
    const r = rows.find((x) => x.id === id)!;
    return r.status === "failed" ? `failed: ${r.error}` : r.status;
  });
};
async function claims(claimers: (string | null)[], at: Date | null = claimedAt) {
  const { user } = await connectedBroker(gateway());
  const { jobIds } = await runningCampaign(
    user,
    claimers.map((claimedBy, i) => ({
      to: `55119800000${String(i).padStart(2, "0")}`,
      fireAt: claimedAt,
      status: "sending" as const,
      claimedBy,
      claimedAt: at,
    })),
  );
  return jobIds;
}

describe("the lease of a claimed campaign message", () => {
  it("holds for exactly 60 s after the claim; a millisecond later the message is interrupted, never sent again", async () => {
    expect(CLAIM_LEASE_MS).toBe(60_000);
    const [id] = await claims(["outra-maquina:999999999:x"]);
    const sentBefore = gateway().sent.length;
    expect((await dispatchDueJobs(new Date(claimedAt.getTime() + 60_000))).interrupted).toBe(0);
    expect(await states([id])).toEqual(["sending"]);
    expect((await dispatchDueJobs(new Date(claimedAt.getTime() + 60_001))).interrupted).toBe(1);
    expect(await states([id])).toEqual([`failed: ${INTERRUPTED}`]);
    expect(gateway().sent.length).toBe(sentBefore);
  });

  it("a claim with no time is settled at once", async () => {
    const [id] = await claims(["outra-maquina:999999999:x"], null);
    expect((await dispatchDueJobs(claimedAt)).interrupted).toBe(1);
    expect(await states([id])).toEqual([`failed: ${INTERRUPTED}`]);
  });
});

describe("a claim of a process of this machine", () => {
  it("is settled at once when its process is gone (a dead pid, pid 0 or none, this pid with another start); a live one, this process and another machine wait", async () => {
    const ids = await claims([
      `${host}:999999999:x`, // no such process
      `${host}:0:x`, // 0 is no process (kill(0) would reach the whole group)
      `${host}:-1:x`, // nor -1 (kill(-1) would reach every process)
      `${host}:abc:x`, // not a pid
      `${host}:${process.pid}:antes`, // this pid, an earlier life of it (a recycled pid)
      `${host}:${process.ppid}:x`, // a live process of this machine
      PROCESS_ID, // this very process
      `outra-maquina:999999999:x`, // another machine: its pids mean nothing here
      `${host}x:999999999:x`, // a machine whose name only starts like this one's
    ]);
    const atStart = new Date(claimedAt.getTime() + 1000);
    expect(await failClaimsOfDeadProcesses(atStart)).toBe(5);
    const settled = `failed: ${INTERRUPTED}`;
    expect(await states(ids)).toEqual([settled, settled, settled, settled, settled, "sending", "sending", "sending", "sending"]);
    expect(await failClaimsOfDeadProcesses(new Date(claimedAt.getTime() + CLAIM_LEASE_MS + 1))).toBe(4);
    expect(await states(ids)).toEqual(Array(9).fill(settled));
  });
});

describe("an abandoned claim the gateway reported sent", () => {
  it("becomes sent with its message row: at the claim's time, or at settling time when the claim has none; an image is recorded as an image", async () => {
    const { user, instanceName } = await connectedBroker(gateway());
    const now = new Date(claimedAt.getTime() + 5000);
    const { jobIds } = await runningCampaign(user, [
      {
        to: "5511980001111",
        fireAt: claimedAt,
        message: "Veja https://exemplo.com.br/casa.jpg hoje",
        status: "sending",
        claimedBy: `${host}:999999999:x`,
        claimedAt: claimedAt,
        messageKey: "GW-1",
      },
      {
        to: "5511980002222",
        fireAt: claimedAt,
        message: "Oi",
        status: "sending",
        claimedBy: null,
        claimedAt: null,
        messageKey: "GW-2",
      },
    ]);
    expect((await dispatchDueJobs(now)).interrupted).toBe(2);
    const jobs = await db().selectFrom("campaign_jobs").select(["status", "sent_at", "error", "delivery"]).where("id", "in", jobIds).orderBy("id").execute();
    expect(jobs).toEqual([
      {
        status: "sent",
        sent_at: claimedAt.toISOString(),
        error: null,
        delivery: "sent",
      },
      {
        status: "sent",
        sent_at: now.toISOString(),
        error: null,
        delivery: "sent",
      },
    ]);
    const messages = await db()
      .selectFrom("whatsapp_messages")
      .select(["campaign_job_id", "instance_name", "to", "kind", "message_key", "created_at", "updated_at"])
      .orderBy("campaign_job_id")
      .execute();
    expect(messages).toEqual([
      {
        campaign_job_id: jobIds[0],
        instance_name: instanceName,
        to: "5511980001111",
        kind: "image",
        message_key: "GW-1",
        created_at: claimedAt.toISOString(),
        updated_at: now.toISOString(),
      },
      {
        campaign_job_id: jobIds[1],
        instance_name: instanceName,
        to: "5511980002222",
        kind: "text",
        message_key: "GW-2",
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      },
    ]);
    expect((await dispatchDueJobs(new Date(now.getTime() + CLAIM_LEASE_MS * 2))).interrupted).toBe(0); // settled once
    expect(await db().selectFrom("whatsapp_messages").select("id").execute()).toHaveLength(2);
  });

  it("two processes settling it at the same moment record its message once", async () => {
    const { user } = await connectedBroker(gateway());
    const { jobIds } = await runningCampaign(user, [{ to: "5511980003333", fireAt: claimedAt, status: "sending", claimedBy: `${host}:999999999:x`, claimedAt, messageKey: "GW-3" }]);
    const now = new Date(claimedAt.getTime() + 1000);
    await Promise.all([failClaimsOfDeadProcesses(now), failClaimsOfDeadProcesses(now)]);
    expect((await db().selectFrom("campaign_jobs").select("status").where("id", "=", jobIds[0]).executeTakeFirstOrThrow()).status).toBe("sent");
    expect(await db().selectFrom("whatsapp_messages").select("message_key").execute()).toEqual([{ message_key: "GW-3" }]);
  });
});
