import { Link, data, useLoaderData } from "react-router";
import { GeneralErrorBoundary } from "~/components/layout/error-pages";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { articleText, articleWithToc } from "~/modules/blog/content.server";
import { findPublishedPost, recentPosts } from "~/modules/blog/posts.server";
import { BLOG_MESSAGES, readingMinutes } from "~/modules/blog/post-schema";
import { parseRef, withRef } from "~/modules/leads/referral";
import { config } from "~/modules/platform/config.server";
import { largestVariant } from "~/utils/images";
import { formatDate } from "~/utils/clock";
import { absoluteUrl, seoMeta } from "~/utils/seo";
import type { Route } from "./+types/blog-post";
import { Section } from "~/components/ui/section";

/**
 * /blog/{slug} (spec 03 §1): the article (sanitised again on the way out),
 * its table of contents from h2/h3, reading time, up to 6 recent posts,
 * the ref carried on every link.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const post = await findPublishedPost(params.slug);
  if (!post) throw data({ message: BLOG_MESSAGES.notFound }, { status: 404 });
  const ref = parseRef(new URL(request.url).searchParams.get("ref"));
  const { html, toc } = articleWithToc(post.content);
  const base = config().publicUrl;
  const canonical = absoluteUrl(base, `/blog/${post.slug}`);
  const image = post.cover_image ? absoluteUrl(base, largestVariant(post.cover_image)) : null;
  const text = articleText(html);
  return {
    ref,
    post: { title: post.title, excerpt: post.excerpt, cover: post.cover_image, publishedAt: post.published_at, html, toc, minutes: readingMinutes(text) },
    recent: await recentPosts(post.id),
    seo: {
      title: post.title,
      description: post.excerpt ?? text.slice(0, 160),
      canonical,
      image,
      type: "article" as const,
      jsonLd: { "@context": "https://schema.org", "@type": "BlogPosting", headline: post.title, datePublished: post.published_at, image: image ?? undefined, mainEntityOfPage: canonical },
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seoMeta(loaderData.seo) : [{ title: "Artigo não encontrado | Lar Imóveis" }, { name: "robots", content: "noindex" }]);

/** The table of contents' link styles; with JavaScript the section being read is highlighted (app/enhance/small.ts). */
const TOC_LINK = "block py-1 text-slate-700 hover:text-brand-700";
const TOC_LINK_ACTIVE = "-ml-px block border-l-2 border-brand-600 py-1 pl-2 font-medium text-brand-700";

export default function BlogPost() {
  const { post, recent, ref } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="container-page py-10">
      <nav aria-label="Trilha" className="text-sm text-slate-600">
        <Link to={withRef("/blog", ref)} className="inline-block py-1 hover:underline">
          Blog
        </Link>
      </nav>
      <article>
      <header className="mt-4 max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere]">{post.title}</h1>
        <p className="mt-2 text-sm text-slate-500">
          {post.publishedAt ? `${formatDate(post.publishedAt)} · ` : ""}
          {post.minutes} min de leitura
        </p>
        {post.cover ? <ResponsiveImage src={post.cover} alt="" sizes="(min-width: 1024px) 48rem, 100vw" priority className="mt-6 aspect-video w-full rounded-xl object-cover" /> : null}
      </header>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_16rem] lg:gap-10">
        {post.toc.length ? (
          <aside className="rounded-xl border border-slate-200 bg-white p-4 lg:sticky lg:top-20 lg:order-last lg:self-start lg:border-0 lg:bg-transparent lg:p-0" aria-labelledby="toc-title">
            <h2 id="toc-title" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
              Neste artigo
            </h2>
            <ol className="mt-3 space-y-1 border-l border-slate-200 text-sm" data-toc="" data-link-class={TOC_LINK} data-active-class={TOC_LINK_ACTIVE}>
              {post.toc.map((t) => (
                <li key={t.id} className={t.level === 3 ? "pl-6" : "pl-3"}>
                  <a href={`#${t.id}`} className={TOC_LINK}>
                    {t.text}
                  </a>
                </li>
              ))}
            </ol>
          </aside>
        ) : null}
        <div>
          {/* Sanitised on save and again in the loader (blog/content.server.ts). */}
          <div className="article-body [overflow-wrap:anywhere]" dangerouslySetInnerHTML={{ __html: post.html }} />
        </div>
      </div>
      </article>
      {recent.length ? (
        <Section id="recent-title" title="Artigos recentes" className="mt-16 border-t border-slate-200 pt-8">
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {recent.map((r) => (
              <li key={r.id} className="rounded-xl border border-slate-200 bg-white p-4">
                <Link to={withRef(`/blog/${r.slug}`, ref)} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
                  {r.title}
                </Link>
                {r.published_at ? <p className="mt-1 text-xs text-slate-500">{formatDate(r.published_at)}</p> : null}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={{ title: "Artigo não encontrado", text: "Artigo não encontrado. Veja os outros artigos do nosso blog." }} />;
}
