import { Link, data, redirect, useLoaderData } from "react-router";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { GeneralErrorBoundary } from "~/components/layout/error-pages";
import { PropertyMovedError, PropertyPageNotFoundError, loadPropertyPhoto } from "~/modules/catalogue/property-page.server";
import { PROPERTY_NOT_FOUND } from "~/modules/catalogue/property-page";
import { parseRef, withRef } from "~/modules/leads/referral";
import type { PageHandle } from "~/modules/platform/page-scripts";
import type { Route } from "./+types/property-photos";

/** Plain server HTML (the arrow keys and swipes come from app/enhance/small.ts). */
export const handle: PageHandle = { hydrate: false };

/**
 * /imovel/{slug}/fotos/{n}: one photo large, with previous and next, as a
 * plain page, so a tap on the gallery never leaves the site for a bare image
 * file and works without JavaScript (issue 13 item 13).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    return { ...(await loadPropertyPhoto({ slugOrId: params.slugOrId, photo: params.photo })), ref: parseRef(url.searchParams.get("ref")) };
  } catch (error) {
    if (error instanceof PropertyMovedError) throw redirect(error.path + url.search, 301);
    if (error instanceof PropertyPageNotFoundError) throw data({ message: PROPERTY_NOT_FOUND.title }, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: `Foto ${loaderData.photo.number} de ${loaderData.photo.count} – ${loaderData.title} | Lar Imóveis` },
        { name: "robots", content: "noindex" },
        { tagName: "link", rel: "canonical", href: loaderData.canonical },
      ]
    : [{ title: `${PROPERTY_NOT_FOUND.title} | Lar Imóveis` }, { name: "robots", content: "noindex" }];

export default function PropertyPhotos() {
  const { title, path, photo, ref } = useLoaderData<typeof loader>();
  const at = (n: number) => withRef(`${path}/fotos/${n}`, ref);
  const back = withRef(path, ref);
  const button = "inline-flex min-h-11 shrink-0 items-center whitespace-nowrap justify-center rounded-lg bg-white/10 px-4 text-sm font-semibold text-white ring-1 ring-white/20 hover:bg-white/20";
  return (
    <div className="flex min-h-screen flex-col bg-slate-950 text-white" data-photo-viewer="" data-back={back}>
      <header className="container-page flex items-center justify-between gap-4 py-3">
        <p className="min-w-0 truncate text-sm text-slate-300">
          <span className="font-semibold text-white">{title}</span>
        </p>
        <Link to={back} className={button}>
          Fechar
        </Link>
      </header>
      <main id="main" className="flex flex-1 flex-col items-center justify-center gap-4 px-2 pb-6">
        <h1 className="sr-only">
          Foto {photo.number} de {photo.count}: {title}
        </h1>
        <ResponsiveImage src={photo.src} alt={`${title} – foto ${photo.number}`} sizes="100vw" priority className="max-h-[78vh] w-auto max-w-full rounded-lg object-contain" />
        <nav aria-label="Fotos" className="flex items-center gap-4">
          <Link to={at(photo.previous)} rel="prev" className={button} data-photo-previous="">
            <span aria-hidden="true">‹&nbsp;</span>Anterior
          </Link>
          <p className="text-sm tabular-nums text-slate-300" aria-live="polite">
            {photo.number} / {photo.count}
          </p>
          <Link to={at(photo.next)} rel="next" className={button} data-photo-next="">
            Próxima<span aria-hidden="true">&nbsp;›</span>
          </Link>
        </nav>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={{ title: PROPERTY_NOT_FOUND.title, text: PROPERTY_NOT_FOUND.text }} />;
}
