import { useEffect, useState } from "react";
import { Link, useLoaderData, useNavigate } from "react-router";
import { config } from "~/modules/platform/config.server";
import { parseRef, withRef } from "~/modules/leads/referral";
import type { Route } from "./+types/blog";

/** Seconds before the coming-soon page returns home (spec 01 §9). */
const REDIRECT_SECONDS = 5;

export function loader({ request }: Route.LoaderArgs) {
  const ref = new URL(request.url).searchParams.get("ref");
  return { home: withRef("/", parseRef(ref)), canonical: `${config().publicUrl}/blog` };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: "Blog – em breve | Lar Imóveis" },
  { name: "description", content: "O blog da Lar Imóveis está chegando: dicas de compra, venda, aluguel e financiamento de imóveis." },
  { name: "robots", content: "noindex" },
  ...(loaderData ? [{ tagName: "link", rel: "canonical", href: loaderData.canonical }] : []),
];

export default function BlogComingSoon() {
  const { home } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const [seconds, setSeconds] = useState(REDIRECT_SECONDS);
  useEffect(() => {
    const started = Date.now();
    const tick = window.setInterval(() => {
      const left = Math.max(0, REDIRECT_SECONDS - Math.floor((Date.now() - started) / 1000));
      setSeconds(left);
      if (left === 0) {
        window.clearInterval(tick);
        navigate(home, { replace: true });
      }
    }, 250);
    return () => window.clearInterval(tick);
  }, [home, navigate]);

  return (
    <main id="main" className="container-page flex min-h-[60vh] flex-col items-center justify-center py-16 text-center">
      {/* Without JavaScript the browser follows this refresh; with it, the timer above navigates (a
          noscript meta is ignored when scripting is on, so the two never both fire). */}
      <noscript>
        <meta httpEquiv="refresh" content={`${REDIRECT_SECONDS};url=${home}`} />
      </noscript>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Blog</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Em breve</h1>
      <p className="mt-3 max-w-md text-slate-600">
        Estamos preparando conteúdos sobre compra, venda, aluguel e financiamento de imóveis. Volte em breve!
      </p>
      <p className="mt-6 text-sm text-slate-600" aria-live="polite">
        Você será redirecionado para a página inicial em {seconds} {seconds === 1 ? "segundo" : "segundos"}. Se isso não acontecer,{" "}
        <Link to={home} className="font-medium text-brand-700 underline">
          clique aqui
        </Link>
        .
      </p>
    </main>
  );
}
