import { Migrator, type Kysely, type Migration, type MigrationProvider } from "kysely";
import { isPostgres, PostgresSchemaPlugin } from "./dialect";
import * as m0001 from "./migrations/0001_initial";
import * as m0002 from "./migrations/0002_catalogue";
import * as m0004 from "./migrations/0004_hardening";
import * as m0005 from "./migrations/0005_backoffice";
import * as m0006 from "./migrations/0006_lead_routing";
import * as m0007 from "./migrations/0007_crm_leads";
import * as m0008 from "./migrations/0008_crm_board";
import * as m0009 from "./migrations/0009_webhooks";
import * as m0010 from "./migrations/0010_crm_admins";
import * as m0011 from "./migrations/0011_whatsapp";
import * as m0012 from "./migrations/0012_portal_leads";
import * as m0013 from "./migrations/0013_roulette_deliveries";
import * as m0014 from "./migrations/0014_catalogue_vocabulary";
import * as m0015 from "./migrations/0015_photo_measurements";
import * as m0016 from "./migrations/0016_health_probe";
import * as m0020 from "./migrations/0020_several_processes";
import * as m0035 from "./migrations/0035_whatsapp_suppression";
import * as m0036 from "./migrations/0036_roulette_next_run";
import * as m0040 from "./migrations/0040_property_address_display";
import * as m0050 from "./migrations/0050_lead_portal_sources";
import * as m0055 from "./migrations/0055_visitor_lead_sources";
import * as m0058 from "./migrations/0058_search_alerts";
import * as m0059 from "./migrations/0059_owner_offers";
import * as m0060 from "./migrations/0060_property_drafts";
import * as m0061 from "./migrations/0061_list_counts";
import * as m0062 from "./migrations/0062_lead_stage_totals";
import * as m0063 from "./migrations/0063_catalogue_city_price";

/**
 * Migrations are imported statically so the bundled server and CLI carry
 * them; add each new file here in order. Never edit a landed migration.
 * Gaps in the numbers (0003) are numbers a branch was given and did not
 * need: see db/migrations/README.md.
 */
export const MIGRATIONS: Record<string, Migration> = {
  "0001_initial": m0001,
  "0002_catalogue": m0002,
  "0004_hardening": m0004,
  "0005_backoffice": m0005,
  "0006_lead_routing": m0006,
  "0007_crm_leads": m0007,
  "0008_crm_board": m0008,
  "0009_webhooks": m0009,
  "0010_crm_admins": m0010,
  "0011_whatsapp": m0011,
  "0012_portal_leads": m0012,
  "0013_roulette_deliveries": m0013,
  "0014_catalogue_vocabulary": m0014,
  "0015_photo_measurements": m0015,
  "0016_health_probe": m0016,
  "0020_several_processes": m0020,
  "0035_whatsapp_suppression": m0035,
  "0036_roulette_next_run": m0036,
  "0040_property_address_display": m0040,
  "0050_lead_portal_sources": m0050,
  "0055_visitor_lead_sources": m0055,
  "0058_search_alerts": m0058,
  "0059_owner_offers": m0059,
  "0060_property_drafts": m0060,
  "0061_list_counts": m0061,
  "0062_lead_stage_totals": m0062,
  "0063_catalogue_city_price": m0063,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // Branches of one wave add numbered migrations in parallel; a later-numbered one may land first.
  // On PostgreSQL the migrations' SQLite column types are translated (db/dialect.ts).
  const target = isPostgres(db) ? db.withPlugin(new PostgresSchemaPlugin()) : db;
  const migrator = new Migrator({ db: target, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error");
    throw new Error(`Migration ${failed?.migrationName ?? "?"} failed: ${String((error as Error).message ?? error)}`);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
