import { data } from "react-router";
import { db, nowIso, type DbOrTx, type Tx } from "~/modules/platform/db.server";
import { assertCan, canAdministerCrm } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { boardStageKind, CRM_MESSAGES, statusForStageName } from "./labels";
import { requireLead } from "~/modules/leads/lead-access.server";
import { getStage } from "./stages.server";

/**
 * Deals and stage moves (02 §4).
 * - A lead has no deal until one is needed (activity, note, opportunity);
 *   then the deal is found by external_source_id or created, once.
 * - A move writes ONE card row: stage and a fractional position at the end of
 *   the target stage (highest position there + 1); nothing else is renumbered.
 *   To drop between two cards use positionBetween().
 * - Every move records who/when in crm_stage_changes (lead moves) and
 *   creates the target stage's active template activities.
 */

export type DealRow = { id: number; owner_id: string | null; stage_id: number | null; external_source_id: number | null; title: string };

export class StageNotFoundError extends Error {
  constructor() {
    super(CRM_MESSAGES.stageNotSelected);
  }
}

/** The deal of a lead: found by external_source_id, created when missing. Caller has checked access. */
export async function ensureLeadDeal(conn: DbOrTx, lead: { id: number; name: string; broker_id: string | null; stage_id: number | null }, ownerFallback: string | null = null): Promise<DealRow> {
  const existing = await conn
    .selectFrom("crm_deals")
    .select(["id", "owner_id", "stage_id", "external_source_id", "title"])
    .where("external_source_id", "=", lead.id)
    .executeTakeFirst();
  if (existing) return existing;
  const now = nowIso();
  const row = await conn
    .insertInto("crm_deals")
    .values({
      title: lead.name || "Contato",
      owner_id: lead.broker_id ?? ownerFallback,
      stage_id: lead.stage_id,
      external_source_id: lead.id,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column("external_source_id").doNothing())
    .returning(["id", "owner_id", "stage_id", "external_source_id", "title"])
    .executeTakeFirst();
  if (row) return row;
  // A concurrent request created it first.
  return conn
    .selectFrom("crm_deals")
    .select(["id", "owner_id", "stage_id", "external_source_id", "title"])
    .where("external_source_id", "=", lead.id)
    .executeTakeFirstOrThrow();
}

/** For a route: check the user may change the lead, then find or create its deal. */
export async function leadDealFor(user: SessionUser, leadId: number, conn: DbOrTx = db()): Promise<DealRow> {
  const lead = await requireLead(user, leadId, "update", conn);
  return ensureLeadDeal(conn, lead, user.broker?.id ?? null);
}

/** The deal of a lead if it exists (no creation). */
export async function findLeadDeal(leadId: number, conn: DbOrTx = db()): Promise<DealRow | undefined> {
  return conn.selectFrom("crm_deals").select(["id", "owner_id", "stage_id", "external_source_id", "title"]).where("external_source_id", "=", leadId).executeTakeFirst();
}

/** The lead a deal belongs to (old /broker/crm/deal/{id} links), or null; access is checked where the lead is opened. */
export async function leadIdOfDeal(dealId: number, conn: DbOrTx = db()): Promise<number | null> {
  const row = await conn.selectFrom("crm_deals").select("external_source_id").where("id", "=", dealId).executeTakeFirst();
  return row?.external_source_id ?? null;
}

/** Highest position of any card (lead or deal of its own) in the stage, plus 1. Indexed: O(log n). */
export async function positionAtEnd(conn: DbOrTx, stageId: number): Promise<number> {
  const [l, d] = await Promise.all([
    conn.selectFrom("leads").select((eb) => eb.fn.max("order_index").as("m")).where("stage_id", "=", stageId).executeTakeFirst(),
    conn.selectFrom("crm_deals").select((eb) => eb.fn.max("order_index").as("m")).where("stage_id", "=", stageId).where("external_source_id", "is", null).executeTakeFirst(),
  ]);
  return Math.max(Number(l?.m ?? 0), Number(d?.m ?? 0)) + 1;
}

/** A position strictly between two neighbours (either may be missing). */
export function positionBetween(before: number | null, after: number | null): number {
  if (before == null && after == null) return 1;
  if (before == null) return (after as number) - 1;
  if (after == null) return before + 1;
  return (before + after) / 2;
}

export type MoveResult = { leadId: number | null; dealId: number | null; fromStageId: number | null; toStageId: number; position: number; createdActivities: number };

/**
 * Moves a lead to a stage (lead page, board, bulk). Sets the status the stage
 * name implies (02 §4) when `inferStatus` (default true). Records the change.
 */
export async function moveLeadToStage(
  user: SessionUser,
  leadId: number,
  stageId: number,
  options: { inferStatus?: boolean; position?: number } = {},
): Promise<MoveResult> {
  return db().transaction().execute((tx) => moveLeadInTx(tx, user, leadId, stageId, options));
}

export async function moveLeadInTx(
  tx: Tx,
  user: SessionUser,
  leadId: number,
  stageId: number,
  options: { inferStatus?: boolean; position?: number } = {},
): Promise<MoveResult> {
  const lead = await requireLead(user, leadId, "update", tx);
  const stage = await getStage(stageId, tx);
  if (!stage) throw new StageNotFoundError();
  const position = options.position ?? (await positionAtEnd(tx, stage.id));
  const status = options.inferStatus === false ? null : statusForStageName(stage.name);
  const now = nowIso();
  await tx
    .updateTable("leads")
    .set({ stage_id: stage.id, order_index: position, updated_at: now, ...(status ? { status } : {}) })
    .where("id", "=", lead.id)
    .execute();
  const deal = await findLeadDeal(lead.id, tx);
  if (deal) {
    await tx.updateTable("crm_deals").set({ stage_id: stage.id, status: dealStatus(stage), updated_at: now }).where("id", "=", deal.id).execute();
  }
  if (lead.stage_id !== stage.id) {
    await tx
      .insertInto("crm_stage_changes")
      .values({ lead_id: lead.id, from_stage_id: lead.stage_id, to_stage_id: stage.id, changed_by: user.id, changed_by_email: user.email, changed_at: now })
      .execute();
  }
  let created = 0;
  if (lead.stage_id !== stage.id && (await hasActiveTemplates(tx, stage.id))) {
    const d = deal ?? (await ensureLeadDeal(tx, { ...lead, stage_id: stage.id }, user.broker?.id ?? null));
    created = await createTemplateActivities(tx, user, d.id, stage.id);
  }
  return { leadId: lead.id, dealId: deal?.id ?? null, fromStageId: lead.stage_id, toStageId: stage.id, position, createdActivities: created };
}

/** Moves an opportunity (a deal without a lead); a lead's deal moves with its lead. */
export async function moveDealToStage(user: SessionUser, dealId: number, stageId: number, options: { position?: number } = {}): Promise<MoveResult> {
  return db()
    .transaction()
    .execute(async (tx) => {
      const deal = await requireDeal(user, dealId, tx);
      if (deal.external_source_id != null) return moveLeadInTx(tx, user, deal.external_source_id, stageId, options);
      const stage = await getStage(stageId, tx);
      if (!stage) throw new StageNotFoundError();
      const position = options.position ?? (await positionAtEnd(tx, stage.id));
      await tx
        .updateTable("crm_deals")
        .set({ stage_id: stage.id, order_index: position, status: dealStatus(stage), updated_at: nowIso() })
        .where("id", "=", deal.id)
        .execute();
      const created = deal.stage_id !== stage.id ? await createTemplateActivities(tx, user, deal.id, stage.id) : 0;
      return { leadId: null, dealId: deal.id, fromStageId: deal.stage_id, toStageId: stage.id, position, createdActivities: created };
    });
}

/** A deal the user may change: own (owner, or the lead's broker) or any for admins; else 404. */
export async function requireDeal(user: SessionUser, dealId: number, conn: DbOrTx = db()): Promise<DealRow> {
  const deal = Number.isSafeInteger(dealId)
    ? await conn.selectFrom("crm_deals").select(["id", "owner_id", "stage_id", "external_source_id", "title"]).where("id", "=", dealId).executeTakeFirst()
    : undefined;
  if (!deal) throw data({ message: "Não encontrado." }, { status: 404 });
  if (deal.external_source_id != null) {
    await requireLead(user, deal.external_source_id, "update", conn);
  } else {
    assertCan(user, "update", "lead", { brokerId: deal.owner_id }, { hideAs404: true });
  }
  return deal;
}

function dealStatus(stage: { name: string; probability: number | null }): "open" | "won" | "lost" {
  return boardStageKind(stage) === "won" ? "won" : boardStageKind(stage) === "lost" ? "lost" : "open";
}

async function hasActiveTemplates(conn: DbOrTx, stageId: number): Promise<boolean> {
  const row = await conn.selectFrom("crm_stage_activity_templates").select("id").where("stage_id", "=", stageId).where("active", "=", 1).limit(1).executeTakeFirst();
  return !!row;
}

/** The stage-entry effect: each active template becomes an activity due offset_hours from now. */
export async function createTemplateActivities(conn: DbOrTx, user: SessionUser, dealId: number, stageId: number, now: Date = new Date()): Promise<number> {
  const templates = await conn
    .selectFrom("crm_stage_activity_templates")
    .select(["id", "subject", "type", "content", "offset_hours"])
    .where("stage_id", "=", stageId)
    .where("active", "=", 1)
    .execute();
  for (const t of templates) {
    await conn
      .insertInto("crm_activities")
      .values({
        deal_id: dealId,
        subject: t.subject,
        type: t.type,
        content: t.content,
        due_at: new Date(now.getTime() + Math.max(0, t.offset_hours) * 3600_000).toISOString(),
        template_id: t.id,
        created_by: user.id,
        created_at: now.toISOString(),
      })
      .execute();
  }
  return templates.length;
}

/** Admin reassigns a lead; the deal owner follows (02 §6). */
export async function reassignLeadBroker(user: SessionUser, leadId: number, brokerId: string): Promise<void> {
  assertCan(user, "update", "lead", undefined);
  if (!canAdministerCrm(user)) throw data({ message: "Acesso negado." }, { status: 403 });
  await db()
    .transaction()
    .execute(async (tx) => {
      const lead = await requireLead(user, leadId, "update", tx);
      if (lead.broker_id === brokerId) throw data({ message: CRM_MESSAGES.selectBroker }, { status: 400 });
      // Only an active broker can receive a lead (an inactive one cannot open the panel).
      const broker = await tx.selectFrom("brokers").select("id").where("id", "=", brokerId).where("is_active", "=", 1).executeTakeFirst();
      if (!broker) throw data({ message: CRM_MESSAGES.selectBroker }, { status: 400 });
      const now = nowIso();
      await tx.updateTable("leads").set({ broker_id: broker.id, updated_at: now }).where("id", "=", lead.id).execute();
      await tx.updateTable("crm_deals").set({ owner_id: broker.id, updated_at: now }).where("external_source_id", "=", lead.id).execute();
    });
}

