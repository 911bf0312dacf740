import type { SessionUser } from "~/modules/auth/session.server";
import { dispatchDueJobs, type DispatchResult } from "~/modules/messaging/campaign-dispatcher.server";
import { saveGatewayConfig } from "~/modules/messaging/gateway-settings.server";
import { DEFAULT_TIMING, type Timing } from "~/modules/messaging/timing";
import { createConnection, findConnection, refreshConnection } from "~/modules/messaging/whatsapp-connections.server";
import { db } from "~/modules/platform/db.server";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { startFakeGateway, type FakeGateway } from "../../mocks/whatsapp-gateway";
import { makeBroker } from "../../helpers/factories";

/** Shared set-up of the campaign tests: a broker, their number paired on the gateway fake, leads, and the dispatcher run second by second. */
export async function brokerUser(name = "Ana Teste"): Promise<SessionUser> {
  const b = await makeBroker({ name });
  return { id: b.userId, email: b.email, name, role: "broker", broker: { id: b.brokerId, name, isActive: true, profileImage: null, phone: "" } };
}

/** The file's gateway fake (started once), and no campaign, job or message left by the test before each test. */
export function fakeGatewayPerFile(): () => FakeGateway {
  let gateway: FakeGateway;
  beforeAll(async () => {
    gateway = await startFakeGateway();
  });
  afterAll(() => gateway.close());
  beforeEach(async () => {
    await db().deleteFrom("whatsapp_messages").execute();
    await db().deleteFrom("campaign_jobs").execute();
    await db().deleteFrom("campaigns").execute();
  });
  return () => gateway;
}

/** A broker whose number is paired and connected; by default it first connected weeks ago (past the warm-up ramp). */
export async function connectedBroker(gw: FakeGateway, options: { firstConnectedAt?: string | null } = {}) {
  const user = await brokerUser();
  await saveGatewayConfig({ baseUrl: gw.url, apiKey: gw.apiKey });
  await createConnection(user, { name: "campanhas" });
  const instanceName = (await findConnection(user))!.instanceName;
  await gw.pair(instanceName);
  await refreshConnection(user, new Date(), true);
  const first = options.firstConnectedAt === undefined ? "2026-10-01T00:00:00.000Z" : options.firstConnectedAt;
  await db().updateTable("whatsapp_connections").set({ first_connected_at: first, next_send_at: null }).where("instance_name", "=", instanceName).execute();
  return { user, instanceName };
}

export async function insertLead(user: SessionUser, name: string, phone: string, createdAt = "2026-11-23T13:00:00.000Z"): Promise<number> {
  const row = await db()
    .insertInto("leads")
    .values({ name, email: `${name.toLowerCase().replace(/\W/g, "")}@x.com`, phone, phone_normalized: null, message: "", broker_id: user.broker!.id, created_at: createdAt, updated_at: createdAt })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The dispatcher once per `stepMs` from `from` to `to` (inclusive), as the jobs registry runs it; the results summed. */
export async function runTicks(from: Date, to: Date, stepMs = 1000, random: () => number = () => 0.5): Promise<DispatchResult> {
  const total: DispatchResult = { sent: 0, failed: 0, deferred: 0, respaced: 0, cancelled: 0, interrupted: 0, completed: 0 };
  for (let t = from.getTime(); t <= to.getTime(); t += stepMs) {
    const r = await dispatchDueJobs(new Date(t), random);
    for (const k of Object.keys(total) as (keyof DispatchResult)[]) total[k] += r[k];
  }
  return total;
}

/** Sent times (the job rows' sent_at) of a campaign, in order. */
export async function sentTimes(campaignId: number): Promise<number[]> {
  const rows = await db().selectFrom("campaign_jobs").select("sent_at").where("campaign_id", "=", campaignId).where("status", "=", "sent").orderBy("sent_at").execute();
  return rows.map((r) => Date.parse(r.sent_at!));
}

/** A running campaign of `user` with the given jobs written straight to the table (no launch, no spacing); returns the campaign id and job ids in order. */
export async function runningCampaign(
  user: SessionUser,
  jobs: { to: string; fireAt: Date; message?: string; status?: "scheduled" | "sending" | "paused"; claimedBy?: string | null; claimedAt?: Date | null; messageKey?: string | null }[],
  timing: Timing = { ...DEFAULT_TIMING, intervalSeconds: 60 },
): Promise<{ id: number; jobIds: number[] }> {
  const ts = "2026-11-23T12:00:00.000Z";
  const campaign = await db()
    .insertInto("campaigns")
    .values({ broker_id: user.broker!.id, name: "Regra", message: "Oi", timing: JSON.stringify(timing), status: "running", launched_at: ts, created_at: ts, updated_at: ts })
    .returning("id")
    .executeTakeFirstOrThrow();
  const jobIds: number[] = [];
  for (const job of jobs) {
    const row = await db()
      .insertInto("campaign_jobs")
      .values({
        campaign_id: campaign.id,
        lead_id: null,
        lead_name: job.to,
        to: job.to,
        message: job.message ?? "Oi",
        fire_at: job.fireAt.toISOString(),
        status: job.status ?? "scheduled",
        claimed_by: job.claimedBy ?? null,
        claimed_at: job.claimedAt ? job.claimedAt.toISOString() : null,
        message_key: job.messageKey ?? null,
        created_at: ts,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    jobIds.push(row.id);
  }
  return { id: campaign.id, jobIds };
}
