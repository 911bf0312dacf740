import { parseLocalDate } from "~/utils/clock";
import { z } from "zod";

/** Spec 03 §5, §8, §9: the blog's rules and messages, shared by the admin form and the server. */
export const BLOG_MESSAGES = {
  required: "Título, slug e conteúdo são obrigatórios",
  tooShort: (current: number) => `O conteúdo precisa ter pelo menos ${PUBLISH_MIN_TEXT} caracteres para publicar. Atual: ${current}.`,
  badSlug: "Use no slug apenas letras minúsculas, números e hífens.",
  slugTaken: "Já existe um artigo com este slug.",
  badDate: "Data de publicação inválida.",
  notFound: "Artigo não encontrado.",
  loadFailed: (message: string) => `Erro ao carregar posts: ${message}`,
  saved: "Post salvo",
  deleted: "Post excluído",
} as const;

export const PUBLISH_MIN_TEXT = 2000;
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
export const BLOG_STATUS_LABELS = { draft: "Rascunho", published: "Publicado" } as const;
export type BlogStatus = keyof typeof BLOG_STATUS_LABELS;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const blank = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/**
 * The admin form. Slug trimmed and lower-cased, title trimmed, an empty
 * excerpt becomes null; publishing needs 2,000 characters of text (checked
 * on the server, where the text is measured after sanitising).
 */
export const blogPostSchema = z.object({
  title: z.preprocess(blank, z.string().min(1, BLOG_MESSAGES.required).max(200, "No máximo 200 caracteres")),
  slug: z.preprocess((v) => blank(v).toLowerCase(), z.string().min(1, BLOG_MESSAGES.required).max(120, "No máximo 120 caracteres").regex(SLUG, BLOG_MESSAGES.badSlug)),
  excerpt: z.preprocess((v) => blank(v) || null, z.string().max(500, "No máximo 500 caracteres").nullable()),
  content: z.preprocess(blank, z.string().min(1, BLOG_MESSAGES.required).max(200_000, "No máximo 200.000 caracteres")),
  status: z.enum(["draft", "published"]).catch("draft"),
  // yyyy-mm-dd from a date input; empty = now when publishing
  publishedAt: z.preprocess(blank, z.union([z.literal(""), z.string().refine((v) => parseLocalDate(v) !== null, BLOG_MESSAGES.badDate)])),
  removeCover: z.preprocess((v) => v === "on" || v === "1", z.boolean()),
});
export type BlogPostInput = z.infer<typeof blogPostSchema>;

/** Words of the text / 200, rounded up, at least 1 (spec 03 §9). */
export function readingMinutes(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / 200));
}
