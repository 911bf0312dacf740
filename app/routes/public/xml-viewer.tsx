import { Link, useLoaderData } from "react-router";
import { LogoLink } from "~/components/layout/public-shell";
import { Card, buttonClass, cx } from "~/components/ui";
import { CopyButton } from "~/components/ui/copy-button";
import { feedState, feedUrl, streamFeed } from "~/modules/feeds/feeds.server";
import { PORTALS, PORTAL_LABELS, isPortal, type Portal } from "~/modules/feeds/rules";
import type { Route } from "./+types/xml-viewer";

export const meta: Route.MetaFunction = () => [{ title: "XML dos portais | Lar Imóveis" }, { name: "robots", content: "noindex" }];

const PREVIEW_BYTES = 32 * 1024;

/**
 * /xml (spec 03 §2.2, §2.10): the raw feed of a portal (?portal=) to read,
 * download and copy. The portals themselves pull /xml/{portal}; this page
 * shows its first 32 KB (a whole catalogue would not fit a page).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const param = new URL(request.url).searchParams.get("portal");
  const portal: Portal = isPortal(param) ? param : "olx";
  const state = await feedState();
  const reader = streamFeed(portal, { lastModified: state.lastModified }).getReader();
  const decoder = new TextDecoder();
  let text = "";
  let complete = false;
  while (text.length < PREVIEW_BYTES) {
    const { done, value } = await reader.read();
    if (done) {
      complete = true;
      break;
    }
    text += decoder.decode(value, { stream: true });
  }
  if (!complete) {
    await reader.cancel();
    const cut = text.lastIndexOf("\n", PREVIEW_BYTES);
    text = `${text.slice(0, cut > 0 ? cut : PREVIEW_BYTES)}\n…`;
  }
  return { portal, url: feedUrl(portal), text, complete, portals: PORTALS.map((p) => ({ portal: p, label: PORTAL_LABELS[p] })) };
}

export default function XmlViewer() {
  const { portal, url, text, complete, portals } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen bg-slate-100">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center px-4">
          <LogoLink to="/" label="Página inicial" />
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">XML dos portais</h1>
        <nav aria-label="Portais" className="mt-4 flex flex-wrap gap-2">
          {portals.map((p) => (
            <Link key={p.portal} to={`/xml?portal=${p.portal}`} aria-current={p.portal === portal ? "page" : undefined} className={cx(buttonClass(p.portal === portal ? "primary" : "secondary", "sm"))}>
              {p.label}
            </Link>
          ))}
        </nav>
        <Card className="mt-4 p-4">
          <p className="break-all font-mono text-xs text-slate-700">{url}</p>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <a href={`/xml/${portal}`} className={buttonClass("secondary", "sm")} download={`${portal}.xml`}>
              Baixar XML
            </a>
            <a href={`/xml/${portal}`} className={buttonClass("ghost", "sm")} target="_blank" rel="noreferrer">
              Abrir
            </a>
            {complete ? (
              <CopyButton text={text} label="Copiar XML" copiedMessage="Copiado" failedMessage="Erro ao copiar XML" variant="ghost" />
            ) : (
              <CopyButton text={url} label="Copiar URL" copiedMessage="Copiado" failedMessage="Erro ao copiar" variant="ghost" />
            )}
          </div>
          {!complete ? <p className="mt-3 text-sm text-slate-600">Mostrando o início do arquivo (32 KB). Baixe o XML para vê-lo inteiro.</p> : null}
          <pre className="mt-3 max-h-[70vh] overflow-auto rounded-lg bg-slate-900 p-4 text-xs leading-relaxed text-slate-100">
            <code>{text}</code>
          </pre>
        </Card>
      </main>
    </div>
  );
}
