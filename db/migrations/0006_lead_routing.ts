import type { Kysely } from "kysely";

/**
 * Lead routing (issue 10): who received a lead without a broker, and why
 * (the roulette's turn, or the listing's own broker), for the admin.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("lead_assignments")
    .addColumn("lead_id", "integer", (c) => c.primaryKey().references("leads.id").onDelete("cascade"))
    .addColumn("broker_id", "text", (c) => c.references("brokers.id").onDelete("set null"))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("assigned_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("lead_assignments_assigned_idx").on("lead_assignments").column("assigned_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("lead_assignments").execute();
}
