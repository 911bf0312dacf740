import { db } from "~/modules/platform/db.server";
import { log } from "~/modules/platform/logger.server";
import { CAMPAIGN_MESSAGES } from "./campaign-rules";
import { optOutKey } from "./whatsapp-numbers";

/**
 * LGPD: a number that answers SAIR or PARAR is never messaged again, from
 * any campaign (CRM leads, CSV, whatever comes next) or the lead page. The
 * opt-out belongs to the number (whatsapp_opt_outs, one row per number) and
 * both forms of a Brazilian mobile, with and without the ninth digit, are
 * one number (`optOutKey`). Checked when a campaign is launched, again right
 * before each send, and before a lead-page send.
 */
export type OptOut = { at: string; source: "reply" | "manual" };

/**
 * Whether a number is on the suppression list: the lead page's badge
 * ('Não recebe WhatsApp (SAIR)') and every send check use this.
 */
export async function isOptedOut(phone: string | null | undefined): Promise<boolean> {
  return (await optOutOf(phone)) !== null;
}

/** The opt-out of a number (when, how), or null. */
export async function optOutOf(phone: string | null | undefined): Promise<OptOut | null> {
  const key = optOutKey(phone);
  if (!key) return null;
  const row = await db().selectFrom("whatsapp_opt_outs").select(["created_at", "source"]).where("phone_key", "=", key).executeTakeFirst();
  return row ? { at: row.created_at, source: row.source } : null;
}

/** The keys among `phones` that are on the list (for a recipient list: one query per 500). */
export async function optedOutKeys(phones: readonly (string | null | undefined)[]): Promise<Set<string>> {
  const keys = [...new Set(phones.map((p) => optOutKey(p)).filter((k): k is string => k !== null))];
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db().selectFrom("whatsapp_opt_outs").select("phone_key").where("phone_key", "in", keys.slice(i, i + 500)).execute();
    rows.forEach((r) => found.add(r.phone_key));
  }
  return found;
}

/**
 * Records an opt-out (idempotent) and cancels every pending campaign
 * message to the number at once, whichever broker's campaign it is in.
 * Returns false when the text is not a phone number.
 */
export async function recordOptOut(phone: string, options: { source?: OptOut["source"]; brokerId?: string | null } = {}, now = new Date()): Promise<boolean> {
  const key = optOutKey(phone);
  if (!key) return false;
  await db()
    .insertInto("whatsapp_opt_outs")
    .values({ phone_key: key, phone: phone.replace(/\D/g, ""), source: options.source ?? "reply", broker_id: options.brokerId ?? null, created_at: now.toISOString() })
    .onConflict((oc) => oc.column("phone_key").doNothing())
    .execute();
  const cancelled = await cancelPendingTo(key);
  log.info("whatsapp opt-out recorded", { brokerId: options.brokerId ?? null, cancelled });
  return true;
}

/** Pending (scheduled or paused) campaign messages to a number: cancelled, with the reason. */
async function cancelPendingTo(key: string): Promise<number> {
  const candidates = await db()
    .selectFrom("campaign_jobs")
    .select(["id", "to"])
    .where("to", "like", `%${key.slice(-8)}`)
    .where("status", "in", ["scheduled", "paused"])
    .execute();
  const ids = candidates.filter((c) => optOutKey(c.to) === key).map((c) => c.id);
  if (ids.length === 0) return 0;
  await db().updateTable("campaign_jobs").set({ status: "cancelled", error: CAMPAIGN_MESSAGES.optedOut }).where("id", "in", ids).where("status", "in", ["scheduled", "paused"]).execute();
  return ids.length;
}
