import type { ReactNode } from "react";
import { Link } from "react-router";
import { useRefLink } from "~/modules/leads/referral";
import { config } from "~/modules/platform/config.server";
import { AGENCY, fullAddress } from "~/modules/platform/agency";
import type { Route } from "./+types/privacy";
import { seoMeta } from "~/utils/seo";

const TITLE = "Política de Privacidade | Lar Imóveis";
const DESCRIPTION =
  "Como a Lar Imóveis trata seus dados pessoais conforme a LGPD: dados coletados, finalidades, bases legais, prazos de retenção, cookies e seus direitos como titular.";
/** The data protection officer's mailbox (LGPD art. 41). */
const DPO_EMAIL = "privacidade@larimoveis.com.br";
const UPDATED_AT = "22 de novembro de 2026";

export function loader() {
  return { canonical: `${config().publicUrl}/privacidade` };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? seoMeta({ title: TITLE, description: DESCRIPTION, canonical: loaderData.canonical }) : [{ title: TITLE }];

const SECTIONS: { id: string; title: string; body: ReactNode }[] = [
  {
    id: "controlador",
    title: "1. Quem é o controlador dos seus dados",
    body: (
      <p>
        O controlador dos dados pessoais tratados neste site é a {AGENCY.legalName}, inscrita no CNPJ sob o nº {AGENCY.cnpj} e no {AGENCY.creci}, com sede na{" "}
        {fullAddress()}. Esta política explica, de acordo com a Lei Geral de Proteção de Dados Pessoais (Lei nº 13.709/2018 – LGPD), quais dados coletamos, por
        que e como você pode exercer os seus direitos.
      </p>
    ),
  },
  {
    id: "dados",
    title: "2. Quais dados coletamos",
    body: (
      <>
        <p>Quando você envia uma mensagem pelo formulário de contato (na página Contato ou na página de um imóvel), coletamos:</p>
        <ul>
          <li>nome, e-mail e telefone;</li>
          <li>o texto da mensagem;</li>
          <li>o imóvel de interesse, quando a mensagem é enviada pela página de um imóvel;</li>
          <li>o corretor que indicou o site a você, quando você chega por um link de corretor;</li>
          <li>a data e a hora do envio.</li>
        </ul>
        <p>
          Por segurança, registramos também o endereço IP de quem acessa o site, para limitar envios abusivos e investigar incidentes. Não coletamos dados
          sensíveis nem pedimos documentos pelo site.
        </p>
      </>
    ),
  },
  {
    id: "finalidades",
    title: "3. Para que usamos seus dados",
    body: (
      <ul>
        <li>responder à sua mensagem e atender ao seu interesse por um imóvel (visitas, propostas, financiamento, locação);</li>
        <li>encaminhar o seu contato ao corretor responsável pelo atendimento;</li>
        <li>enviar informações sobre imóveis relacionados ao seu pedido, o que você pode recusar a qualquer momento;</li>
        <li>cumprir obrigações legais e regulatórias da atividade imobiliária;</li>
        <li>proteger o site contra fraudes, spam e acessos indevidos.</li>
      </ul>
    ),
  },
  {
    id: "bases-legais",
    title: "4. Bases legais",
    body: (
      <ul>
        <li>
          <strong>Procedimentos preliminares a um contrato</strong> (art. 7º, V): responder ao seu pedido de informação, agendar visitas e preparar propostas.
        </li>
        <li>
          <strong>Legítimo interesse</strong> (art. 7º, IX): segurança do site e envio de ofertas relacionadas ao seu pedido, sempre com opção de oposição.
        </li>
        <li>
          <strong>Cumprimento de obrigação legal ou regulatória</strong> (art. 7º, II): guarda de registros exigida pelo Marco Civil da Internet e pelas normas do
          mercado imobiliário.
        </li>
        <li>
          <strong>Exercício regular de direitos</strong> (art. 7º, VI): defesa em processos administrativos ou judiciais.
        </li>
      </ul>
    ),
  },
  {
    id: "compartilhamento",
    title: "5. Com quem compartilhamos",
    body: (
      <>
        <p>Seus dados são acessados apenas pela nossa equipe e pelos corretores que atendem o seu pedido. Podemos compartilhá-los com:</p>
        <ul>
          <li>prestadores que hospedam o site e enviam nossos e-mails, sob contrato e apenas para essas tarefas;</li>
          <li>autoridades públicas, quando houver obrigação legal ou ordem judicial.</li>
        </ul>
        <p>Não vendemos nem alugamos dados pessoais.</p>
      </>
    ),
  },
  {
    id: "retencao",
    title: "6. Por quanto tempo guardamos",
    body: (
      <ul>
        <li>Mensagens e dados de contato: até 5 anos após o último contato, prazo em que eventuais direitos ligados ao atendimento podem ser exercidos.</li>
        <li>Registros de acesso (endereço IP, data e hora): 6 meses, como exige o Marco Civil da Internet (Lei nº 12.965/2014, art. 15).</li>
        <li>Passado o prazo, ou atendido um pedido de eliminação, os dados são excluídos ou anonimizados, salvo obrigação legal de guarda.</li>
      </ul>
    ),
  },
  {
    id: "direitos",
    title: "7. Seus direitos",
    body: (
      <>
        <p>Conforme o art. 18 da LGPD, você pode pedir a qualquer momento, gratuitamente:</p>
        <ul>
          <li>a confirmação de que tratamos seus dados e o acesso a eles;</li>
          <li>a correção de dados incompletos, inexatos ou desatualizados;</li>
          <li>a anonimização, o bloqueio ou a eliminação de dados desnecessários ou tratados em desconformidade com a lei;</li>
          <li>a portabilidade dos dados a outro fornecedor;</li>
          <li>informações sobre com quem compartilhamos seus dados;</li>
          <li>a oposição ao tratamento baseado em legítimo interesse, inclusive ao recebimento de ofertas;</li>
          <li>a revisão de decisões tomadas unicamente com base em tratamento automatizado.</li>
        </ul>
        <p>
          Respondemos em até 15 dias. Você também pode apresentar reclamação à Autoridade Nacional de Proteção de Dados (ANPD).
        </p>
      </>
    ),
  },
  {
    id: "encarregado",
    title: "8. Encarregado pelo tratamento de dados (DPO)",
    body: (
      <p>
        Para exercer seus direitos ou tirar dúvidas sobre esta política, fale com o nosso encarregado pelo e-mail{" "}
        <a href={`mailto:${DPO_EMAIL}`} className="font-medium text-brand-700 underline">
          {DPO_EMAIL}
        </a>{" "}
        ou por correspondência para o endereço da sede, aos cuidados do Encarregado de Proteção de Dados.
      </p>
    ),
  },
  {
    id: "cookies",
    title: "9. Cookies",
    body: (
      <>
        <p>Este site usa apenas cookies estritamente necessários ao seu funcionamento. Não usamos cookies de publicidade nem de rastreamento.</p>
        <ul>
          <li>
            <strong>__session</strong> – mantém conectados os membros da equipe e os corretores que entram na área restrita; dura até 30 dias ou até a saída da
            conta. Visitantes do site não recebem esse cookie.
          </li>
          <li>
            <strong>__flash</strong> – guarda por até 1 minuto uma mensagem de confirmação a ser exibida na próxima página (por exemplo, &quot;Login realizado com
            sucesso!&quot;) e é apagado assim que exibido.
          </li>
        </ul>
        <p>Como esses cookies são indispensáveis, eles não dependem de consentimento; você pode apagá-los nas configurações do navegador a qualquer momento.</p>
      </>
    ),
  },
  {
    id: "seguranca",
    title: "10. Segurança",
    body: (
      <p>
        Adotamos medidas técnicas e administrativas para proteger seus dados: conexão criptografada, acesso restrito por perfil, senhas armazenadas de forma
        irreversível e cópias de segurança. Em caso de incidente que possa causar risco ou dano relevante, comunicaremos os titulares afetados e a ANPD.
      </p>
    ),
  },
  {
    id: "alteracoes",
    title: "11. Alterações desta política",
    body: <p>Esta política pode ser atualizada. A versão vigente estará sempre nesta página, com a data da última atualização.</p>,
  },
];

export default function PrivacyPage() {
  const link = useRefLink();
  return (
    <main id="main" className="container-page py-10 sm:py-14">
      <article className="mx-auto max-w-3xl">
        <header>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">LGPD</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Política de Privacidade</h1>
          <p className="mt-2 text-sm text-slate-600">Última atualização: {UPDATED_AT}</p>
        </header>
        <nav aria-label="Índice" className="mt-8 rounded-[var(--radius-card)] border border-slate-200 bg-white p-5">
          <p className="text-sm font-semibold text-slate-900">Nesta página</p>
          <ol className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="text-brand-700 hover:underline">
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="mt-10 space-y-10">
          {SECTIONS.map((s) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-titulo`} className="scroll-mt-24">
              <h2 id={`${s.id}-titulo`} className="text-xl font-semibold text-slate-900">
                {s.title}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-slate-700 [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-1">{s.body}</div>
            </section>
          ))}
        </div>
        <p className="mt-12 text-sm text-slate-600">
          Dúvidas? Veja também a nossa página de{" "}
          <Link to={link("/contato")} className="text-brand-700 underline">
            contato
          </Link>
          .
        </p>
      </article>
    </main>
  );
}
