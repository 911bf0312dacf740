import type { Kysely } from "kysely";

/**
 * WhatsApp keeps its promises (issue 25):
 * - `whatsapp_opt_outs`: the suppression list (LGPD). An opt-out belongs to
 *   the phone number, not to a CRM lead, so it holds for CSV recipients and
 *   every campaign source. `phone_key` is the number with the 12- and
 *   13-digit forms of a Brazilian mobile folded into one (55 + DDD + last 8
 *   digits, `optOutKey` in modules/messaging/whatsapp-numbers.ts), the way
 *   WhatsApp itself matches them. The opt-outs kept on leads until now are
 *   copied in (the column stays, no longer written).
 * - `whatsapp_connections.first_connected_at`: when the number first
 *   connected; the warm-up counts from it and a reconnect never resets it.
 * - `whatsapp_connections.next_send_at`: the earliest instant the number may
 *   send again, so sends stay spaced by the interval after an outage or a
 *   restart, whatever the jobs' times say.
 */
function optOutKey(digits: string): string | null {
  const d = digits.replace(/\D/g, "");
  if (d.length < 10) return null;
  if (d.startsWith("55") && (d.length === 12 || d.length === 13)) return `55${d.slice(2, 4)}${d.slice(-8)}`;
  return d;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("whatsapp_opt_outs")
    .addColumn("phone_key", "text", (c) => c.primaryKey())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("broker_id", "text", (c) => c.references("brokers.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  const leads = await db.selectFrom("leads").select(["phone", "phone_normalized", "broker_id", "whatsapp_opt_out_at"]).where("whatsapp_opt_out_at", "is not", null).execute();
  for (const lead of leads as { phone: string; phone_normalized: string | null; broker_id: string | null; whatsapp_opt_out_at: string }[]) {
    const phone = lead.phone_normalized ?? lead.phone;
    const key = optOutKey(phone ?? "");
    if (!key) continue;
    await db
      .insertInto("whatsapp_opt_outs")
      .values({ phone_key: key, phone: phone.replace(/\D/g, ""), source: "reply", broker_id: lead.broker_id, created_at: lead.whatsapp_opt_out_at })
      .onConflict((oc) => oc.column("phone_key").doNothing())
      .execute();
  }

  await db.schema.alterTable("whatsapp_connections").addColumn("first_connected_at", "text").execute();
  await db.schema.alterTable("whatsapp_connections").addColumn("next_send_at", "text").execute();
  await db.updateTable("whatsapp_connections").set((eb) => ({ first_connected_at: eb.ref("connected_since") })).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("whatsapp_opt_outs").execute();
}
