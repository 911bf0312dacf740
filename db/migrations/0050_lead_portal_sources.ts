import { sql, type Kysely } from "kysely";
import { replaceLeadSourceCheck } from "../migration-helpers";

/**
 * A lead pushed by a portal keeps the portal as its source (issue 25): ZAP
 * Imóveis, VivaReal or OLX, and 'portal' when the push names none we know.
 * Until now such a lead was stored as 'site'; the lead ids recorded in
 * portal_leads (0012) are moved to their portal here.
 *
 * leads.source has a CHECK listing its values (0001). PostgreSQL replaces the
 * constraint in place. SQLite cannot alter a CHECK, so the table is rebuilt
 * the way SQLite documents it (lang_altertable.html, "other kinds of table
 * schema changes"): with foreign keys off, a copy made from the table's own
 * CREATE statement (so columns other migrations added are kept, in order)
 * with the one CHECK changed, every row copied with its id, the old table
 * dropped, the copy renamed, and the indexes and triggers (search key, the
 * trigram index's) created again from their saved statements. The
 * AUTOINCREMENT counter is kept, so no deleted lead's id is handed out again.
 */
const BEFORE = ["site", "board", "csv", "roleta"];
const AFTER = [...BEFORE, "zap", "vivareal", "olx", "portal"];

export async function up(db: Kysely<any>): Promise<void> {
  await replaceLeadSourceCheck(db, BEFORE, AFTER);
  // Leads received from a portal before this migration: their portal, from what the push said.
  for (const [source, pattern] of [
    ["zap", "%zap%"],
    ["vivareal", "%viva%"],
    ["olx", "%olx%"],
  ] as const) {
    await sql`update leads set source = ${source}
      where source = 'site' and id in (select lead_id from portal_leads where lead_id is not null and lower(coalesce(lead_origin, '')) like ${pattern})`.execute(db);
  }
  await sql`update leads set source = 'portal' where source = 'site' and id in (select lead_id from portal_leads where lead_id is not null)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update leads set source = 'site' where source in ('zap', 'vivareal', 'olx', 'portal')`.execute(db);
  await replaceLeadSourceCheck(db, AFTER, BEFORE);
}
