import { db, nowIso } from "~/modules/platform/db.server";
import type { LeadHook } from "~/modules/leads/lead-types";
import { agencyDayStart, agencyTime, parseHourMinute } from "~/utils/clock";
import { ORDER_VALID_UNTIL } from "./roulette-rules";

/**
 * Beyond the spec's seed (issue 10): the day's draw is the distribution
 * order until 20:00. A new lead without a broker goes to the listing's own
 * broker when that broker is in today's draw, else to the next drawn,
 * active broker in turn. Each decision is recorded with its reason
 * (lead_assignments), in one transaction so two leads never take one turn.
 */
/** The broker page shows the same hour (ORDER_VALID_UNTIL): one constant for the rule and its text. */
export const ROUTING_UNTIL_MINUTES = parseHourMinute(ORDER_VALID_UNTIL)!;

export async function routeLead(leadId: number, now: Date = new Date()): Promise<{ brokerId: string; reason: "roleta" | "corretor-do-imovel" } | null> {
  if (agencyTime(now).minutes >= ROUTING_UNTIL_MINUTES) return null;
  const since = agencyDayStart(now).toISOString();
  return db()
    .transaction()
    .execute(async (trx) => {
      const lead = await trx.selectFrom("leads").select(["id", "broker_id", "property_id"]).where("id", "=", leadId).executeTakeFirst();
      if (!lead || lead.broker_id) return null;
      const latest = await trx.selectFrom("roleta_results").select("draw_date").where("draw_date", ">=", since).orderBy("draw_date", "desc").limit(1).executeTakeFirst();
      if (!latest) return null;
      const order = await trx
        .selectFrom("roleta_results")
        .innerJoin("brokers", "brokers.id", "roleta_results.broker_id")
        .select(["roleta_results.broker_id"])
        .where("roleta_results.draw_date", "=", latest.draw_date)
        .where("brokers.is_active", "=", 1)
        .orderBy("roleta_results.position")
        .execute();
      const drawn = order.map((o) => o.broker_id!).filter(Boolean);
      if (!drawn.length) return null;
      let choice: { brokerId: string; reason: "roleta" | "corretor-do-imovel" } | null = null;
      if (lead.property_id) {
        const owner = await trx.selectFrom("properties").select("broker_id").where("id", "=", lead.property_id).executeTakeFirst();
        if (owner?.broker_id && drawn.includes(owner.broker_id)) choice = { brokerId: owner.broker_id, reason: "corretor-do-imovel" };
      }
      if (!choice) {
        const turns = await trx
          .selectFrom("lead_assignments")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("reason", "=", "roleta")
          .where("assigned_at", ">=", latest.draw_date)
          .executeTakeFirstOrThrow();
        choice = { brokerId: drawn[Number(turns.n) % drawn.length], reason: "roleta" };
      }
      const ts = nowIso();
      await trx.updateTable("leads").set({ broker_id: choice.brokerId, updated_at: ts }).where("id", "=", lead.id).execute();
      await trx.insertInto("lead_assignments").values({ lead_id: lead.id, broker_id: choice.brokerId, reason: choice.reason, assigned_at: now.toISOString() }).execute();
      return choice;
    });
}

/** Today's decisions, newest first, for the admin. */
export async function todaysAssignments(now: Date = new Date()) {
  return db()
    .selectFrom("lead_assignments")
    .innerJoin("leads", "leads.id", "lead_assignments.lead_id")
    .leftJoin("brokers", "brokers.id", "lead_assignments.broker_id")
    .select(["lead_assignments.lead_id", "leads.name as lead_name", "brokers.name as broker_name", "lead_assignments.reason", "lead_assignments.assigned_at"])
    .where("lead_assignments.assigned_at", ">=", agencyDayStart(now).toISOString())
    .orderBy("lead_assignments.assigned_at", "desc")
    .limit(200)
    .execute();
}

export const rouletteRoutingHook: LeadHook = {
  name: "roulette:routing",
  async run(lead) {
    if (lead.brokerId) return;
    await routeLead(lead.id);
  },
};
