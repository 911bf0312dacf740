import { db } from "~/modules/platform/db.server";
import { log } from "~/modules/platform/logger.server";

/**
 * LGPD: a lead who answers SAIR or PARAR is never messaged again. The number
 * may be the registered form (with or without the ninth digit), so the
 * match is on the normalised phone and its last 8 digits within the broker's leads.
 */
export async function recordOptOut(brokerId: string, fromNumber: string, now = new Date()): Promise<number> {
  const digits = fromNumber.replace(/\D/g, "");
  const tail = digits.slice(-8);
  if (tail.length < 8) return 0;
  const candidates = await db()
    .selectFrom("leads")
    .select(["id", "phone_normalized"])
    .where("broker_id", "=", brokerId)
    .where("phone_normalized", "like", `%${tail}`)
    .where("whatsapp_opt_out_at", "is", null)
    .execute();
  const ddd = digits.startsWith("55") ? digits.slice(2, 4) : null;
  const ids = candidates.filter((c) => !ddd || c.phone_normalized?.slice(2, 4) === ddd).map((c) => c.id);
  if (ids.length === 0) return 0;
  await db().updateTable("leads").set({ whatsapp_opt_out_at: now.toISOString() }).where("id", "in", ids).execute();
  // Pending campaign messages to them are cancelled at once.
  await db()
    .updateTable("campaign_jobs")
    .set({ status: "cancelled", error: "Lead pediu para não receber mensagens (SAIR/PARAR)" })
    .where("lead_id", "in", ids)
    .where("status", "in", ["scheduled", "paused"])
    .execute();
  log.info("whatsapp opt-out recorded", { brokerId, leads: ids.length });
  return ids.length;
}
