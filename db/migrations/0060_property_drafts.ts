import type { Kysely } from "kysely";

/**
 * A property made from an owner's offer ('Criar rascunho de imóvel') is a
 * draft until it is first saved in the editor: its page and photo pages
 * answer 404 to visitors, whatever its status (issue 28). 0/1 like every
 * boolean of the schema; existing properties are not drafts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("properties")
    .addColumn("is_draft", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("properties").dropColumn("is_draft").execute();
}
