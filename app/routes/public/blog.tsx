import { Link, data, useLoaderData } from "react-router";
import { Pagination } from "~/components/ui/pagination";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { hasPublishedPosts, listPublishedPosts } from "~/modules/blog/posts.server";
import { config } from "~/modules/platform/config.server";
import { parseRef, withRef } from "~/modules/leads/referral";
import { formatDate } from "~/utils/clock";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/blog";

/** Seconds before the coming-soon page returns home (spec 01 §9). */
const REDIRECT_SECONDS = 5;

/**
 * /blog: the published articles, newest first, 9 a page; while none is
 * published, the coming-soon page that returns home after 5 s (spec 03 §1).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const ref = parseRef(url.searchParams.get("ref"));
  const base = { home: withRef("/", ref), ref, canonical: `${config().publicUrl}/blog` };
  // The spec's 5 s return home: a Refresh header (the browser follows it with or without JavaScript,
  // and it is not a <meta> refresh in the page); the visible countdown and its link say so.
  if (!(await hasPublishedPosts())) return data({ ...base, list: null as BlogListData | null }, { headers: { Refresh: `${REDIRECT_SECONDS};url=${base.home}` } });
  const page = Math.min(10_000, Math.max(1, Number(url.searchParams.get("page")) || 1));
  const list: BlogListData = { page, ...(await listPublishedPosts(page)) };
  return data({ ...base, list: list as BlogListData | null });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.list
    ? seoMeta({
        title: "Blog",
        description: "Dicas de compra, venda, aluguel e financiamento de imóveis da Lar Imóveis.",
        canonical: loaderData.list.page > 1 ? `${loaderData.canonical}?page=${loaderData.list.page}` : loaderData.canonical,
      })
    : comingSoonMeta(loaderData);

const comingSoonMeta = (loaderData: { canonical: string } | undefined) => [
  { title: "Blog – em breve | Lar Imóveis" },
  { name: "description", content: "O blog da Lar Imóveis está chegando: dicas de compra, venda, aluguel e financiamento de imóveis." },
  { name: "robots", content: "noindex" },
  ...(loaderData ? [{ tagName: "link", rel: "canonical", href: loaderData.canonical }] : []),
];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function Blog() {
  const page = useLoaderData<typeof loader>();
  if (page.list) return <BlogList list={page.list} refCode={page.ref} />;
  return <BlogComingSoon home={page.home} />;
}

type BlogListData = { page: number } & Awaited<ReturnType<typeof listPublishedPosts>>;

function BlogList({ list, refCode }: { list: BlogListData; refCode: string | null }) {
  return (
    <main id="main" className="container-page py-10">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Blog</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">Dicas e novidades</h1>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {list.posts.map((post, i) => (
          <li key={post.id}>
            <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
              {post.cover_image ? <ResponsiveImage src={post.cover_image} alt="" sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" priority={i === 0} className="aspect-video w-full object-cover" /> : null}
              <div className="flex flex-1 flex-col p-5">
                <h2 className="text-lg font-semibold text-slate-900">
                  <Link to={withRef(`/blog/${post.slug}`, refCode)} className="hover:text-brand-700 hover:underline">
                    {post.title}
                  </Link>
                </h2>
                {post.published_at ? <p className="mt-1 text-xs text-slate-500">{formatDate(post.published_at)}</p> : null}
                {post.excerpt ? <p className="mt-3 text-sm text-slate-700 [overflow-wrap:anywhere]">{post.excerpt}</p> : null}
              </div>
            </article>
          </li>
        ))}
      </ul>
      <Pagination page={list.page} pageCount={list.pageCount} href={(p) => withRef(p > 1 ? `/blog?page=${p}` : "/blog", refCode)} />
    </main>
  );
}

function BlogComingSoon({ home }: { home: string }) {
  return (
    <main id="main" className="container-page flex min-h-[60vh] flex-col items-center justify-center py-16 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Blog</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Em breve</h1>
      <p className="mt-3 max-w-md text-slate-600">
        Estamos preparando conteúdos sobre compra, venda, aluguel e financiamento de imóveis. Volte em breve!
      </p>
      <p className="mt-6 text-sm text-slate-600" aria-live="polite" data-redirect-to={home} data-redirect-seconds={REDIRECT_SECONDS}>
        Você será redirecionado para a página inicial em <span data-countdown="">{REDIRECT_SECONDS} segundos</span>. Se isso não acontecer,{" "}
        <Link to={home} className="font-medium text-brand-700 underline">
          clique aqui
        </Link>
        .
      </p>
    </main>
  );
}
