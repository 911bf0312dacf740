import { normalisePhone } from "~/utils/phone";
import { db, nowIso, type Tx } from "~/modules/platform/db.server";
import { ensureDefaultPipeline } from "~/modules/crm/pipeline.server";
import { isBrokerId } from "~/modules/auth/users.server";

/**
 * Creating a lead goes through createLead, whatever the source (site form,
 * board, CSV). Later issues extend it here (webhooks, roulette), so every
 * source gets the same behaviour.
 */
export type NewLeadInput = {
  name: string;
  email: string;
  phone: string;
  message: string;
  propertyId?: number | null;
  /** A title typed elsewhere (CSV 'Imóvel'), kept when no property id matches. */
  propertyTitle?: string | null;
  /** The ref code: attached only when it names an active broker. */
  brokerId?: string | null;
  source?: "site" | "board" | "csv" | "roleta";
  stageId?: number | null;
  tags?: string[];
  createdAt?: string;
};

export type CreatedLead = { id: number; brokerId: string | null; brokerPhone: string | null; propertyId: number | null };

/** Hooks run after the lead is committed (webhooks, notifications); failures never lose the lead. */
type AfterCreateHook = (lead: CreatedLead & { input: NewLeadInput }) => Promise<void> | void;
const afterCreateHooks: AfterCreateHook[] = [];
export function onLeadCreated(hook: AfterCreateHook): void {
  afterCreateHooks.push(hook);
}

export async function createLead(input: NewLeadInput): Promise<CreatedLead> {
  const created = await db()
    .transaction()
    .execute((tx) => insertLead(tx, input));
  for (const hook of afterCreateHooks) {
    try {
      await hook({ ...created, input });
    } catch {
      // a hook must not undo a lead the visitor already sent; hooks log their own failures
    }
  }
  return created;
}

export async function insertLead(tx: Tx, input: NewLeadInput): Promise<CreatedLead> {
  const now = input.createdAt ?? nowIso();
  let property: { id: number; title: string; slug: string | null } | undefined;
  if (input.propertyId != null && Number.isInteger(input.propertyId)) {
    property = await tx.selectFrom("properties").select(["id", "title", "slug"]).where("id", "=", input.propertyId).executeTakeFirst();
  }
  let broker: { id: string; phone: string } | undefined;
  if (isBrokerId(input.brokerId)) {
    broker = await tx
      .selectFrom("brokers")
      .select(["id", "phone"])
      .where("id", "=", input.brokerId.toLowerCase())
      .where("is_active", "=", 1)
      .executeTakeFirst();
  }
  const { entryStageId } = await ensureDefaultPipeline(tx);
  const row = await tx
    .insertInto("leads")
    .values({
      name: input.name.trim(),
      email: input.email.trim().toLowerCase(),
      phone: input.phone.trim(),
      phone_normalized: normalisePhone(input.phone),
      message: input.message.trim(),
      property_id: property?.id ?? null,
      property_title: property?.title ?? (input.propertyTitle?.trim() || null),
      property_url: property ? `/imovel/${property.slug ?? property.id}` : null,
      broker_id: broker?.id ?? null,
      stage_id: input.stageId ?? entryStageId,
      source: input.source ?? "site",
      tags: JSON.stringify(input.tags ?? []),
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, brokerId: broker?.id ?? null, brokerPhone: broker?.phone ?? null, propertyId: property?.id ?? null };
}
