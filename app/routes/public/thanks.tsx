import type { PageHandle } from "~/modules/platform/page-scripts";
import { Link, useLoaderData } from "react-router";
import { LogoLink } from "~/components/layout/public-shell";
import { buttonClass } from "~/components/ui";
import { config } from "~/modules/platform/config.server";
import { findActiveBroker } from "~/modules/auth/users.server";
import { parseRef } from "~/modules/leads/referral";
import { AGENCY } from "~/modules/platform/agency";
import { LEAD_MESSAGES } from "~/modules/leads/lead-form";
import { leadSentName } from "~/modules/leads/lead-sent.server";
import { whatsappLink } from "~/utils/phone";
import { withRef } from "~/modules/leads/referral";
import type { Route } from "./+types/thanks";

/** Plain server HTML: no React in the browser (modules/platform/page-scripts.ts). */
export const handle: PageHandle = { hydrate: false };

/**
 * The page a visitor lands on after sending a lead. The query is only a hint:
 * the broker's WhatsApp comes from the database (an active broker), never
 * from broker_phone, so a crafted link cannot point visitors elsewhere.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // the name in the query is not trusted: only the lead this browser just sent is greeted
  const name = await leadSentName(request);
  const broker = await findActiveBroker(url.searchParams.get("broker_id"));
  const ref = url.searchParams.get("ref");
  const form: keyof typeof THANKS_TEXT = url.searchParams.get("form") === "anuncie" ? "anuncie" : "lead";
  const sent = form === "anuncie" ? "os dados do meu imóvel" : "uma mensagem";
  const intro = name ? `Olá! Sou ${name} e acabei de enviar ${sent} pelo site da ${AGENCY.name}.` : `Olá! Acabei de enviar ${sent} pelo site da ${AGENCY.name}.`;
  return {
    name,
    form,
    broker: broker ? { id: broker.id, name: broker.name } : null,
    whatsappUrl: whatsappLink(broker?.phone || AGENCY.whatsapp, intro),
    ref: parseRef(ref) ?? broker?.id ?? null,
    canonical: `${config().publicUrl}/obrigado`,
  };
}

/** What /obrigado says, per form: the lead forms' message (spec 01 §5), or the owner's offer (/anuncie). */
const THANKS_TEXT = {
  lead: {
    message: LEAD_MESSAGES.success,
    broker: (name: string) => `${name} vai retornar seu contato pelo telefone ou e-mail que você informou. Se preferir, chame agora no WhatsApp.`,
    team: "Nossa equipe responde em horário comercial. Se preferir, fale agora conosco pelo WhatsApp.",
    more: { to: "/imoveis", label: "Ver mais imóveis" },
  },
  anuncie: {
    message: "Recebemos os dados do seu imóvel! Um corretor vai analisar as informações e entrar em contato para agendar a avaliação.",
    broker: (name: string) => `${name} vai falar com você pelo telefone ou e-mail informado para combinar a visita de avaliação. Se preferir, chame agora no WhatsApp.`,
    team: "Nossa equipe responde em horário comercial, em até um dia útil. Se preferir, fale agora conosco pelo WhatsApp.",
    more: { to: "/anuncie", label: "Anunciar outro imóvel" },
  },
} as const;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: "Mensagem enviada | Lar Imóveis" },
  { name: "description", content: "Recebemos sua mensagem. A equipe da Lar Imóveis entrará em contato em breve." },
  { name: "robots", content: "noindex" },
  ...(loaderData ? [{ tagName: "link", rel: "canonical", href: loaderData.canonical }] : []),
];

export default function ThanksPage() {
  const { name, broker, whatsappUrl, ref, form } = useLoaderData<typeof loader>();
  const text = THANKS_TEXT[form];
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-50 to-slate-50">
      <header className="container-page py-6">
        <LogoLink to={withRef("/", ref)} label={`${AGENCY.name} – página inicial`} />
      </header>
      <main id="main" className="container-page flex flex-1 items-start justify-center pb-16 pt-4 sm:items-center">
        <div className="w-full max-w-xl rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-[var(--shadow-card)] sm:p-10">
          <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-success-50 text-success-700">
            <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" className="size-8">
              <path d="M5 13l4 4L19 7" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </div>
          <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{name ? `Obrigado, ${name}!` : "Obrigado!"}</h1>
          <p role="status" className="mt-3 text-base text-slate-700">
            {text.message}
          </p>
          <p className="mt-2 text-sm text-slate-600">
            {broker ? text.broker(broker.name) : text.team}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
            <a
              href={whatsappUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass("accent", "lg", "h-auto min-h-12 py-2 text-center")}
              data-broker-id={broker?.id}
            >
              {broker ? `Falar com ${broker.name} no WhatsApp` : "Falar no WhatsApp"}
            </a>
            <Link to={withRef(text.more.to, ref)} className={buttonClass("secondary", "lg", "h-auto min-h-12 py-2 text-center")}>
              {text.more.label}
            </Link>
          </div>
          <p className="mt-6 text-sm">
            <Link to={withRef("/", ref)} className="text-brand-700 hover:underline">
              Voltar para a página inicial
            </Link>
          </p>
        </div>
      </main>
    </div>
  );
}
