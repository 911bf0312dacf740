import { sql, type SelectQueryBuilder } from "kysely";
import type { Database } from "#db/schema";
import { leadTextMatch } from "#db/lead-search";
import { assertCan, canAdministerCrm } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { parseRef as parseBrokerId } from "~/modules/leads/referral";
import { createLead } from "~/modules/leads/leads.server";
import { db, nowIso } from "~/modules/platform/db.server";
import { positionAtEnd } from "./deals.server";
import { findDuplicateLead } from "~/modules/leads/duplicates.server";
import { BOARD_LEAD_MESSAGES, BOARD_MAX_PER_COLUMN, BOARD_PAGE, OPPORTUNITY_MESSAGES, isCelebrated, type BoardCard, type BoardColumn, type BoardLeadInput, type BoardOwner, type BoardView, type OpportunityInput } from "./board";
import { CRM_MESSAGES, boardStageKind } from "./labels";
import { getStage, listPipelineStages } from "./stages.server";

/**
 * The kanban board (02 §2.6): one column per stage with its count and BRL sum
 * computed by SQL, and only the first N cards of each column loaded (10, plus
 * 10 per 'Ver mais'). Cards are leads (lead-) and opportunities without a
 * lead (deal-); a lead's own deal is shown through its lead.
 */
export type BoardFilters = { view: BoardView; owner: BoardOwner; brokerId: string | null; q: string; shown: Record<number, number> };

/** Which broker's cards: a broker always their own; an admin everyone, 'Eu', or one broker. */
export function boardOwnerScope(user: SessionUser, f: Pick<BoardFilters, "owner" | "brokerId">): string | null | "__none__" {
  if (!canAdministerCrm(user)) return user.broker?.id ?? "__none__";
  if (f.brokerId) return f.brokerId;
  if (f.owner === "me") return user.broker?.id ?? "__none__";
  return null;
}

function likeText(q: string): string {
  return `%${q.replace(/[%_\\]/g, "")}%`;
}

export async function loadBoard(user: SessionUser, f: BoardFilters): Promise<BoardColumn[]> {
  const stages = (await listPipelineStages()).map((s) => ({ ...s, kind: boardStageKind(s) }));
  const visible = stages.filter((s) => (f.view === "all" ? s.kind !== "lost" : f.view === "won" ? s.kind === "won" : s.kind === "lost"));
  if (visible.length === 0) return [];
  const ids = visible.map((s) => s.id);
  const scope = boardOwnerScope(user, f);
  const q = f.q.trim().slice(0, 100);

  const leadFilter = <O>(qb: SelectQueryBuilder<Database, "leads", O>) => {
    let out = qb;
    if (scope) out = out.where("leads.broker_id", "=", scope);
    if (q) out = out.where(leadTextMatch(db(), q));
    return out;
  };
  const dealFilter = <O>(qb: SelectQueryBuilder<Database, "crm_deals", O>) => {
    let out = qb.where("crm_deals.external_source_id", "is", null);
    if (scope) out = out.where("crm_deals.owner_id", "=", scope);
    if (q) {
      const like = likeText(q);
      out = out.where((eb) =>
        eb.or([
          eb("crm_deals.title", "like", like),
          eb.exists(
            eb
              .selectFrom("crm_deal_participants")
              .innerJoin("crm_contacts", "crm_contacts.id", "crm_deal_participants.contact_id")
              .select("crm_contacts.id")
              .whereRef("crm_deal_participants.deal_id", "=", "crm_deals.id")
              .where((e) => e.or([e("crm_contacts.first_name", "like", like), e("crm_contacts.email", "like", like), e("crm_contacts.phone", "like", like)])),
          ),
        ]),
      );
    }
    return out;
  };

  const [leadTotals, dealTotals] = await Promise.all([
    // Without a search, each column's count and sum come from lead_counts (0061, 0062: kept by triggers on leads).
    q
      ? leadFilter(db().selectFrom("leads"))
          .select((eb) => ["leads.stage_id as stage_id", eb.fn.countAll<number>().as("n"), eb.fn.sum<number>(eb.fn.coalesce("leads.total_value", sql<number>`0`)).as("s")])
          .where("leads.stage_id", "in", ids)
          .groupBy("leads.stage_id")
          .execute()
      : db()
          .selectFrom("lead_counts")
          .select((eb) => ["stage_key as stage_id", eb.fn.sum<number>("n").as("n"), eb.fn.sum<number>("total").as("s")])
          .where("stage_key", "in", ids)
          .$if(scope !== null, (qb) => qb.where("broker_key", "=", scope ?? ""))
          .groupBy("stage_key")
          .execute(),
    dealFilter(db().selectFrom("crm_deals"))
      .select((eb) => ["crm_deals.stage_id as stage_id", eb.fn.countAll<number>().as("n"), eb.fn.sum<number>(eb.fn.coalesce("crm_deals.amount", sql<number>`0`)).as("s")])
      .where("crm_deals.stage_id", "in", ids)
      .groupBy("crm_deals.stage_id")
      .execute(),
  ]);

  const columns = await Promise.all(
    visible.map(async (stage) => {
      const shown = Math.min(BOARD_MAX_PER_COLUMN, Math.max(BOARD_PAGE, f.shown[stage.id] ?? BOARD_PAGE));
      const leads = leadFilter(db().selectFrom("leads"))
        .leftJoin("brokers", "brokers.id", "leads.broker_id")
        .select([
          sql<"lead">`'lead'`.as("kind"),
          "leads.id as id",
          "leads.name as contact_name",
          sql<string>`coalesce(leads.property_title, '')`.as("title"),
          "leads.tags as tags",
          "leads.total_value as amount",
          "leads.rating as rating",
          "leads.order_index as order_index",
          "brokers.name as owner_name",
          "brokers.profile_image as owner_image",
        ])
        .where("leads.stage_id", "=", stage.id)
        .orderBy("leads.order_index")
        .limit(shown);
      const deals = dealFilter(db().selectFrom("crm_deals"))
        .leftJoin("brokers", "brokers.id", "crm_deals.owner_id")
        .select((eb) => [
          sql<"deal">`'deal'`.as("kind"),
          "crm_deals.id as id",
          eb
            .selectFrom("crm_deal_participants")
            .innerJoin("crm_contacts", "crm_contacts.id", "crm_deal_participants.contact_id")
            .select("crm_contacts.first_name")
            .whereRef("crm_deal_participants.deal_id", "=", "crm_deals.id")
            .limit(1)
            .as("contact_name"),
          "crm_deals.title as title",
          sql<string>`'[]'`.as("tags"),
          "crm_deals.amount as amount",
          "crm_deals.rating as rating",
          "crm_deals.order_index as order_index",
          "brokers.name as owner_name",
          "brokers.profile_image as owner_image",
        ])
        .where("crm_deals.stage_id", "=", stage.id)
        .orderBy("crm_deals.order_index")
        .limit(shown);
      const [leadRows, dealRows] = await Promise.all([leads.execute(), deals.execute()]);
      const cards: BoardCard[] = [...leadRows, ...dealRows]
        .map((r) => ({
          key: `${r.kind}-${r.id}`,
          kind: r.kind,
          id: r.id,
          contactName: r.contact_name || "Contato",
          title: r.title || (r.kind === "lead" ? "Lead" : "Oportunidade"),
          tags: parseTags(r.tags),
          amount: r.amount == null ? null : Number(r.amount),
          rating: Number(r.rating ?? 0),
          ownerName: r.owner_name ?? null,
          ownerImage: r.owner_image ?? null,
          orderIndex: Number(r.order_index),
        }))
        .sort((a, b) => a.orderIndex - b.orderIndex || a.key.localeCompare(b.key))
        .slice(0, shown);
      const lt = leadTotals.find((t) => t.stage_id === stage.id);
      const dt = dealTotals.find((t) => t.stage_id === stage.id);
      return {
        id: stage.id,
        name: stage.name,
        probability: stage.probability,
        kind: stage.kind,
        celebrate: isCelebrated(stage),
        count: Number(lt?.n ?? 0) + Number(dt?.n ?? 0),
        // to the cent: a sum kept by adding and subtracting may carry a float's last digits
        sum: Math.round((Number(lt?.s ?? 0) + Number(dt?.s ?? 0)) * 100) / 100,
        cards,
        shown,
      } satisfies BoardColumn;
    }),
  );
  return columns;
}

function parseTags(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.filter((t): t is string => typeof t === "string" && t.trim() !== "").map((t) => t.trim()) : [];
  } catch {
    return raw.split(/[,;]/).map((t) => t.trim()).filter(Boolean);
  }
}

/** Up to 8 brokers whose name or e-mail contains the text (admin broker filter). */
export async function suggestBrokers(text: string) {
  const like = likeText(text.trim().slice(0, 100));
  return db()
    .selectFrom("brokers")
    .select(["id", "name", "email"])
    .where((eb) => eb.or([eb("name", "like", like), eb("email", "like", like)]))
    .orderBy("name")
    .limit(8)
    .execute();
}

// ── board modals: create lead, create opportunity ─────────────────────────

export class BoardFormError extends Error {
  constructor(
    readonly title: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** 'Criar Lead' on the board (02 §5): one of name/e-mail/phone, an identified broker, no duplicate. */
export async function createBoardLead(user: SessionUser, input: BoardLeadInput): Promise<number> {
  assertCan(user, "create", "lead");
  if (!input.name && !input.email && !input.phone) throw new BoardFormError(BOARD_LEAD_MESSAGES.noDataTitle, BOARD_LEAD_MESSAGES.noData);
  const brokerId = (canAdministerCrm(user) ? parseBrokerId(input.brokerId) : null) ?? user.broker?.id ?? null;
  if (!brokerId) throw new BoardFormError(BOARD_LEAD_MESSAGES.failed, BOARD_LEAD_MESSAGES.noBroker);
  const duplicate = await findDuplicateLead(brokerId, { email: input.email, phone: input.phone });
  if (duplicate) throw new BoardFormError(CRM_MESSAGES.duplicateTitle, CRM_MESSAGES.duplicateText);
  const created = await createLead({ name: input.name || "Contato", email: input.email ?? "", phone: input.phone ?? "", message: input.message ?? "", propertyId: input.propertyId ?? null, brokerId, source: "board" });
  if (created.brokerId !== brokerId) throw new BoardFormError(BOARD_LEAD_MESSAGES.failed, BOARD_LEAD_MESSAGES.noBroker);
  return created.id;
}

/** 'Criar oportunidade': a contact, a deal (BRL) at the end of the stage and the primary participant, in one transaction. */
export async function createOpportunity(user: SessionUser, input: OpportunityInput): Promise<number> {
  assertCan(user, "create", "lead");
  const ownerId = user.broker?.id ?? null;
  return db()
    .transaction()
    .execute(async (tx) => {
      const stage = await getStage(input.stageId, tx);
      if (!stage) throw new BoardFormError(OPPORTUNITY_MESSAGES.failed, OPPORTUNITY_MESSAGES.stage, "stageId");
      const now = nowIso();
      const contact = await tx
        .insertInto("crm_contacts")
        .values({ first_name: input.contactName, email: null, phone: null, owner_id: ownerId, created_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      const deal = await tx
        .insertInto("crm_deals")
        .values({ title: input.title, amount: input.amount ?? null, currency: "BRL", stage_id: stage.id, owner_id: ownerId, order_index: await positionAtEnd(tx, stage.id), created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      await tx.insertInto("crm_deal_participants").values({ deal_id: deal.id, contact_id: contact.id, role: "primary" }).execute();
      return deal.id;
    });
}
