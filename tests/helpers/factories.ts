import type { ActivityType, NewProperty } from "#db/schema";
import { createAdmin, createBroker } from "~/modules/auth/users.server";
import { db, nowIso } from "~/modules/platform/db.server";
import { buildProperty, insertProperty } from "~/modules/platform/seed.server";
import { insertLead } from "~/modules/leads/leads.server";
import type { NewLeadInput } from "~/modules/leads/lead-types";
import { ensureDefaultPipeline, listStages } from "~/modules/crm/pipeline.server";

/**
 * Factories: real rows in the test's own database, unique where the schema
 * wants it. Each takes overrides and returns what tests usually need.
 */
let counter = 0;
function next(): number {
  counter += 1;
  return counter;
}

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${Date.now()}-${next()}@teste.com.br`;
}

export async function makeAdmin(options: { password?: string; name?: string } = {}) {
  const email = uniqueEmail("admin");
  const password = options.password ?? "senha-admin-123";
  const id = await createAdmin({ email, password, name: options.name });
  return { id, email, password };
}

export async function makeBroker(options: { password?: string; isActive?: boolean; name?: string; customUrlPath?: string; phone?: string } = {}) {
  const email = uniqueEmail("corretor");
  const password = options.password ?? "senha-corretor";
  const name = options.name ?? "Corretor Teste";
  const ids = await createBroker({
    name,
    email,
    password,
    phone: options.phone ?? "(11) 91234-5678",
    isActive: options.isActive,
    customUrlPath: options.customUrlPath,
  });
  return { ...ids, email, password, name };
}

/** Deterministic pseudo-random numbers, so a factory's rows do not vary between runs. */
let seed = 1;
const random = () => (seed = (seed * 9301 + 49297) % 233280) / 233280;

/** Each test file starts the numbering and the random rows afresh, whichever files ran before it in the process (vitest.setup.ts). */
export function restartFactories(): void {
  counter = 0;
  seed = 1;
}

/** A property built like the seed's, available and not featured unless overridden; slug from the title and id. */
export async function makeProperty(overrides: Partial<NewProperty> = {}) {
  const n = next();
  const row = buildProperty(random, n, { status: "available", featured: 0, ...overrides });
  const { id, slug } = await insertProperty(row);
  return { ...row, id, slug };
}

/** A lead through the same insert as createLead (without the after-create hooks). */
export async function makeLead(overrides: Partial<NewLeadInput> = {}) {
  const n = next();
  const input: NewLeadInput = {
    name: `Cliente Teste ${n}`,
    email: `cliente-${n}@exemplo.com.br`,
    phone: "(11) 98765-4321",
    message: "Tenho interesse.",
    ...overrides,
  };
  const created = await db()
    .transaction()
    .execute((tx) => insertLead(tx, input));
  return db().selectFrom("leads").selectAll().where("id", "=", created.id).executeTakeFirstOrThrow();
}

/** A deal (crm_deals) in the default pipeline's first stage unless a stage is given. */
export async function makeDeal(overrides: { title?: string; amount?: number | null; ownerId?: string | null; stageId?: number | null; status?: "open" | "won" | "lost" } = {}) {
  await ensureDefaultPipeline();
  const stageId = overrides.stageId !== undefined ? overrides.stageId : ((await listStages())[0]?.id ?? null);
  const now = nowIso();
  return db()
    .insertInto("crm_deals")
    .values({
      title: overrides.title ?? `Negócio ${next()}`,
      amount: overrides.amount ?? null,
      status: overrides.status ?? "open",
      stage_id: stageId,
      owner_id: overrides.ownerId ?? null,
      company_id: null,
      external_source_id: null,
      description: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An activity (crm_activities) on a deal; creates the deal when none is given. */
export async function makeActivity(
  overrides: { dealId?: number; type?: ActivityType; subject?: string; content?: string | null; dueAt?: string | null; completedAt?: string | null; createdBy?: string | null } = {},
) {
  const dealId = overrides.dealId ?? (await makeDeal()).id;
  return db()
    .insertInto("crm_activities")
    .values({
      deal_id: dealId,
      subject: overrides.subject ?? "Ligar para o cliente",
      type: overrides.type ?? "call",
      content: overrides.content ?? null,
      due_at: overrides.dueAt ?? null,
      completed_at: overrides.completedAt ?? null,
      template_id: null,
      created_by: overrides.createdBy ?? null,
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
