import { z } from "zod";
import { canAdministerCrm } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { BROKER_PAGE_SIZE, likePattern } from "~/modules/brokers/brokers.server";
import { parseRef } from "~/modules/leads/referral";
import { db, nowIso } from "~/modules/platform/db.server";
import { CRM_ADMIN_MESSAGES, type CrmAdminRight } from "./crm-admins";


/**
 * Spec 03 §6: administrators (the bootstrap account) and CRM admins may
 * grant and remove any CRM admin; anyone else may only remove themselves.
 */
export function crmAdminRights(viewer: SessionUser | null): { grant: CrmAdminRight; revoke: CrmAdminRight } {
  if (canAdministerCrm(viewer)) return { grant: "permitido", revoke: "permitido" };
  return { grant: "negado", revoke: "somente a si mesmo" };
}

export type CrmAdminRow = { id: string; name: string; email: string; isActive: boolean; crmAdmin: boolean; grantedAt: string | null };

/** Brokers by name with whether each is a CRM admin (search by name or e-mail, 20 per page); a viewer who is no CRM admin gets only their own row. */
export async function listCrmAdminCandidates(input: { q?: string; page?: number }, viewer?: SessionUser) {
  const q = (input.q ?? "").trim().slice(0, 100);
  let base = db().selectFrom("brokers").leftJoin("crm_admins", "crm_admins.broker_id", "brokers.id");
  // someone who may only remove themselves sees only their own row (spec 03 §6), not the team's e-mails
  if (viewer && !canAdministerCrm(viewer)) base = base.where("brokers.id", "=", viewer.broker?.id ?? "__none__");
  if (q) {
    const pattern = likePattern(q.toLowerCase());
    base = base.where((eb) => eb.or([eb(eb.fn("lower", ["brokers.name"]), "like", eb.val(pattern)), eb(eb.fn("lower", ["brokers.email"]), "like", eb.val(pattern))]));
  }
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const pageCount = Math.max(1, Math.ceil(total / BROKER_PAGE_SIZE));
  const page = Math.max(1, Math.min(input.page ?? 1, pageCount));
  const rows = await base
    .select(["brokers.id", "brokers.name", "brokers.email", "brokers.is_active", "crm_admins.created_at as granted_at"])
    .orderBy("brokers.name")
    .orderBy("brokers.id")
    .limit(BROKER_PAGE_SIZE)
    .offset((page - 1) * BROKER_PAGE_SIZE)
    .execute();
  const admins = Number((await db().selectFrom("crm_admins").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  return {
    rows: rows.map((r): CrmAdminRow => ({ id: r.id, name: r.name, email: r.email, isActive: r.is_active === 1, crmAdmin: r.granted_at != null, grantedAt: r.granted_at ?? null })),
    total,
    admins,
    page,
    pageCount,
    q,
  };
}

export type SetCrmAdminResult = { ok: true; name: string; changed: boolean } | { ok: false; status: 400 | 403 | 404; error: string };

const email = z.email();

/**
 * Grants or removes CRM admin for one broker. `brokerId` is the raw form
 * value: anything but the id of an existing broker is refused (404) and
 * nothing changes. Granting needs a broker with a valid e-mail.
 */
export async function setCrmAdmin(viewer: SessionUser, rawBrokerId: unknown, grant: boolean): Promise<SetCrmAdminResult> {
  const rights = crmAdminRights(viewer);
  const brokerId = typeof rawBrokerId === "string" ? parseRef(rawBrokerId) : null;
  if (grant && rights.grant !== "permitido") return { ok: false, status: 403, error: CRM_ADMIN_MESSAGES.cannotGrant };
  if (!brokerId) return { ok: false, status: 404, error: CRM_ADMIN_MESSAGES.notFound };
  if (!grant && rights.revoke !== "permitido" && brokerId !== viewer.broker?.id) return { ok: false, status: 403, error: CRM_ADMIN_MESSAGES.cannotRevoke };
  const broker = await db().selectFrom("brokers").select(["id", "name", "email"]).where("id", "=", brokerId).executeTakeFirst();
  if (!broker) return { ok: false, status: 404, error: CRM_ADMIN_MESSAGES.notFound };
  if (grant) {
    if (!email.safeParse(broker.email.trim()).success) return { ok: false, status: 400, error: CRM_ADMIN_MESSAGES.noEmail };
    const inserted = await db()
      .insertInto("crm_admins")
      .values({ broker_id: broker.id, granted_by: viewer.id, created_at: nowIso() })
      .onConflict((oc) => oc.column("broker_id").doNothing())
      .executeTakeFirst();
    return { ok: true, name: broker.name, changed: Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 };
  }
  const removed = await db().deleteFrom("crm_admins").where("broker_id", "=", broker.id).executeTakeFirst();
  return { ok: true, name: broker.name, changed: Number(removed.numDeletedRows) > 0 };
}
