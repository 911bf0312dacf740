import { useLoaderData } from "react-router";
import { Card } from "~/components/ui";
import { FEED_EXCLUSIONS, FEED_FORMAT_NOTES, FEED_TRIMMED } from "~/modules/feeds/docs";
import { feedUrl } from "~/modules/feeds/feeds.server";
import { PORTALS, PORTAL_LABELS, type Portal } from "~/modules/feeds/rules";
import type { Route } from "./+types/xml-docs";
import { Section } from "~/components/ui/section";

export const meta: Route.MetaFunction = () => [{ title: "Documentação dos XML | Lar Imóveis" }, { name: "robots", content: "noindex" }];

/**
 * /xml-docs (spec 03 §2.2): the fixed feed addresses, built from PUBLIC_URL
 * like /integracao-xml, with what each portal receives, how a poll is
 * answered and what leaves a listing out. Public, read-only.
 */
export function loader() {
  return {
    feeds: PORTALS.map((portal) => ({ portal, label: PORTAL_LABELS[portal], url: feedUrl(portal), example: feedUrl(portal, 123) })),
  };
}

export type XmlDocsData = ReturnType<typeof loader>;

export default function XmlDocs() {
  return <XmlDocsView data={useLoaderData<typeof loader>()} />;
}

const code = "rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800";

/** The page itself, apart from the router so it can be rendered with any data. */
export function XmlDocsView({ data }: { data: XmlDocsData }) {
  const byPortal = Object.fromEntries(data.feeds.map((f) => [f.portal, f])) as Record<Portal, XmlDocsData["feeds"][number]>;
  return (
    <main id="main" className="container-page py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Documentação dos XML</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        Endereços fixos dos XML que os portais leem. Cadastre o endereço uma vez no portal: ele não muda, e o conteúdo é sempre o catálogo atual, gerado a cada leitura.
      </p>

      <Section id="enderecos" title="Endereços" className="mt-8">
        <div className="mt-4 grid gap-4 md:grid-cols-3">
          {data.feeds.map((f) => (
            <Card key={f.portal} as="section" className="p-4">
              <h3 className="text-sm font-semibold text-slate-900">{f.label}</h3>
              <p className="mt-2 break-all font-mono text-sm text-brand-800">
                <a href={f.url} className="hover:underline">
                  {f.url}
                </a>
              </p>
              <p className="mt-2 text-sm text-slate-600">{FEED_FORMAT_NOTES[f.portal]}</p>
            </Card>
          ))}
        </div>
      </Section>

      <Section id="um-imovel" title="Um imóvel só" className="mt-10 max-w-3xl">
        <p className="mt-2 text-slate-700">
          Acrescente <code className={code}>?id=</code> com o código do imóvel a qualquer endereço, por exemplo{" "}
          <code className={`${code} break-all`}>{byPortal.olx.example}</code>. O XML tem a mesma estrutura, com esse imóvel apenas; se ele não estiver disponível ou
          não passar nas regras do portal, o XML vem sem nenhum imóvel. Um código que não é um número inteiro positivo devolve 404.
        </p>
      </Section>

      <Section id="atualizacao" title="Atualização e cache" className="mt-10 max-w-3xl">
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
          <li>Não há arquivo gerado de tempos em tempos: cada leitura devolve o catálogo daquele momento. Uma alteração no imóvel aparece na leitura seguinte do portal.</li>
          <li>
            Cada resposta traz <code className={code}>ETag</code> e <code className={code}>Last-Modified</code>. Quem repete a leitura com{" "}
            <code className={code}>If-None-Match</code> ou <code className={code}>If-Modified-Since</code> recebe <code className={code}>304 Not Modified</code>, sem
            corpo, enquanto nada mudou no catálogo.
          </li>
          <li>
            <code className={code}>Cache-Control: public, max-age=0, must-revalidate</code>: um proxy pode guardar o XML, mas deve perguntar de novo a cada leitura.
          </li>
          <li>
            Um pedido <code className={code}>HEAD</code> devolve só os cabeçalhos, sem gerar o XML. O conteúdo é <code className={code}>application/xml</code> em UTF-8.
          </li>
          <li>
            Quem envia <code className={code}>Accept-Encoding: gzip</code> recebe o XML comprimido (<code className={code}>Content-Encoding: gzip</code>), cerca de vinte
            vezes menor.
          </li>
          <li>O Grupo OLX lê o XML a cada 12 horas, em horário escolhido por ele; o Chaves na Mão informa uma leitura por dia.</li>
        </ul>
      </Section>

      <Section id="fora" title="O que deixa um imóvel fora do XML" className="mt-10 max-w-3xl">
        <p className="mt-2 text-slate-700">
          Só entram imóveis disponíveis. Um imóvel que o portal recusaria fica fora do XML daquele portal, em vez de ir com erro; o motivo aparece ao lado dele na
          Integração XML.
        </p>
        {data.feeds.map((f) => (
          <div key={f.portal} className="mt-4">
            <h3 className="font-semibold text-slate-900">{f.label}</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700">
              {FEED_EXCLUSIONS[f.portal].map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
            {FEED_TRIMMED[f.portal].length ? (
              <>
                <p className="mt-2 text-sm text-slate-600">O imóvel vai no XML, mas sem:</p>
                <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-600">
                  {FEED_TRIMMED[f.portal].map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        ))}
      </Section>
    </main>
  );
}
