import { z } from "zod";
import { agencyInstant, parseLocalDate, parseLocalDateTime } from "~/utils/clock";
import { checkbox, optionalText, recordId, requiredText } from "~/utils/form-fields";
import { FIELD_MESSAGES } from "~/utils/zod-pt-br";

/** Spec 03 §5, §8, §9: the blog's rules and messages, shared by the admin form and the server. */
export const BLOG_MESSAGES = {
  required: "Título, slug e conteúdo são obrigatórios",
  tooShort: (current: number) => `O conteúdo precisa ter pelo menos ${PUBLISH_MIN_TEXT} caracteres para publicar. Atual: ${current}.`,
  badSlug: "Use no slug apenas letras minúsculas, números e hífens.",
  slugTaken: "Já existe um artigo com este slug.",
  badDate: "Data de publicação inválida.",
  badCover: "Imagem de capa inválida.",
  coverTooLarge: "Imagem de capa maior que 5 MB.",
  notFound: "Artigo não encontrado.",
  loadFailed: (message: string) => `Erro ao carregar posts: ${message}`,
  saved: "Post salvo",
  deleted: "Post excluído",
} as const;

export const PUBLISH_MIN_TEXT = 2000;
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
export const BLOG_STATUS_LABELS = { draft: "Rascunho", published: "Publicado" } as const;
/** How the admin list names a published post whose moment is still to come. */
export const SCHEDULED_LABEL = "Agendado";
export type BlogStatus = keyof typeof BLOG_STATUS_LABELS;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The publication moment typed in the form (datetime-local, or a plain
 * date: midnight at the agency), read in the agency's time zone; an
 * impossible date (30/02, 2026-13-45) is refused. A moment in the future
 * schedules the post: it stays off the site, the lists and the sitemap
 * until then.
 */
export function parsePublishMoment(value: string): Date | null {
  const v = value.trim();
  const at = parseLocalDateTime(v);
  if (at) return at;
  const date = /^\d{4}-\d{2}-\d{2}$|^\d{1,2}\/\d{1,2}\/\d{4}$/.test(v) ? parseLocalDate(v) : null;
  return date ? agencyInstant(date, 0) : null;
}

/**
 * The admin form. Slug trimmed and lower-cased, title trimmed, an empty
 * excerpt becomes null; publishing needs 2,000 characters of text (checked
 * on the server, where the text is measured after sanitising).
 */
export const blogPostSchema = z.object({
  title: requiredText(200, BLOG_MESSAGES.required),
  slug: requiredText(120, BLOG_MESSAGES.required)
    .transform((v) => v.toLowerCase())
    .pipe(z.string().regex(SLUG, BLOG_MESSAGES.badSlug)),
  excerpt: optionalText(500).transform((v) => v || null),
  content: requiredText(200_000, BLOG_MESSAGES.required),
  status: z.enum(["draft", "published"], { error: FIELD_MESSAGES.option }).default("draft"),
  // empty = now, when publishing
  publishedAt: z
    .string()
    .max(40, BLOG_MESSAGES.badDate)
    .optional()
    .transform((v, ctx) => {
      if (!v?.trim()) return null;
      const at = parsePublishMoment(v);
      if (!at) {
        ctx.addIssue({ code: "custom", message: BLOG_MESSAGES.badDate });
        return z.NEVER;
      }
      return at;
    }),
  cover: z
    .instanceof(File, { message: BLOG_MESSAGES.badCover })
    .optional()
    .refine((f) => !f || f.size <= COVER_MAX_BYTES, BLOG_MESSAGES.coverTooLarge),
  removeCover: checkbox,
});
export type BlogPostInput = z.infer<typeof blogPostSchema>;

/** Published with a moment still to come: the post waits for it. */
export function isScheduled(post: { status: string; published_at: string | null }, now: Date = new Date()): boolean {
  return post.status === "published" && post.published_at !== null && Date.parse(post.published_at) > now.getTime();
}

/** /admin/blog's delete button (after the confirmation). */
export const blogListActionSchema = z.object({ intent: z.literal("delete"), id: recordId(BLOG_MESSAGES.notFound) });

/** Words of the text / 200, rounded up, at least 1 (spec 03 §9). */
export function readingMinutes(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / 200));
}
