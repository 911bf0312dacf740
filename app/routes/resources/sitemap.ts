import { availablePropertyPaths, countAvailableProperties } from "~/modules/catalogue/sitemap.server";
import { publishedSlugs } from "~/modules/blog/posts.server";
import { config } from "~/modules/platform/config.server";
import { CATEGORY_ROUTES } from "~/modules/properties/vocabulary";
import type { Route } from "./+types/sitemap";

/**
 * /sitemap.xml: the public pages and every available property, streamed.
 * The protocol allows 50,000 addresses per file, so a larger catalogue gets a
 * sitemap index pointing at /sitemap.xml?page=N parts.
 */
const PER_FILE = 45_000;
// /categoria/aluguel lists what /alugar lists: only one of them is given to search engines
const STATIC_PAGES = ["/", "/imoveis", "/alugar", ...Object.keys(CATEGORY_ROUTES).filter((c) => c !== "aluguel").map((c) => `/categoria/${c}`), "/sobre", "/contato", "/anuncie", "/blog", "/privacidade"];
const HEADERS = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };

function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);
}

export async function loader({ request }: Route.LoaderArgs) {
  const base = config().publicUrl;
  const total = await countAvailableProperties();
  const parts = Math.max(1, Math.ceil((total + STATIC_PAGES.length) / PER_FILE));
  const pageParam = new URL(request.url).searchParams.get("page");
  const page = pageParam && /^\d{1,4}$/.test(pageParam) ? Number(pageParam) : 0;

  if (parts > 1 && page === 0) {
    const items = Array.from({ length: parts }, (_, i) => `<sitemap><loc>${escapeXml(`${base}/sitemap.xml?page=${i + 1}`)}</loc></sitemap>`).join("");
    return new Response(`<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items}</sitemapindex>`, { headers: HEADERS });
  }
  if (page > parts) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

  // Part 1 starts with the public pages; properties fill the rest in id order.
  const part = Math.max(1, page);
  const withStatic = part === 1;
  const offset = part === 1 ? 0 : (part - 1) * PER_FILE - STATIC_PAGES.length;
  const limit = part === 1 ? PER_FILE - STATIC_PAGES.length : PER_FILE;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        controller.enqueue(encoder.encode('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'));
        if (withStatic) {
          // published articles (at most a few thousand: they ride in the slack of part 1)
          const posts = await publishedSlugs();
          // /blog is a noindex coming-soon page until a post is published
          const pages = STATIC_PAGES.filter((p) => p !== "/blog" || posts.length > 0);
          controller.enqueue(encoder.encode(pages.map((p) => `<url><loc>${escapeXml(base + p)}</loc></url>\n`).join("")));
          controller.enqueue(encoder.encode(posts.map((p) => `<url><loc>${escapeXml(`${base}/blog/${p.slug}`)}</loc><lastmod>${escapeXml(p.updated_at.slice(0, 10))}</lastmod></url>\n`).join("")));
        }
        let chunk = "";
        for await (const entry of availablePropertyPaths(offset, limit)) {
          chunk += `<url><loc>${escapeXml(base + entry.path)}</loc><lastmod>${escapeXml(entry.updatedAt.slice(0, 10))}</lastmod></url>\n`;
          if (chunk.length > 64_000) {
            controller.enqueue(encoder.encode(chunk));
            chunk = "";
          }
        }
        controller.enqueue(encoder.encode(`${chunk}</urlset>\n`));
        controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
  return new Response(body, { headers: HEADERS });
}
