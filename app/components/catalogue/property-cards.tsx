import { Link } from "react-router";
import { Badge, Card, buttonClass, cx } from "~/components/ui";
import { PLACEHOLDER_IMAGE, srcSet, variantUrl } from "~/utils/images";
import { STATUS_LABELS, priceDisplay } from "~/modules/properties/vocabulary";
import type { CatalogueCard } from "~/modules/catalogue/broker-catalogue.server";
import { withQuery } from "~/utils/url";

/** The broker catalogue's property cards, as a grid or a list (links only: they work without JavaScript). */

/** A card as the loader sends it (type only: nothing of the server module reaches the browser). */
export type CardData = CatalogueCard;

function Price({ card, className }: { card: CardData; className?: string }) {
  const price = priceDisplay(card);
  return (
    <p className={cx("font-bold text-brand-800", className)}>
      {price.main}
      {price.suffix ? <span className="text-sm font-medium text-slate-600">{price.suffix}</span> : null}
    </p>
  );
}

function Cover({ card, eager, className }: { card: CardData; eager: boolean; className?: string }) {
  const src = card.cover ?? PLACEHOLDER_IMAGE;
  return (
    <img
      src={card.cover ? variantUrl(src, 800) : src}
      srcSet={card.cover ? srcSet(src) : undefined}
      sizes="(min-width: 1280px) 360px, (min-width: 640px) 50vw, 100vw"
      alt=""
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={cx("bg-slate-200 object-cover", className)}
    />
  );
}

function Tags({ card }: { card: CardData }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      <Badge tone="info">{card.property_type}</Badge>
      {card.status !== "available" ? <Badge tone="warning">{STATUS_LABELS[card.status]}</Badge> : null}
      {card.featured ? <Badge tone="accent">Destaque</Badge> : null}
      {card.canEdit ? <Badge tone="success">Seu imóvel</Badge> : null}
    </div>
  );
}

function Facts({ card }: { card: CardData }) {
  const facts = [card.area > 0 ? `${card.area.toLocaleString("pt-BR")} m²` : null, card.bedrooms > 0 ? `${card.bedrooms} quarto${card.bedrooms > 1 ? "s" : ""}` : null].filter(Boolean);
  return facts.length ? <p className="text-sm text-slate-600">{facts.join(" · ")}</p> : null;
}

function Actions({ card, search }: { card: CardData; search: string }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Link to={withQuery(search, { link: card.id })} preventScrollReset className={buttonClass("secondary", "sm")} aria-label={`Gerar link de ${card.title}`}>
        Gerar link
      </Link>
      {card.canEdit ? (
        <Link to={`/broker/properties/${card.id}/editar${withQuery(search)}`} className={buttonClass("ghost", "sm")} aria-label={`Editar ${card.title}`}>
          Editar
        </Link>
      ) : null}
    </div>
  );
}

/** Tags, title, place and sizes: the same in both views. */
function Summary({ card, titleClass }: { card: CardData; titleClass: string }) {
  return (
    <>
      <Tags card={card} />
      <h2 className={cx("text-base font-semibold text-slate-900", titleClass)}>{card.title}</h2>
      <p className="text-sm text-slate-600" data-testid="card-place">
        {card.city}
        {card.neighborhood ? ` · ${card.neighborhood}` : ""}
      </p>
      <Facts card={card} />
    </>
  );
}

/**
 * The broker's catalogue cards, as a grid (photo on top) or a list (photo
 * beside); one list item per card either way.
 */
export function PropertyCards({ cards, search, view }: { cards: CardData[]; search: string; view: "grid" | "list" }) {
  const grid = view === "grid";
  return (
    <ul className={grid ? "grid gap-5 sm:grid-cols-2 xl:grid-cols-3" : "space-y-3"} aria-label="Imóveis">
      {cards.map((card, i) => (
        <li key={card.id}>
          <Card as="article" className={grid ? "flex h-full flex-col overflow-hidden" : "flex items-start gap-3 overflow-hidden p-3 sm:items-center sm:gap-4"}>
            <Cover card={card} eager={i < 3} className={grid ? "aspect-[4/3] w-full" : "aspect-[4/3] w-28 shrink-0 rounded-lg sm:w-40"} />
            {grid ? (
              <div className="flex flex-1 flex-col gap-2 p-4">
                <Summary card={card} titleClass="line-clamp-2" />
                <Price card={card} className="mt-auto text-lg" />
                <Actions card={card} search={search} />
              </div>
            ) : (
              <div className="min-w-0 flex-1 space-y-1">
                <Summary card={card} titleClass="line-clamp-2 sm:line-clamp-1" />
                <div className="flex flex-wrap items-center justify-between gap-2 pt-1">
                  <Price card={card} />
                  <Actions card={card} search={search} />
                </div>
              </div>
            )}
          </Card>
        </li>
      ))}
    </ul>
  );
}
