import { sql, type Kysely } from "kysely";

/** Part of 0001_initial: Blog posts and course materials. Never edited once landed (see ../0001_initial.ts). */
export async function createContentTables(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("blog_posts")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("excerpt", "text")
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("cover_image", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft").check(sql`status in ('draft', 'published')`))
    .addColumn("published_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("blog_posts_status_published_idx").on("blog_posts").columns(["status", "published_at"]).execute();
  await db.schema.createIndex("blog_posts_created_idx").on("blog_posts").column("created_at").execute();

  await db.schema
    .createTable("course_materials")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("file_path", "text", (c) => c.notNull())
    .addColumn("mime_type", "text")
    .addColumn("size", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("uploaded_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("course_materials_updated_idx").on("course_materials").column("updated_at").execute();
}
