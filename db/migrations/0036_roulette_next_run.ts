import type { Kysely } from "kysely";

/**
 * The automatic roulette's next run as an instant (issue 25): set when the
 * settings are saved (today's time if still ahead, else tomorrow's) and
 * moved on by each run, so a save never draws at once and the job draws
 * exactly when the page says. Empty on old rows: the job fills it in
 * without drawing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("automatic_roulette_settings").addColumn("next_run_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("automatic_roulette_settings").dropColumn("next_run_at").execute();
}
