import type { Kysely } from "kysely";

/**
 * Back office (issue 7):
 * - property_slug_history: slugs a property had before its title changed,
 *   so /imovel/{old-slug} answers 301 to the current one.
 * - watermark_labels: the name an admin gives a logo of the watermark
 *   library (the file itself stays under imoveis/watermarks/).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("property_slug_history")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("property_id", "integer", (c) => c.notNull().references("properties.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("property_slug_history_property_idx").on("property_slug_history").column("property_id").execute();

  await db.schema
    .createTable("watermark_labels")
    .addColumn("url", "text", (c) => c.primaryKey())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("watermark_labels").ifExists().execute();
  await db.schema.dropTable("property_slug_history").ifExists().execute();
}
