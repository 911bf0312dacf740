import fsp from "node:fs/promises";
import type { Selectable } from "kysely";
import type { BlogPostsTable } from "#db/schema";
import { assertCan } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { ACCEPTED_FORMATS, ImageError, inspectImage, storePhoto } from "~/modules/files/images.server";
import { deleteWithVariants, isUrlInFolder, keyFromUrl, publicUrl, uniqueFileName } from "~/modules/files/storage.server";
import { db, nowIso } from "~/modules/platform/db.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { articleText, sanitizeArticle } from "./content.server";
import { BLOG_MESSAGES, COVER_MAX_BYTES, PUBLISH_MIN_TEXT, type BlogPostInput } from "./post-schema";

/**
 * Blog posts (spec 03 §2.9, §4, §5): visitors read published posts by
 * slug; admins list, write, publish and delete. Content is sanitised
 * before it is stored (and again when shown).
 */
export type BlogPost = Selectable<BlogPostsTable>;
export const BLOG_PAGE_SIZE = 9;
export const RECENT_POSTS = 6;
const COVER_FOLDER = "blog";

/** A rule a post breaks, on the field it concerns. */
export class BlogPostError extends Error {
  constructor(
    readonly field: "title" | "slug" | "content" | "cover" | "publishedAt",
    message: string,
  ) {
    super(message);
  }
}

const LIST_COLUMNS = ["id", "slug", "title", "excerpt", "cover_image", "status", "published_at", "created_at", "updated_at"] as const;

/** Published and due: a post scheduled for later is not on the site yet (not listed, not readable, not in the sitemap). */
function visible(now: Date) {
  return db().selectFrom("blog_posts").where("status", "=", "published").where("published_at", "<=", now.toISOString());
}

export async function hasPublishedPosts(now: Date = new Date()): Promise<boolean> {
  return (await visible(now).select("id").limit(1).executeTakeFirst()) !== undefined;
}

/** One page of published posts, newest first. */
export async function listPublishedPosts(page: number, now: Date = new Date()) {
  const base = visible(now);
  const [rows, count] = await Promise.all([
    base
      .select(LIST_COLUMNS)
      .orderBy("published_at", "desc")
      .orderBy("id", "desc")
      .limit(BLOG_PAGE_SIZE)
      .offset((page - 1) * BLOG_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { posts: rows, total: Number(count.n), pageCount: Math.max(1, Math.ceil(Number(count.n) / BLOG_PAGE_SIZE)) };
}

export async function findPublishedPost(slug: string, now: Date = new Date()): Promise<BlogPost | null> {
  const value = slug.trim().toLowerCase();
  if (!value || value.length > 120) return null;
  return (await visible(now).selectAll().where("slug", "=", value).executeTakeFirst()) ?? null;
}

/** The latest published posts but this one (spec 03 §4: 6, by published_at). */
export async function recentPosts(excludeId: number | null, limit = RECENT_POSTS, now: Date = new Date()) {
  let query = visible(now).select(LIST_COLUMNS);
  if (excludeId !== null) query = query.where("id", "!=", excludeId);
  return query.orderBy("published_at", "desc").orderBy("id", "desc").limit(limit).execute();
}

/** Every published slug with its date, for the sitemap. */
export async function publishedSlugs(now: Date = new Date()) {
  return visible(now).select(["slug", "updated_at"]).orderBy("published_at", "desc").limit(5000).execute();
}

export async function listAllPosts(user: SessionUser) {
  assertCan(user, "read", "blog");
  return db().selectFrom("blog_posts").select(LIST_COLUMNS).orderBy("created_at", "desc").orderBy("id", "desc").limit(500).execute();
}

export async function findPostForEdit(user: SessionUser, id: number): Promise<BlogPost | null> {
  assertCan(user, "update", "blog");
  return (await db().selectFrom("blog_posts").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

/** Checks a cover upload (a real JPG, PNG or WebP under 5 MB); null when none was sent. */
/** A cover as posted: received on disk by the upload reader (files/multipart.server.ts), or a File (tests, scripts). */
export type CoverUpload = File | { path: string; size: number; tooLarge?: boolean };

async function readCover(file: CoverUpload | null | undefined): Promise<{ data: Buffer; ext: string } | null> {
  if (!file || file.size === 0) return null;
  if (("tooLarge" in file && file.tooLarge) || file.size > COVER_MAX_BYTES) throw new BlogPostError("cover", BLOG_MESSAGES.coverTooLarge);
  const data = "path" in file ? await fsp.readFile(file.path) : Buffer.from(await file.arrayBuffer());
  try {
    const { format } = await inspectImage(data);
    return { data, ext: ACCEPTED_FORMATS[format] };
  } catch (error) {
    throw new BlogPostError("cover", `Imagem de capa: ${error instanceof ImageError ? error.message : "arquivo inválido"}`);
  }
}

/**
 * Creates (id null) or updates a post. The publish rule is measured on the
 * sanitised text; the slug must be free; the cover is stored before the
 * row and removed again if the row cannot be written, so nothing is left
 * half-saved. Returns the post's id.
 */
export async function savePost(user: SessionUser, id: number | null, input: Omit<BlogPostInput, "cover">, coverFile: CoverUpload | null | undefined, now: Date = new Date()): Promise<number> {
  assertCan(user, id === null ? "create" : "update", "blog");
  const content = sanitizeArticle(input.content);
  const text = articleText(content);
  if (!text) throw new BlogPostError("content", BLOG_MESSAGES.required);
  if (input.status === "published" && text.length < PUBLISH_MIN_TEXT) throw new BlogPostError("content", BLOG_MESSAGES.tooShort(text.length));
  const clash = await db().selectFrom("blog_posts").select("id").where("slug", "=", input.slug).executeTakeFirst();
  if (clash && clash.id !== id) throw new BlogPostError("slug", BLOG_MESSAGES.slugTaken);
  const current = id === null ? null : await db().selectFrom("blog_posts").selectAll().where("id", "=", id).executeTakeFirst();
  if (id !== null && !current) throw new BlogPostError("title", BLOG_MESSAGES.notFound);

  const cover = await readCover(coverFile);
  const coverUrl = cover ? publicUrl(await storePhoto(COVER_FOLDER, uniqueFileName(cover.ext), cover.data)) : null;
  const publishedAt = input.status === "published" ? publicationMoment(input.publishedAt, current?.published_at ?? null, now) : null;
  const values = {
    slug: input.slug,
    title: input.title,
    excerpt: input.excerpt,
    content,
    cover_image: coverUrl ?? (input.removeCover ? null : (current?.cover_image ?? null)),
    status: input.status,
    published_at: publishedAt,
    updated_at: nowIso(),
  };
  let savedId: number;
  try {
    if (id === null) {
      savedId = (await db().insertInto("blog_posts").values({ ...values, created_at: nowIso() }).returning("id").executeTakeFirstOrThrow()).id;
    } else {
      await db().updateTable("blog_posts").set(values).where("id", "=", id).execute();
      savedId = id;
    }
  } catch (error) {
    if (coverUrl) await removeCover(coverUrl);
    throw error;
  }
  // the old cover goes only after the row no longer points at it
  if (current?.cover_image && current.cover_image !== values.cover_image) await removeCover(current.cover_image);
  return savedId;
}

/**
 * When a published post goes public (spec 03 §4: the given date or now): the
 * moment typed (in the future: scheduled); none typed keeps a past
 * publication date and otherwise means now.
 */
function publicationMoment(typed: Date | null, current: string | null, now: Date): string {
  if (typed) return typed.toISOString();
  if (current && Date.parse(current) <= now.getTime()) return current;
  return now.toISOString();
}

export async function deletePost(user: SessionUser, id: number): Promise<boolean> {
  assertCan(user, "delete", "blog");
  const row = await db().deleteFrom("blog_posts").where("id", "=", id).returning(["cover_image"]).executeTakeFirst();
  if (row?.cover_image) await removeCover(row.cover_image);
  return row !== undefined;
}

async function removeCover(url: string): Promise<void> {
  if (!isUrlInFolder(url, COVER_FOLDER)) return;
  const key = keyFromUrl(url);
  if (!key) return;
  await deleteWithVariants(key).catch((error) => log.warn("blog cover not removed", { url, ...errorFields(error) }));
}
