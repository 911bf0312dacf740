import { db, nowIso } from "~/modules/platform/db.server";
import { ensureDefaultPipeline } from "~/modules/crm/pipeline.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { makeAdmin, makeBroker } from "../../helpers/factories";
import { sessionCookie } from "../../helpers/requests";
import { normalisePhone } from "~/utils/phone.server";

/** Session users and leads for CRM tests (real database). */
export async function brokerUser(name = "Corretor Teste") {
  const b = await makeBroker({ name });
  const user: SessionUser = {
    id: b.userId,
    email: b.email,
    name,
    role: "broker",
    broker: { id: b.brokerId, name, isActive: true, profileImage: null, phone: "(11) 91234-5678" },
  };
  return { user, brokerId: b.brokerId, cookie: await sessionCookie(b.userId), email: b.email };
}

export async function adminUser() {
  const a = await makeAdmin();
  const user: SessionUser = { id: a.id, email: a.email, name: "Administrador", role: "admin", broker: null };
  return { user, cookie: await sessionCookie(a.id), email: a.email };
}

let n = 0;
export async function makeLead(brokerId: string | null, fields: Partial<{ name: string; email: string; phone: string; createdAt: string; stageId: number | null; priority: string }> = {}) {
  const { entryStageId } = await ensureDefaultPipeline();
  n += 1;
  const now = fields.createdAt ?? nowIso();
  const phone = fields.phone ?? `(11) 9${String(10000000 + n).slice(-8)}`;
  const row = await db()
    .insertInto("leads")
    .values({
      name: fields.name ?? `Lead ${n}`,
      email: fields.email ?? `lead${n}-${Date.now()}@cliente.com.br`,
      phone,
      phone_normalized: normalisePhone(phone),
      message: "Tenho interesse",
      broker_id: brokerId,
      stage_id: fields.stageId === undefined ? entryStageId : fields.stageId,
      priority: fields.priority ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function stagesByName() {
  await ensureDefaultPipeline();
  const rows = await db().selectFrom("crm_stages").select(["id", "name"]).orderBy("position").execute();
  return Object.fromEntries(rows.map((r) => [r.name, r.id])) as Record<string, number>;
}

/** The status of a thrown react-router data() or Response. */
export function statusOf(error: unknown): number | undefined {
  if (error instanceof Response) return error.status;
  if (error && typeof error === "object" && "init" in error) return (error as { init?: { status?: number } }).init?.status;
  return undefined;
}
export function messageOf(error: unknown): string | undefined {
  if (error && typeof error === "object" && "data" in error) return (error as { data?: { message?: string } }).data?.message;
  return undefined;
}
