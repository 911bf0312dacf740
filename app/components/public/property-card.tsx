import { Link } from "react-router";
import type { PropertyCard as Card } from "~/modules/catalogue/cards.server";
import { formatArea } from "~/utils/format";
import { useRefLink } from "~/modules/leads/referral";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { cx } from "~/components/ui";
import { FavouriteButton } from "./favourite-button";

/** Card sizes for a grid of 1 / 2 / 3 columns inside the 80rem page. */
export const CARD_SIZES = "(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

/** A count with its noun ('1 quarto', '3 quartos'), or nothing for zero. */
const count = (n: number, one: string, many: string) => (n > 0 ? `${n} ${n === 1 ? one : many}` : null);

/** A card's features line: area, then bedrooms, bathrooms and parking spots where given (the map's rows take the first two). */
export function propertyFeatures(p: { area: number; bedrooms: number; bathrooms?: number; parkingSpots?: number }): string[] {
  return [p.area > 0 ? formatArea(p.area) : null, count(p.bedrooms, "quarto", "quartos"), count(p.bathrooms ?? 0, "banheiro", "banheiros"), count(p.parkingSpots ?? 0, "vaga", "vagas")].filter((f) => f !== null);
}

/** A card's price, with '/mês' after a rent; the size comes from the card. */
export function PropertyPrice({ price, className }: { price: Card["price"]; className: string }) {
  return (
    <p className={`${className} font-bold text-brand-800`}>
      {price.main}
      {price.suffix ? <span className="text-sm font-medium text-slate-600">{price.suffix}</span> : null}
    </p>
  );
}

export function PropertyCard({ property: p, priority = false, sizes = CARD_SIZES, className }: { property: Card; priority?: boolean; sizes?: string; className?: string }) {
  const link = useRefLink();
  const features = propertyFeatures(p);
  return (
    <article className={cx("group relative flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-slate-200 bg-white shadow-[var(--shadow-card)] transition-shadow hover:shadow-lg", className)}>
      <div className="relative aspect-[4/3] overflow-hidden bg-slate-100">
        <ResponsiveImage src={p.image} alt="" sizes={sizes} priority={priority} className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]" />
        <div className="absolute left-3 top-3 flex flex-wrap gap-1.5">
          <span className="rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-brand-800 shadow-sm">{p.typeLabel}</span>
          {p.featured ? <span className="rounded-full bg-accent-700 px-2.5 py-1 text-xs font-semibold text-white shadow-sm">Destaque</span> : null}
        </div>
        <FavouriteButton propertyId={p.id} title={p.title} />
      </div>
      <div className="flex flex-1 flex-col p-4">
        <PropertyPrice price={p.price} className="text-xl" />
        <h3 className="mt-1 line-clamp-2 text-base font-semibold leading-snug text-slate-900">
          {/* The link covers the whole card; the title is its accessible name. */}
          <Link to={link(p.path)} className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none">
            {p.title}
          </Link>
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          {[p.neighborhood, p.city].filter(Boolean).join(", ")}
        </p>
        {features.length ? (
          <ul className="mt-auto flex flex-wrap gap-x-3 gap-y-1 border-t border-slate-100 pt-3 text-sm text-slate-700" aria-label="Características">
            {features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
