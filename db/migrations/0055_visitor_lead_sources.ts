import type { Kysely } from "kysely";
import { replaceLeadSourceCheck } from "../migration-helpers";

/**
 * The visitor features of issue 28 bring leads of their own kind, each a
 * source the CRM can filter on: 'simulador' (a financing simulation sent to a
 * broker), 'captacao' (an owner offering a property on /anuncie) and 'alerta'
 * (a visitor who confirmed a saved-search alert).
 */
const BEFORE = ["site", "board", "csv", "roleta", "zap", "vivareal", "olx", "portal"];
const AFTER = [...BEFORE, "simulador", "captacao", "alerta"];

export async function up(db: Kysely<any>): Promise<void> {
  await replaceLeadSourceCheck(db, BEFORE, AFTER);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.updateTable("leads").set({ source: "site" }).where("source", "in", ["simulador", "captacao", "alerta"]).execute();
  await replaceLeadSourceCheck(db, AFTER, BEFORE);
}
