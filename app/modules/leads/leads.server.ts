import { normalisePhone } from "~/utils/phone.server";
import { db, nowIso, type Tx } from "~/modules/platform/db.server";
import { ensureDefaultPipeline } from "~/modules/crm/pipeline.server";
import { parseRef } from "./referral";
import { afterLeadCreated } from "./lead-hooks.server";
import type { CreatedLead, NewLeadInput } from "./lead-types";
import { propertyPath } from "~/modules/properties/vocabulary";

/**
 * Creating a lead goes through createLead, whatever the source (site form,
 * board, CSV). Later issues extend it here (webhooks, roulette), so every
 * source gets the same behaviour. Reactions to a new lead are wired in
 * lead-hooks.server.ts.
 */
/** A second identical send from the site within this window is the same lead (double click, resent form). */
export const DUPLICATE_WINDOW_MS = 2 * 60 * 1000;

/**
 * `attach` writes what comes with the lead (an owner's offer and its photos,
 * /anuncie) in the lead's own transaction: if it fails, no lead is stored
 * and no reaction runs.
 */
export async function createLead(input: NewLeadInput, options: { attach?: (tx: Tx, lead: CreatedLead) => Promise<void> } = {}): Promise<CreatedLead & { duplicate?: boolean }> {
  const result = await db()
    .transaction()
    .execute(async (tx) => {
      if ((input.source ?? "site") === "site") {
        const twin = await findRecentTwin(tx, input);
        if (twin) return { ...twin, duplicate: true as const };
      }
      const created = await insertLead(tx, input);
      if (options.attach) await options.attach(tx, created);
      return created;
    });
  // A resent form is the lead already made: no second round of reactions.
  if ("duplicate" in result) return result;
  const created = result;
  // Reactions (lead-hooks.server.ts) run after the commit and after the visitor's response.
  afterLeadCreated({ ...created, input });
  return created;
}

async function findRecentTwin(tx: Tx, input: NewLeadInput): Promise<CreatedLead | null> {
  const since = new Date(Date.now() - DUPLICATE_WINDOW_MS).toISOString();
  let q = tx
    .selectFrom("leads")
    .leftJoin("brokers", "brokers.id", "leads.broker_id")
    .select(["leads.id", "leads.broker_id", "brokers.phone as broker_phone", "leads.property_id"])
    .where("leads.email", "=", input.email.trim().toLowerCase())
    .where("leads.phone", "=", input.phone.trim())
    .where("leads.message", "=", input.message.trim())
    .where("leads.created_at", ">=", since);
  q = input.propertyId != null ? q.where("leads.property_id", "=", input.propertyId) : q.where("leads.property_id", "is", null);
  const row = await q.orderBy("leads.id", "desc").executeTakeFirst();
  return row ? { id: row.id, brokerId: row.broker_id, brokerPhone: row.broker_phone ?? null, propertyId: row.property_id } : null;
}

export async function insertLead(tx: Tx, input: NewLeadInput): Promise<CreatedLead> {
  const now = input.createdAt ?? nowIso();
  let property: { id: number; title: string; slug: string | null } | undefined;
  if (input.propertyId != null && Number.isInteger(input.propertyId)) {
    property = await tx.selectFrom("properties").select(["id", "title", "slug"]).where("id", "=", input.propertyId).executeTakeFirst();
  }
  const broker = await activeBroker(tx, input.brokerId);
  const { entryStageId } = await ensureDefaultPipeline(tx);
  const row = await tx
    .insertInto("leads")
    .values({
      ...leadRow(input, { brokerId: broker?.id ?? null, entryStageId, now }),
      property_id: property?.id ?? null,
      property_title: property?.title ?? (input.propertyTitle?.trim() || null),
      property_url: property ? propertyPath(property) : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, brokerId: broker?.id ?? null, brokerPhone: broker?.phone ?? null, propertyId: property?.id ?? null };
}

/** Rows a statement when leads come from a file: far fewer round trips than one insertLead per row (a 10,000-row CSV). */
const BULK_ROWS_PER_STATEMENT = 100;

/**
 * Leads from a file (CSV import), all for one broker and without a listing
 * id (the file names a listing by its title): the broker and the entry stage
 * are read once and rows are written in multi-row statements. Same columns
 * and rules as insertLead. Returns how many were written.
 */
export async function insertLeadsInBulk(tx: Tx, brokerId: string | null, inputs: Omit<NewLeadInput, "brokerId" | "propertyId">[]): Promise<number> {
  if (inputs.length === 0) return 0;
  const broker = await activeBroker(tx, brokerId);
  const { entryStageId } = await ensureDefaultPipeline(tx);
  const now = nowIso();
  for (let i = 0; i < inputs.length; i += BULK_ROWS_PER_STATEMENT) {
    const rows = inputs.slice(i, i + BULK_ROWS_PER_STATEMENT).map((input) => ({
      ...leadRow(input, { brokerId: broker?.id ?? null, entryStageId, now: input.createdAt ?? now }),
      property_id: null,
      property_title: input.propertyTitle?.trim() || null,
      property_url: null,
    }));
    await tx.insertInto("leads").values(rows).execute();
  }
  return inputs.length;
}

/** The ref's broker when it names an active one. */
async function activeBroker(tx: Tx, ref: string | null | undefined): Promise<{ id: string; phone: string } | undefined> {
  const brokerId = parseRef(ref);
  if (!brokerId) return undefined;
  return tx.selectFrom("brokers").select(["id", "phone"]).where("id", "=", brokerId).where("is_active", "=", 1).executeTakeFirst();
}

/** The columns every new lead shares, whatever its source. */
function leadRow(input: Omit<NewLeadInput, "brokerId" | "propertyId">, context: { brokerId: string | null; entryStageId: number | null; now: string }) {
  return {
    name: input.name.trim(),
    email: input.email.trim().toLowerCase(),
    phone: input.phone.trim(),
    phone_normalized: normalisePhone(input.phone),
    message: input.message.trim(),
    broker_id: context.brokerId,
    stage_id: input.stageId ?? context.entryStageId,
    status: input.status ?? "entrada",
    source: input.source ?? "site",
    tags: JSON.stringify(input.tags ?? []),
    created_at: context.now,
    updated_at: context.now,
  };
}
