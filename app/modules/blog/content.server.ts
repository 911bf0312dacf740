import sanitizeHtml from "sanitize-html";
import { slugify } from "~/utils/slug";

/**
 * Article HTML: what an editor may use (headings, lists, links, images,
 * quotes, tables), nothing that runs. Applied when a post is saved and
 * again when it is shown, so a row written by other means is safe too.
 */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ["h2", "h3", "h4", "p", "br", "hr", "strong", "b", "em", "i", "u", "s", "a", "ul", "ol", "li", "blockquote", "img", "figure", "figcaption", "table", "thead", "tbody", "tr", "th", "td", "code", "pre"],
  // rel, target, loading and decoding are written by the transforms below (attributes are filtered after them)
  allowedAttributes: { a: ["href", "title", "rel", "target"], img: ["src", "alt", "width", "height", "loading", "decoding"], th: ["colspan", "rowspan"], td: ["colspan", "rowspan"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      const { target: _ignored, ...rest } = attribs;
      return { tagName, attribs: { ...rest, rel: "noopener nofollow", ...(rest.href?.startsWith("/") ? {} : { target: "_blank" }) } };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy", decoding: "async" } }),
  },
};

export function sanitizeArticle(html: string): string {
  return sanitizeHtml(html, ALLOWED);
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&nbsp;": " " };

/** The article's text, tags stripped (the 2,000-character rule and the reading time count this). */
export function articleText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\s+/g, " ")
    .trim();
}

export type TocEntry = { id: string; text: string; level: 2 | 3 };

/** Sanitised HTML with an id on every h2/h3, and the table of contents they make. */
export function articleWithToc(html: string): { html: string; toc: TocEntry[] } {
  const safe = sanitizeArticle(html);
  const toc: TocEntry[] = [];
  const used = new Set<string>();
  const out = safe.replace(/<h([23])>([\s\S]*?)<\/h\1>/g, (_, level: string, inner: string) => {
    const text = articleText(inner);
    const base = slugify(text) || "secao";
    let id = base;
    for (let n = 2; used.has(id); n += 1) id = `${base}-${n}`;
    used.add(id);
    toc.push({ id, text, level: Number(level) as 2 | 3 });
    return `<h${level} id="${id}">${inner}</h${level}>`;
  });
  return { html: out, toc };
}
