import type { CampaignJobStatus, CampaignStatus } from "#db/schema";
import { brokerScope } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { db } from "~/modules/platform/db.server";
import { JOB_STATUS_ORDER } from "./campaign-rules";
import { waitReason } from "./campaign-wait";
import { draftLeadsOf, findOwnCampaign } from "./campaigns.server";
import { dailyCapFor, daysConnected, sentToday, WARM_UP_CAPS } from "./pace.server";
import { parseTiming } from "./timing";

/** What the campaign monitor and the campaigns list show (spec 03 §2.5, §4). */
export type CampaignCounts = { total: number; sent: number; failed: number; pending: number; sending: number; paused: number; cancelled: number };

/** Displayed status (spec 03 §4): completed when everything ended; running while anything is pending or sending; paused if flagged. */
export function displayedStatus(stored: CampaignStatus, counts: CampaignCounts): CampaignStatus {
  if (stored === "draft") return "draft";
  if (counts.total > 0 && counts.sent + counts.failed + counts.cancelled === counts.total) return "completed";
  if (stored === "paused") return "paused";
  if (counts.pending > 0 || counts.sending > 0) return "running";
  return stored;
}

/** A draft has no jobs yet: its recipients are its total, all pending. */
export function draftCounts(leadsJson: string): CampaignCounts {
  const n = draftLeadsOf(leadsJson).length;
  return { total: n, sent: 0, failed: 0, pending: n, sending: 0, paused: 0, cancelled: 0 };
}

export async function campaignCounts(campaignId: number): Promise<CampaignCounts> {
  const rows = await db()
    .selectFrom("campaign_jobs")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .where("campaign_id", "=", campaignId)
    .groupBy("status")
    .execute();
  const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Partial<Record<CampaignJobStatus, number>>;
  const counts = { sent: by.sent ?? 0, failed: by.failed ?? 0, pending: by.scheduled ?? 0, sending: by.sending ?? 0, paused: by.paused ?? 0, cancelled: by.cancelled ?? 0 };
  return { total: Object.values(counts).reduce((a, b) => a + b, 0), ...counts };
}

export type MonitorJob = { id: number; leadName: string | null; to: string; status: CampaignJobStatus; fireAt: string; sentAt: string | null; error: string | null; delivery: string | null };

/** Why the next message waits (the number's state, its cap today, the window), for the monitor. */
async function waitOf(c: { broker_id: string; timing: string; status: CampaignStatus }, status: CampaignStatus, counts: CampaignCounts, nextFireAt: string | null, now: Date) {
  const connection = await db()
    .selectFrom("whatsapp_connections")
    .select((eb) => ["status", "instance_name", eb.fn.coalesce("first_connected_at", "connected_since").as("first_connected_at")])
    .where("broker_id", "=", c.broker_id)
    .executeTakeFirst();
  const days = daysConnected(connection?.first_connected_at ?? null, now);
  return waitReason({
    status,
    pending: counts.pending + counts.paused + counts.sending,
    connection: connection?.status ?? null,
    sentToday: connection ? await sentToday(connection.instance_name, now) : 0,
    cap: dailyCapFor(connection?.first_connected_at ?? null, now),
    warmUpDay: days === null ? 1 : days < WARM_UP_CAPS.length ? days + 1 : null,
    warmUpDays: WARM_UP_CAPS.length,
    timing: parseTiming(c.timing),
    nextFireAt,
    now,
  });
}

export async function campaignMonitor(user: SessionUser, campaignId: number, filter: { q?: string; status?: CampaignJobStatus | "" } = {}, now: Date = new Date()) {
  const c = await findOwnCampaign(user, campaignId);
  const counts = c.status === "draft" ? draftCounts(c.leads) : await campaignCounts(campaignId);
  const upcoming = await db()
    .selectFrom("campaign_jobs")
    .select(["id", "lead_name", "to", "fire_at"])
    .where("campaign_id", "=", campaignId)
    .where("status", "=", "scheduled")
    .orderBy("fire_at")
    .limit(5)
    .execute();
  let q = db()
    .selectFrom("campaign_jobs")
    .select(["id", "lead_name", "to", "status", "fire_at", "sent_at", "error", "delivery"])
    .where("campaign_id", "=", campaignId);
  if (filter.status) q = q.where("status", "=", filter.status);
  if (filter.q?.trim()) {
    const like = `%${filter.q.trim().replace(/[%_]/g, "")}%`;
    q = q.where((eb) => eb.or([eb("lead_name", "like", like), eb("to", "like", like)]));
  }
  const jobs = await q.orderBy("fire_at").orderBy("id").limit(1000).execute();
  const order = (s: CampaignJobStatus) => JOB_STATUS_ORDER.indexOf(s);
  jobs.sort((a, b) => order(a.status) - order(b.status) || a.fire_at.localeCompare(b.fire_at));
  const status = displayedStatus(c.status, counts);
  return {
    campaign: { id: c.id, name: c.name, message: c.message, createdAt: c.created_at, launchedAt: c.launched_at, storedStatus: c.status, status },
    wait: await waitOf(c, status, counts, upcoming[0]?.fire_at ?? null, now),
    counts,
    progress: counts.total ? Math.round(((counts.sent + counts.failed + counts.cancelled) / counts.total) * 100) : 0,
    nextFireAt: upcoming[0]?.fire_at ?? null,
    upcoming: upcoming.map((j) => ({ id: j.id, leadName: j.lead_name, to: j.to, fireAt: j.fire_at })),
    jobs: jobs.map((j): MonitorJob => ({ id: j.id, leadName: j.lead_name, to: j.to, status: j.status, fireAt: j.fire_at, sentAt: j.sent_at, error: j.error, delivery: j.delivery })),
  };
}

export async function listCampaigns(user: SessionUser) {
  const scope = brokerScope(user);
  let q = db().selectFrom("campaigns").select(["id", "name", "status", "created_at", "launched_at", "broker_id", "leads"]).orderBy("created_at", "desc").limit(100);
  if (scope) q = q.where("broker_id", "=", scope);
  const rows = await q.execute();
  return Promise.all(rows.map(async (r) => ({ ...r, counts: r.status === "draft" ? draftCounts(r.leads) : await campaignCounts(r.id) }))).then((list) =>
    list.map((r) => ({ id: r.id, name: r.name, createdAt: r.created_at, launchedAt: r.launched_at, counts: r.counts, status: displayedStatus(r.status, r.counts) })),
  );
}
