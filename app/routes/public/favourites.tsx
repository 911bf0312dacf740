import { Link, useLoaderData } from "react-router";
import { FavouriteButton } from "~/components/public/favourite-button";
import { PropertyCard } from "~/components/public/property-card";
import { Alert, Button, EmptyState, buttonClass } from "~/components/ui";
import { COMPARE_MAX, COMPARE_MIN, FAVOURITES_MAX } from "~/modules/favourites/favourites";
import { favouritesAction, listFavourites } from "~/modules/favourites/favourites.server";
import { useRef_, withRef } from "~/modules/leads/referral";
import type { Route } from "./+types/favourites";
import { Section } from "~/components/ui/section";

/** /favoritos (issue 28): the properties this browser saved; the heart's POST lands here. */
export async function loader({ request }: Route.LoaderArgs) {
  return { items: await listFavourites(request) };
}

export async function action({ request }: Route.ActionArgs) {
  return favouritesAction(request);
}

export const meta: Route.MetaFunction = () => [{ title: "Meus favoritos | Lar Imóveis" }, { name: "robots", content: "noindex" }];

const COMPARE_FORM = "comparar-form";

export default function FavouritesPage() {
  const { items } = useLoaderData<typeof loader>();
  const ref = useRef_();
  const comparable = items.filter((i) => i.card).length;

  return (
    <main id="main" className="container-page py-8 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Meus favoritos</h1>
          <p className="mt-1 text-slate-600">
            {items.length === 0 ? "Nenhum imóvel salvo." : `${items.length} ${items.length === 1 ? "imóvel salvo" : "imóveis salvos"} neste navegador.`}
          </p>
        </div>
        {comparable >= COMPARE_MIN ? (
          <form id={COMPARE_FORM} method="get" action="/comparar" className="flex flex-wrap items-center gap-3">
            {ref ? <input type="hidden" name="ref" value={ref} /> : null}
            <p className="text-sm text-slate-600">
              Marque de {COMPARE_MIN} a {COMPARE_MAX} imóveis
            </p>
            <Button type="submit" variant="primary">
              Comparar selecionados
            </Button>
          </form>
        ) : null}
      </div>

      {items.length === 0 ? (
        <div className="mt-8">
          <EmptyState title="Você ainda não salvou nenhum imóvel">
            <p>Toque no coração de um anúncio para guardá-lo aqui e compará-lo depois.</p>
            <Link to={withRef("/imoveis", ref)} className={buttonClass("primary", "md", "mt-4")}>
              Ver imóveis
            </Link>
          </EmptyState>
        </div>
      ) : (
        <h2 className="sr-only">Imóveis salvos</h2>
      )}
      {items.length === 0 ? null : (
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {items.map(({ id, card, available }) => (
            <li key={id} className="flex flex-col gap-2">
              {card ? (
                <div className={available ? undefined : "opacity-75"}>
                  <PropertyCard property={card} />
                </div>
              ) : (
                <div className="relative flex min-h-40 flex-1 flex-col justify-center rounded-[var(--radius-card)] border border-dashed border-slate-300 bg-slate-50 p-5">
                  <p className="font-semibold text-slate-800">Imóvel código {id}</p>
                  <p className="mt-1 text-sm text-slate-600">Este anúncio foi removido do site.</p>
                  <FavouriteButton propertyId={id} title={`Imóvel código ${id}`} variant="inline" />
                </div>
              )}
              {!available ? (
                <p className="rounded-md bg-warning-50 px-3 py-2 text-sm font-medium text-warning-700" data-testid="favourite-unavailable">
                  Este imóvel não está mais disponível.
                </p>
              ) : null}
              {card ? (
                <label className="flex w-fit cursor-pointer items-center gap-2 rounded-md px-1 py-1 text-sm text-slate-800">
                  <input type="checkbox" name="ids" value={id} form={COMPARE_FORM} className="size-5 accent-brand-700" />
                  Comparar
                </label>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      <Section id="lgpd-titulo" title="Seus dados" className="mt-10 rounded-[var(--radius-card)] border border-slate-200 bg-white p-5" headingClassName="text-base font-semibold text-slate-900">
        <p className="mt-1 text-sm text-slate-700">
          Os favoritos ficam só neste navegador, num cookie com os códigos dos imóveis (até {FAVOURITES_MAX}). Não guardamos seu nome, e-mail nem
          outro dado pessoal, e não é preciso criar conta. Veja a nossa{" "}
          <Link to={withRef("/privacidade", ref)} className="font-medium text-brand-700 underline">
            Política de Privacidade
          </Link>
          .
        </p>
        {items.length ? (
          <form method="post" action="/favoritos" className="mt-3">
            <input type="hidden" name="intent" value="clear" />
            <input type="hidden" name="redirectTo" value={withRef("/favoritos", ref)} />
            <Button type="submit" variant="secondary">
              Limpar favoritos
            </Button>
          </form>
        ) : null}
      </Section>
      {items.length > 0 && comparable < COMPARE_MIN ? (
        <Alert tone="info" className="mt-6">
          Salve pelo menos {COMPARE_MIN} imóveis para compará-los lado a lado.
        </Alert>
      ) : null}
    </main>
  );
}
