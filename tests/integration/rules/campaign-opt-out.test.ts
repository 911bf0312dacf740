import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/modules/auth/session.server";
import { dispatchDueJobs } from "~/modules/messaging/campaign-dispatcher.server";
import { campaignMonitor, launchCampaign, saveCampaign } from "~/modules/messaging/campaigns.server";
import { saveGatewayConfig } from "~/modules/messaging/gateway-settings.server";
import { DEFAULT_TIMING } from "~/modules/messaging/timing";
import { createConnection, findConnection, refreshConnection } from "~/modules/messaging/whatsapp-connections.server";
import { db } from "~/modules/platform/db.server";
import { startFakeGateway, type FakeGateway } from "../../mocks/whatsapp-gateway";
import { makeBroker } from "../../helpers/factories";

/**
 * The opt-out re-check just before a campaign send (campaign-dispatcher.server.ts):
 * a lead who opted out after the campaign was launched (the SAIR arrived
 * while the jobs were already scheduled, and nothing cancelled them) is
 * never messaged; the lead beside them, who did not opt out, is.
 * Fixed clock: the dispatcher and the launch take `now`.
 */
const MONDAY_10 = new Date("2026-11-23T13:00:00Z"); // 10:00 in São Paulo, inside the default window

let gw: FakeGateway;
beforeAll(async () => {
  gw = await startFakeGateway();
});
afterAll(async () => {
  await gw.close();
});

async function connectedBroker(): Promise<SessionUser> {
  const b = await makeBroker({ name: "Bia Campanha" });
  const user: SessionUser = { id: b.userId, email: b.email, name: b.name, role: "broker", broker: { id: b.brokerId, name: b.name, isActive: true, profileImage: null, phone: "" } };
  await saveGatewayConfig({ baseUrl: gw.url, apiKey: gw.apiKey });
  await createConnection(user, { name: "optout" });
  const instanceName = (await findConnection(user))!.instanceName;
  await gw.pair(instanceName);
  await refreshConnection(user, new Date(), true);
  // connected weeks ago: past the warm-up ramp
  await db().updateTable("whatsapp_connections").set({ connected_since: "2026-10-01T00:00:00.000Z" }).where("instance_name", "=", instanceName).execute();
  return user;
}

async function lead(user: SessionUser, name: string, phone: string): Promise<number> {
  const ts = MONDAY_10.toISOString();
  const row = await db()
    .insertInto("leads")
    .values({ name, email: `${name.toLowerCase().replace(/\W/g, "")}@exemplo.com.br`, phone, phone_normalized: null, message: "", broker_id: user.broker!.id, created_at: ts, updated_at: ts })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("the opt-out re-check before a campaign send", () => {
  it("a lead who opted out after the launch is skipped at send time; a lead who did not is sent to", async () => {
    const user = await connectedBroker();
    const stays = await lead(user, "Fica", "(11) 96111-0001");
    const leaves = await lead(user, "Sai", "(11) 96111-0002");
    const id = await saveCampaign(user, {
      name: "Reconfere",
      message: "Oi {nome}",
      leads: [
        { leadId: stays, name: "Fica", phone: "(11) 96111-0001" },
        { leadId: leaves, name: "Sai", phone: "(11) 96111-0002" },
      ],
      timing: { ...DEFAULT_TIMING, intervalSeconds: 60 },
    });
    expect(await launchCampaign(user, id, MONDAY_10, () => 0.5)).toEqual({ scheduled: 2, failed: 0, skipped: 0 });
    // the opt-out lands after the jobs were scheduled, without touching them
    await db().updateTable("leads").set({ whatsapp_opt_out_at: new Date(MONDAY_10.getTime() + 1000).toISOString() }).where("id", "=", leaves).execute();
    const pending = await db().selectFrom("campaign_jobs").select(["lead_id", "status"]).where("campaign_id", "=", id).orderBy("lead_id").execute();
    expect(pending.map((j) => j.status)).toEqual(["scheduled", "scheduled"]);

    const before = gw.sent.length;
    await dispatchDueJobs(new Date(MONDAY_10.getTime() + 10 * 60_000));
    const sent = gw.sent.slice(before);
    expect(sent.map((s) => s.number)).toEqual(["5511961110001"]);
    const jobs = await db().selectFrom("campaign_jobs").select(["lead_id", "status", "error"]).where("campaign_id", "=", id).execute();
    expect(jobs.find((j) => j.lead_id === stays)).toMatchObject({ status: "sent" });
    expect(jobs.find((j) => j.lead_id === leaves)).toMatchObject({ status: "cancelled", error: "Lead pediu para não receber mensagens (SAIR/PARAR)" });
    expect(await db().selectFrom("whatsapp_messages").select("id").where("lead_id", "=", leaves).execute()).toEqual([]);
    expect((await campaignMonitor(user, id)).campaign.status).toBe("completed");
  });
});
