import { Link } from "react-router";
import { Card, buttonClass } from "~/components/ui";
import { config } from "~/modules/platform/config.server";
import { AGENCY } from "~/modules/platform/agency";
import { useRefLink } from "~/modules/leads/referral";
import type { Route } from "./+types/about";
import { seoMeta } from "~/utils/seo";
import { SECTION_HEADING_LARGE, Section } from "~/components/ui/section";

const TITLE = "Sobre nós | Lar Imóveis";
const DESCRIPTION =
  "Conheça a Lar Imóveis: há mais de 8 anos em São Paulo, mais de 200 famílias atendidas e 97% de satisfação. Nossa história, missão, visão e valores.";

export function loader() {
  return { canonical: `${config().publicUrl}/sobre` };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? seoMeta({ title: TITLE, description: DESCRIPTION, canonical: loaderData.canonical }) : [{ title: TITLE }];

const FIGURES = [
  { value: "+200", label: "famílias atendidas" },
  { value: "+45", label: "colaboradores" },
  { value: "+8", label: "anos de mercado" },
  { value: "97%", label: "de satisfação" },
];

const VALUES = [
  { title: "Transparência", text: "Informação clara em cada etapa: preço, documentação, custos e prazos, sem letras miúdas." },
  { title: "Respeito", text: "Cada família tem seu tempo e seu orçamento. Ouvimos antes de sugerir." },
  { title: "Compromisso", text: "Acompanhamos o negócio do primeiro contato à entrega das chaves — e depois dela." },
  { title: "Ética", text: "Seguimos as normas do CRECI e a LGPD, e tratamos seus dados e seu patrimônio com cuidado." },
];

export default function AboutPage() {
  const link = useRefLink();
  return (
    <main id="main">
      <section className="bg-brand-800 text-white">
        <div className="container-page py-12 sm:py-16">
          <p className="text-sm font-semibold uppercase tracking-wide text-accent-100">Sobre nós</p>
          <h1 className="mt-2 max-w-3xl text-3xl font-bold tracking-tight sm:text-4xl">Há mais de 8 anos ajudando famílias a encontrar o lar ideal</h1>
          <p className="mt-4 max-w-2xl text-brand-100">
            A {AGENCY.name} nasceu da ideia de que comprar, vender ou alugar um imóvel deve ser uma experiência segura, humana e sem surpresas.
          </p>
        </div>
      </section>

      <section aria-label="Nossos números" className="container-page -mt-8">
        <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {FIGURES.map((f) => (
            <li key={f.label}>
              <Card className="h-full p-5 text-center">
                <p className="text-3xl font-bold text-brand-700 sm:text-4xl">{f.value}</p>
                <p className="mt-1 text-sm text-slate-600">{f.label}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="historia" className="container-page mt-14 grid gap-8 lg:grid-cols-2">
        <div>
          <h2 id="historia" className="text-2xl font-bold tracking-tight text-slate-900">
            Nossa história
          </h2>
          <div className="mt-4 space-y-4 leading-relaxed text-slate-700">
            <p>
              Começamos em um pequeno escritório em São Paulo, com três corretores e uma convicção: o mercado imobiliário precisava de mais proximidade e menos
              burocracia. Cada cliente era atendido como gostaríamos de ser atendidos — com paciência, clareza e atenção aos detalhes.
            </p>
            <p>
              A confiança das primeiras famílias trouxe indicações, e as indicações trouxeram crescimento. Hoje somos uma equipe de mais de 45 colaboradores, entre
              corretores, especialistas em financiamento, documentação e atendimento, com imóveis prontos, lançamentos, terrenos, salas comerciais e locação.
            </p>
            <p>
              Mudaram o tamanho do time e as ferramentas, mas não a forma de trabalhar: cada negócio continua sendo, antes de tudo, a história de alguém que está
              mudando de vida.
            </p>
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
          <Card className="p-6">
            <h2 className="text-lg font-semibold text-brand-800">Missão</h2>
            <p className="mt-2 text-slate-700">
              Conectar pessoas ao imóvel certo com segurança, transparência e atendimento próximo, do primeiro contato à entrega das chaves.
            </p>
          </Card>
          <Card className="p-6">
            <h2 className="text-lg font-semibold text-brand-800">Visão</h2>
            <p className="mt-2 text-slate-700">
              Ser a imobiliária mais recomendada de São Paulo, reconhecida pela confiança dos clientes e pela qualidade de cada negociação.
            </p>
          </Card>
        </div>
      </section>

      <Section id="valores" title="Nossos valores" className="container-page mt-14" headingClassName={SECTION_HEADING_LARGE}>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map((v) => (
            <li key={v.title}>
              <Card className="h-full p-6">
                <h3 className="font-semibold text-slate-900">{v.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-700">{v.text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <section className="container-page mt-14">
        <div className="flex flex-col items-start justify-between gap-4 rounded-2xl bg-brand-50 p-8 sm:flex-row sm:items-center">
          <div>
            <h2 className="text-xl font-semibold text-slate-900">Vamos encontrar o seu próximo lar?</h2>
            <p className="mt-1 text-slate-700">Veja os imóveis disponíveis ou fale com um de nossos corretores.</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link to={link("/imoveis")} className={buttonClass("primary", "lg")}>
              Ver imóveis
            </Link>
            <Link to={link("/contato")} className={buttonClass("secondary", "lg")}>
              Fale conosco
            </Link>
          </div>
        </div>
      </section>
    </main>
  );
}
