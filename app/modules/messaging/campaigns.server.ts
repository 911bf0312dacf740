import { assertCan, brokerScope } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { db, nowIso } from "~/modules/platform/db.server";
import { optedOutKeys } from "./opt-out.server";
import { paceStart, respaceCampaign } from "./pace.server";
import { connectionStatusOf } from "./whatsapp-connections.server";
import { campaignNumber, optOutKey, uniqueRecipients } from "./whatsapp-numbers";
import { CAMPAIGN_MESSAGES, MAX_CAMPAIGN_LEADS, personalise } from "./campaign-rules";
import { CampaignError, type CampaignDraft, type CampaignLead } from "./campaign-types";
import { DEFAULT_TIMING, parseTiming, scheduleSendTimes, type Timing } from "./timing";

/**
 * WhatsApp campaigns (spec 03 §2.4, §2.5, §4, §5): saved as drafts, launched
 * into one row per message in campaign_jobs (the dispatcher sends them),
 * paused and resumed, and watched from the monitor.
 */

function brokerOf(user: SessionUser): string {
  if (!user.broker) throw new CampaignError(CAMPAIGN_MESSAGES.login);
  return user.broker.id;
}

export function validateDraft(d: Partial<CampaignDraft>): string | null {
  if (!d.name?.trim()) return CAMPAIGN_MESSAGES.name;
  if (!d.message?.trim()) return CAMPAIGN_MESSAGES.message;
  if (!d.leads?.length) return CAMPAIGN_MESSAGES.leads;
  return null;
}

/** Stores the campaign as a draft; its leads travel in the draft until launch. */
export async function saveCampaign(user: SessionUser, draft: CampaignDraft, campaignId?: number): Promise<number> {
  const brokerId = brokerOf(user);
  const problem = validateDraft(draft);
  if (problem) throw new CampaignError(CAMPAIGN_MESSAGES.incomplete);
  const ts = nowIso();
  const timing = JSON.stringify(draft.timing);
  const leads = JSON.stringify(draft.leads.slice(0, MAX_CAMPAIGN_LEADS));
  if (campaignId) {
    const existing = await findOwnCampaign(user, campaignId);
    if (existing.status !== "draft") throw new CampaignError(CAMPAIGN_MESSAGES.launched);
    await db().updateTable("campaigns").set({ name: draft.name.trim(), message: draft.message.trim(), timing, leads, updated_at: ts }).where("id", "=", campaignId).execute();
    return campaignId;
  }
  const row = await db()
    .insertInto("campaigns")
    .values({ broker_id: brokerId, name: draft.name.trim(), message: draft.message.trim(), timing, leads, status: "draft", created_at: ts, updated_at: ts })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Wizard steps 1–2: name and message (and timing) of a draft; leads come in step 3. */
export async function saveDraftDetails(user: SessionUser, input: { name: string; message: string; timing?: Timing }, campaignId?: number | null): Promise<number> {
  const brokerId = brokerOf(user);
  if (!input.name.trim()) throw new CampaignError(CAMPAIGN_MESSAGES.name);
  if (!input.message.trim()) throw new CampaignError(CAMPAIGN_MESSAGES.message);
  const ts = nowIso();
  if (campaignId) {
    const existing = await findOwnCampaign(user, campaignId);
    if (existing.status !== "draft") throw new CampaignError(CAMPAIGN_MESSAGES.launched);
    await db()
      .updateTable("campaigns")
      .set({ name: input.name.trim(), message: input.message.trim(), ...(input.timing ? { timing: JSON.stringify(input.timing) } : {}), updated_at: ts })
      .where("id", "=", campaignId)
      .execute();
    return campaignId;
  }
  const row = await db()
    .insertInto("campaigns")
    .values({ broker_id: brokerId, name: input.name.trim(), message: input.message.trim(), timing: JSON.stringify(input.timing ?? DEFAULT_TIMING), status: "draft", created_at: ts, updated_at: ts })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Wizard step 3: the recipients (at most 500, one per number). CRM leads are
 * checked to be the user's own. Returns how many were kept and how many
 * repeated a number already in the list.
 */
export async function setDraftLeads(user: SessionUser, campaignId: number, leads: CampaignLead[]): Promise<{ count: number; duplicates: number }> {
  const c = await findOwnCampaign(user, campaignId);
  if (c.status !== "draft") throw new CampaignError(CAMPAIGN_MESSAGES.launched);
  const { unique, duplicates } = uniqueRecipients(leads);
  const list = unique.slice(0, MAX_CAMPAIGN_LEADS);
  const ids = list.map((l) => l.leadId).filter((id): id is number => Number.isInteger(id));
  if (ids.length) {
    const scope = brokerScope(user);
    let q = db().selectFrom("leads").select("id").where("id", "in", ids);
    if (scope) q = q.where("broker_id", "=", scope);
    const own = new Set((await q.execute()).map((r) => r.id));
    for (const l of list) if (l.leadId != null && !own.has(l.leadId)) l.leadId = null;
  }
  await db().updateTable("campaigns").set({ leads: JSON.stringify(list), updated_at: nowIso() }).where("id", "=", campaignId).execute();
  return { count: list.length, duplicates };
}

export async function setDraftTiming(user: SessionUser, campaignId: number, timing: Timing): Promise<void> {
  const c = await findOwnCampaign(user, campaignId);
  if (c.status !== "draft") throw new CampaignError(CAMPAIGN_MESSAGES.launched);
  await db().updateTable("campaigns").set({ timing: JSON.stringify(timing), updated_at: nowIso() }).where("id", "=", campaignId).execute();
}

export async function loadDraft(user: SessionUser, campaignId: number) {
  const c = await findOwnCampaign(user, campaignId);
  return { id: c.id, name: c.name, message: c.message, status: c.status, timing: parseTiming(c.timing), leads: draftLeadsOf(c.leads) };
}

/** 'Salvar campanha' (step 4): everything present, else the spec's combined message. */
export async function finaliseDraft(user: SessionUser, campaignId: number): Promise<void> {
  const d = await loadDraft(user, campaignId);
  if (validateDraft(d)) throw new CampaignError(CAMPAIGN_MESSAGES.incomplete);
}

export function draftLeadsOf(leadsJson: string): CampaignLead[] {
  try {
    const leads = JSON.parse(leadsJson);
    return Array.isArray(leads) ? leads.filter((l) => l && typeof l.phone === "string").slice(0, MAX_CAMPAIGN_LEADS) : [];
  } catch {
    return [];
  }
}

export async function findOwnCampaign(user: SessionUser, id: number) {
  const row = await db().selectFrom("campaigns").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new CampaignError(CAMPAIGN_MESSAGES.notFound);
  assertCan(user, "read", "campaign", { brokerId: row.broker_id }, { hideAs404: true, message: CAMPAIGN_MESSAGES.notFound });
  return row;
}

export type LaunchResult = { scheduled: number; failed: number; skipped: number };

/**
 * Launch: checks the instance (spec 03 §5), then writes every message as a
 * job in one transaction, spaced by the interval with jitter inside the
 * window, from the number's next free instant. One message per number;
 * numbers on the suppression list are recorded as cancelled, bad phones as
 * failed.
 */
export async function launchCampaign(user: SessionUser, campaignId: number, now = new Date(), random: () => number = Math.random): Promise<LaunchResult> {
  const brokerId = brokerOf(user);
  const campaign = await findOwnCampaign(user, campaignId);
  assertCan(user, "update", "campaign", { brokerId: campaign.broker_id }, { hideAs404: true, message: CAMPAIGN_MESSAGES.notFound });
  if (campaign.status !== "draft") throw new CampaignError(CAMPAIGN_MESSAGES.launched);
  const status = await connectionStatusOf(brokerId);
  if (!status) throw new CampaignError(CAMPAIGN_MESSAGES.noInstance);
  if (status !== "connected") throw new CampaignError(CAMPAIGN_MESSAGES.notConnected);
  const leads = uniqueRecipients(draftLeadsOf(campaign.leads)).unique;
  if (leads.length === 0) throw new CampaignError(CAMPAIGN_MESSAGES.incomplete);
  const timing = parseTiming(campaign.timing);
  const blocked = await optedOutKeys(leads.map((l) => l.phone));
  const isBlocked = (phone: string) => blocked.has(optOutKey(phone) ?? "");
  const sendable = leads.filter((l) => campaignNumber(l.phone) && !isBlocked(l.phone));
  const times = scheduleSendTimes(await paceStart(brokerId, now), sendable.length, timing, random);
  const ts = now.toISOString();
  let t = 0;
  const rows = leads.map((l) => {
    const to = campaignNumber(l.phone);
    const base = { campaign_id: campaignId, lead_id: l.leadId ?? null, lead_name: l.name, message: personalise(campaign.message, l.name), created_at: ts };
    if (!to) return { ...base, to: l.phone || "-", fire_at: ts, status: "failed" as const, error: CAMPAIGN_MESSAGES.invalidPhone };
    if (isBlocked(to)) return { ...base, to, fire_at: ts, status: "cancelled" as const, error: CAMPAIGN_MESSAGES.optedOut };
    const at = times[t++];
    if (!at) return { ...base, to, fire_at: ts, status: "failed" as const, error: CAMPAIGN_MESSAGES.noSlot };
    return { ...base, to, fire_at: at.toISOString(), status: "scheduled" as const, error: null };
  });
  await db()
    .transaction()
    .execute(async (tx) => {
      for (let i = 0; i < rows.length; i += 200) await tx.insertInto("campaign_jobs").values(rows.slice(i, i + 200)).execute();
      await tx
        .updateTable("campaigns")
        .set({ status: "running", launched_at: ts, scheduled_at: times[0]?.toISOString() ?? null, updated_at: ts })
        .where("id", "=", campaignId)
        .where("status", "=", "draft")
        .execute();
    });
  const scheduled = rows.filter((r) => r.status === "scheduled").length;
  return { scheduled, failed: rows.filter((r) => r.status === "failed").length, skipped: rows.filter((r) => r.status === "cancelled").length };
}

/** Pause takes effect before the next send: the dispatcher only claims jobs of running campaigns. */
export async function pauseCampaign(user: SessionUser, campaignId: number): Promise<void> {
  const c = await findOwnCampaign(user, campaignId);
  assertCan(user, "update", "campaign", { brokerId: c.broker_id }, { hideAs404: true });
  if (!["running", "scheduled"].includes(c.status)) return;
  await db()
    .transaction()
    .execute(async (tx) => {
      await tx.updateTable("campaigns").set({ status: "paused", updated_at: nowIso() }).where("id", "=", campaignId).execute();
      await tx.updateTable("campaign_jobs").set({ status: "paused" }).where("campaign_id", "=", campaignId).where("status", "=", "scheduled").execute();
    });
}

/** Resume spreads the remaining messages again from the number's next free instant, inside the window. */
export async function resumeCampaign(user: SessionUser, campaignId: number, now = new Date(), random: () => number = Math.random): Promise<void> {
  const c = await findOwnCampaign(user, campaignId);
  assertCan(user, "update", "campaign", { brokerId: c.broker_id }, { hideAs404: true });
  if (c.status !== "paused") return;
  const from = await paceStart(c.broker_id, now);
  await db()
    .transaction()
    .execute(async (tx) => {
      await respaceCampaign(tx, campaignId, from, parseTiming(c.timing), random, ["paused", "scheduled"]);
      await tx.updateTable("campaigns").set({ status: "running", updated_at: nowIso() }).where("id", "=", campaignId).execute();
    });
}

export type PickableLead = CampaignLead & { leadId: number; optedOut: boolean };

/**
 * CRM leads for step 3: the user's own with a phone (at most 500, newest
 * first, optionally by name). Numbers on the suppression list are listed
 * too, marked, so the broker sees why they cannot be chosen.
 */
export async function leadsForCampaign(user: SessionUser, search?: string): Promise<PickableLead[]> {
  const scope = brokerScope(user);
  let q = db().selectFrom("leads").select(["id", "name", "phone"]).where("phone", "!=", "").orderBy("created_at", "desc").limit(MAX_CAMPAIGN_LEADS);
  if (scope) q = q.where("broker_id", "=", scope);
  if (search?.trim()) q = q.where("name", "like", `%${search.trim().replace(/[%_]/g, "")}%`);
  const rows = await q.execute();
  const blocked = await optedOutKeys(rows.map((r) => r.phone));
  return rows.map((r) => ({ leadId: r.id, name: r.name, phone: r.phone, optedOut: blocked.has(optOutKey(r.phone) ?? "") }));
}

/** The draft's recipients as the sender lists them: opted-out and invalid numbers marked. */
export async function draftRecipients(leads: readonly CampaignLead[]) {
  const blocked = await optedOutKeys(leads.map((l) => l.phone));
  return leads.map((l, i) => ({ key: i, name: l.name, phone: l.phone, fromCrm: l.leadId != null, invalid: !campaignNumber(l.phone), optedOut: blocked.has(optOutKey(l.phone) ?? "") }));
}
