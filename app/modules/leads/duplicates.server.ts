import { db, type DbOrTx } from "~/modules/platform/db.server";
import { normalisePhone } from "~/utils/phone.server";

/**
 * One duplicate rule (CSV import preview and the board's 'Lead já existe'):
 * a lead of the SAME broker (or both without broker) whose lower-cased
 * e-mail or normalised phone matches. Indexed lookups, never a scan.
 */
export type DuplicateKey = { email?: string | null; phone?: string | null };

export function duplicateKeys(input: DuplicateKey): { email: string | null; phone: string | null } {
  const email = (input.email ?? "").trim().toLowerCase() || null;
  return { email, phone: normalisePhone(input.phone ?? "") };
}

export async function findDuplicateLead(brokerId: string | null, input: DuplicateKey, conn: DbOrTx = db()): Promise<{ id: number; name: string } | null> {
  const { email, phone } = duplicateKeys(input);
  if (!email && !phone) return null;
  let q = conn.selectFrom("leads").select(["id", "name"]);
  q = brokerId ? q.where("broker_id", "=", brokerId) : q.where("broker_id", "is", null);
  q = q.where((eb) => {
    const ors = [];
    if (email) ors.push(eb("email", "=", email));
    if (phone) ors.push(eb("phone_normalized", "=", phone));
    return eb.or(ors);
  });
  return (await q.orderBy("id").limit(1).executeTakeFirst()) ?? null;
}

/**
 * For an import: every existing e-mail and phone of the broker, loaded once
 * (a broker holds thousands of leads, not millions), mapped to the lead id.
 */
export async function duplicateIndex(brokerId: string | null, conn: DbOrTx = db()): Promise<{ byEmail: Map<string, number>; byPhone: Map<string, number> }> {
  let q = conn.selectFrom("leads").select(["id", "email", "phone_normalized"]);
  q = brokerId ? q.where("broker_id", "=", brokerId) : q.where("broker_id", "is", null);
  const byEmail = new Map<string, number>();
  const byPhone = new Map<string, number>();
  for (const r of await q.execute()) {
    if (r.email && !byEmail.has(r.email)) byEmail.set(r.email, r.id);
    if (r.phone_normalized && !byPhone.has(r.phone_normalized)) byPhone.set(r.phone_normalized, r.id);
  }
  return { byEmail, byPhone };
}
