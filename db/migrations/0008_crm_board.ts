import type { Kysely } from "kysely";

/**
 * CRM board (issue 9): each column reads the first cards of one stage for one
 * owner in position order; these indexes answer it without sorting the stage.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("leads_broker_stage_order_idx").on("leads").columns(["broker_id", "stage_id", "order_index"]).execute();
  await db.schema.createIndex("crm_deals_owner_stage_order_idx").on("crm_deals").columns(["owner_id", "stage_id", "order_index"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("crm_deals_owner_stage_order_idx").execute();
  await db.schema.dropIndex("leads_broker_stage_order_idx").execute();
}
