import { describe, expect, it } from "vitest";
import { campaignMonitor } from "~/modules/messaging/campaign-monitor.server";
import { db } from "~/modules/platform/db.server";
import { brokerUser } from "../messaging/campaign-helpers";

/**
 * The campaign monitor lists a campaign's messages by what became of them —
 * sent, failed, sending, scheduled, paused, cancelled — and, within each,
 * by the time they were (or are) due; its status filter offers the same
 * order (campaign-rules.ts, JOB_STATUS_ORDER).
 */
describe("the order of the campaign monitor's messages", () => {
  it("sent first, then failed, sending, scheduled, paused and cancelled, each by due time", async () => {
    const user = await brokerUser("Bia Monitor");
    const ts = "2026-11-23T12:00:00.000Z";
    const campaign = await db()
      .insertInto("campaigns")
      .values({ broker_id: user.broker!.id, name: "Ordem", message: "Oi", timing: "{}", status: "running", launched_at: ts, created_at: ts, updated_at: ts })
      .returning("id")
      .executeTakeFirstOrThrow();
    // inserted in an order that is none of the ones asserted; due times are 14:0X
    const jobs = [
      ["cancelled", 1],
      ["scheduled", 5],
      ["paused", 2],
      ["sent", 6],
      ["sending", 3],
      ["failed", 4],
      ["scheduled", 0],
      ["sent", 1],
    ] as const;
    for (const [status, minute] of jobs) {
      await db()
        .insertInto("campaign_jobs")
        .values({ campaign_id: campaign.id, lead_id: null, lead_name: `${status} ${minute}`, to: `55119777700${minute}${minute}`, message: "Oi", fire_at: `2026-11-23T14:0${minute}:00.000Z`, status, created_at: ts })
        .execute();
    }
    const monitor = await campaignMonitor(user, campaign.id, {}, new Date("2026-11-23T14:10:00.000Z"));
    expect(monitor.jobs.map((j) => j.leadName)).toEqual(["sent 1", "sent 6", "failed 4", "sending 3", "scheduled 0", "scheduled 5", "paused 2", "cancelled 1"]);
  });
});
