import { Form, Link, useLoaderData } from "react-router";
import { BrokerCard } from "~/components/public/broker-card";
import { Carousel } from "~/components/public/carousel";
import { PropertyCard } from "~/components/public/property-card";
import { StepNumber, buttonClass, cx } from "~/components/ui";
import { findFeaturedProperties, type PropertyCard as Card } from "~/modules/catalogue/cards.server";
import { findRefBroker } from "~/modules/catalogue/property-reads.server";
import { config } from "~/modules/platform/config.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { parseRef, withRef } from "~/modules/leads/referral";
import { agencyJsonLd, seoMeta } from "~/utils/seo";
import type { Route } from "./+types/home";
import { getErrorMessage } from "~/utils/errors";
import { Section } from "~/components/ui/section";

/** Home (spec 01 §2): hero and search, categories, featured properties, why choose us. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const ref = parseRef(url.searchParams.get("ref"));
  const view = url.searchParams.get("view") === "grid" ? "grid" : "carousel";
  let featured: Card[] = [];
  let featuredError: string | null = null;
  try {
    featured = await findFeaturedProperties(8);
  } catch (error) {
    log.error("featured properties failed", errorFields(error));
    featuredError = getErrorMessage(error);
  }
  const broker = await findRefBroker(ref);
  const base = config().publicUrl;
  return {
    ref,
    view,
    featured,
    featuredError,
    broker,
    seo: {
      title: "Lar Imóveis – imóveis à venda e para alugar em São Paulo",
      description: "A história do seu lar começa aqui. Apartamentos, casas, lançamentos, terrenos e imóveis comerciais à venda e para alugar em São Paulo e região.",
      canonical: `${base}/`,
      jsonLd: agencyJsonLd(base),
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

const CATEGORIES = [
  { to: "/categoria/pronto", title: "Prontos para Morar", text: "Imóveis prontos para você se mudar já.", icon: "M4 11.5 12 5l8 6.5V20a1 1 0 0 1-1 1h-5v-6h-4v6H5a1 1 0 0 1-1-1z" },
  { to: "/categoria/lancamento", title: "Lançamentos", text: "Na planta e em construção, com condições especiais.", icon: "M12 3v4m0 10v4M3 12h4m10 0h4M6 6l2.5 2.5m7 7L18 18M6 18l2.5-2.5m7-7L18 6" },
  { to: "/categoria/terrenos", title: "Terrenos", text: "Lotes e terrenos para construir do seu jeito.", icon: "M3 19h18M5 19V9l7-4 7 4v10M9 19v-5h6v5" },
  { to: "/categoria/imobiliario", title: "Comerciais", text: "Salas, lojas e galpões para o seu negócio.", icon: "M4 21V5a1 1 0 0 1 1-1h9a1 1 0 0 1 1 1v16m0-10h4a1 1 0 0 1 1 1v9M8 8h3M8 12h3M8 16h3" },
  { to: "/alugar", title: "Aluguel", text: "Imóveis para alugar com valores claros.", icon: "M15 7a4 4 0 1 1-3.9 4.9L4 19v2h3v-2h2v-2h2l1.1-1.1A4 4 0 0 1 15 7z" },
];

const REASONS = [
  { title: "Atendimento próximo", text: "Um corretor acompanha você da primeira visita à entrega das chaves." },
  { title: "Imóveis verificados", text: "Documentação conferida e informações completas em cada anúncio." },
  { title: "Mais de 8 anos de mercado", text: "Mais de 200 famílias já encontraram o lar ideal com a gente." },
  { title: "Negociação transparente", text: "Valores, taxas e condições claros desde o primeiro contato." },
];

export default function Home() {
  const { ref, view, featured, featuredError, broker } = useLoaderData<typeof loader>();
  const link = (path: string) => withRef(path, ref);
  return (
    <main id="main">
      <section className="relative overflow-hidden bg-brand-900 text-white">
        <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(circle_at_80%_20%,rgb(77_134_191/0.45),transparent_55%),radial-gradient(circle_at_10%_90%,rgb(232_119_46/0.25),transparent_50%)]" />
        <div className="container-page relative py-16 sm:py-24">
          <p className="text-sm font-semibold uppercase tracking-widest text-accent-100">Lar Imóveis · São Paulo e região</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">A história do seu lar começa aqui.</h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">Apartamentos, casas, lançamentos, terrenos e imóveis comerciais, com atendimento de quem conhece cada bairro.</p>
          <Form method="get" action="/buscar" role="search" className="mt-8 flex max-w-2xl flex-col gap-3 rounded-2xl bg-white p-2 shadow-xl sm:flex-row">
            {ref ? <input type="hidden" name="ref" value={ref} /> : null}
            <label htmlFor="home-search" className="sr-only">
              Buscar imóveis
            </label>
            <input
              id="home-search"
              name="searchTerm"
              type="search"
              maxLength={100}
              placeholder="Busque por nome do imóvel, cidade ou bairro"
              // flex-1 only in the row layout: in the phone's column a 0 basis would collapse the field
              className="h-12 w-full min-w-0 rounded-xl px-4 sm:flex-1 text-base text-slate-900 placeholder:text-slate-500 focus:outline-none focus:ring-2 focus:ring-brand-300"
            />
            <button type="submit" className={buttonClass("primary", "lg")}>
              Buscar
            </button>
          </Form>
          <nav aria-label="Categorias" className="mt-6 flex flex-wrap gap-2">
            {CATEGORIES.map((c) => (
              <Link key={c.to} to={link(c.to)} className="rounded-full border border-white/30 px-4 py-1.5 text-sm font-medium text-white hover:bg-white/10">
                {c.title}
              </Link>
            ))}
          </nav>
        </div>
      </section>

      {broker ? (
        <div className="container-page mt-8">
          <BrokerCard broker={broker} className="max-w-xl" />
        </div>
      ) : null}

      <section aria-labelledby="featured-heading" className="container-page mt-14">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="featured-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              Imóveis em destaque
            </h2>
            <p className="mt-1 text-slate-600">Seleção especial da nossa equipe.</p>
          </div>
          <div className="flex items-center gap-3">
            <div role="group" aria-label="Modo de exibição" className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 text-sm">
              <ViewLink active={view === "carousel"} to={link("/?view=carousel")}>
                Carrossel
              </ViewLink>
              <ViewLink active={view === "grid"} to={link("/?view=grid")}>
                Grade
              </ViewLink>
            </div>
            <Link to={link("/buscar")} className={buttonClass("secondary", "md")}>
              Ver todos
            </Link>
          </div>
        </div>
        <div className="mt-6">
          {featuredError ? (
            <div role="alert" className="rounded-[var(--radius-card)] border border-danger-600/30 bg-danger-50 px-6 py-10 text-center">
              <p className="text-lg font-semibold text-danger-700">Ops! Algo deu errado</p>
              <p className="mt-1 text-slate-700">Não foi possível carregar os imóveis em destaque.</p>
              <p className="mt-1 text-sm text-slate-600">{featuredError}</p>
              <a href={link("/")} className={buttonClass("primary", "md", "mt-4")}>
                Tentar novamente
              </a>
            </div>
          ) : featured.length === 0 ? (
            <p className="rounded-[var(--radius-card)] border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-700">Nenhum imóvel em destaque encontrado.</p>
          ) : view === "grid" ? (
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {featured.map((p, i) => (
                <li key={p.id}>
                  <PropertyCard property={p} priority={i === 0} sizes="(min-width: 1280px) 300px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" />
                </li>
              ))}
            </ul>
          ) : (
            <Carousel
              label="Carrossel de imóveis em destaque"
              slides={featured.map((p, i) => (
                <PropertyCard key={p.id} property={p} priority={i === 0} sizes="(min-width: 1280px) 300px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 85vw" />
              ))}
              spvClassName="[--spv:1.15] sm:[--spv:2] lg:[--spv:3] xl:[--spv:4]"
              gapPx={20}
              autoplayMs={8000}
            />
          )}
        </div>
      </section>

      <Section id="categories-heading" title="Encontre por categoria" className="container-page mt-16" headingClassName="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {CATEGORIES.map((c) => (
            <li key={c.to}>
              <Link to={link(c.to)} className="group flex h-full flex-col rounded-[var(--radius-card)] border border-slate-200 bg-white p-5 shadow-[var(--shadow-card)] transition-colors hover:border-brand-300">
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-9 rounded-lg bg-brand-50 p-1.5 text-brand-700" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round">
                  <path d={c.icon} />
                </svg>
                <span className="mt-3 font-semibold text-slate-900 group-hover:text-brand-700">{c.title}</span>
                <span className="mt-1 text-sm text-slate-600">{c.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="why-heading" className="mt-16 bg-white py-14">
        <div className="container-page">
          <h2 id="why-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Por que escolher a Lar Imóveis
          </h2>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {REASONS.map((r, i) => (
              <li key={r.title} className="rounded-[var(--radius-card)] border border-slate-200 bg-slate-50 p-5">
                <StepNumber n={i + 1} tone="accent" />
                <h3 className="mt-3 font-semibold text-slate-900">{r.title}</h3>
                <p className="mt-1 text-sm text-slate-600">{r.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="offer-heading" className="container-page mt-16">
        <div className="flex flex-col gap-6 rounded-[var(--radius-card)] bg-brand-800 p-8 text-white sm:p-10 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-2xl">
            <p className="text-sm font-semibold uppercase tracking-wide text-accent-100">Para proprietários</p>
            <h2 id="offer-heading" className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">
              Quer vender ou alugar seu imóvel?
            </h2>
            <p className="mt-2 text-brand-100">Envie os dados e algumas fotos: um corretor faz a avaliação gratuita e divulga no nosso site e nos principais portais.</p>
          </div>
          <Link to={link("/anuncie")} className={buttonClass("accent", "lg", "shrink-0 self-start lg:self-center")}>
            Anuncie seu imóvel
          </Link>
        </div>
      </section>
    </main>
  );
}

function ViewLink({ active, to, children }: { active: boolean; to: string; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      preventScrollReset
      replace
      aria-current={active ? "true" : undefined}
      className={cx("rounded-md px-3 py-1.5 font-medium", active ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100")}
    >
      {children}
    </Link>
  );
}
