import { useLocation, useRouteLoaderData } from "react-router";
import { cx } from "~/components/ui";
import { FAVOURITE_LABELS } from "~/modules/favourites/favourites";

/** The ids this browser saved, read once by the public layout's loader (app/routes/public/layout.tsx). */
export function useFavouriteIds(): number[] {
  const data = useRouteLoaderData("routes/public/layout") as { favourites?: number[] } | undefined;
  return data?.favourites ?? [];
}

export function HeartIcon({ filled, className }: { filled: boolean; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={cx("size-5", className)} fill={filled ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2" data-heart="">
      <path strokeLinejoin="round" d="M12 20s-7-4.4-9.2-8.6C1.3 8.3 3 4.8 6.4 4.6c2-.1 3.7 1 4.6 2.6.9-1.6 2.6-2.7 4.6-2.6 3.4.2 5.1 3.7 3.6 6.8C19 15.6 12 20 12 20z" />
    </svg>
  );
}

/**
 * The heart: a plain POST to /favoritos that comes back to this page
 * (works without JavaScript); app/enhance/favourites.ts toggles it in place.
 */
export function FavouriteButton({ propertyId, title, variant = "overlay" }: { propertyId: number; title: string; variant?: "overlay" | "inline" }) {
  const saved = useFavouriteIds().includes(propertyId);
  const location = useLocation();
  const label = `${saved ? FAVOURITE_LABELS.remove : FAVOURITE_LABELS.add}: ${title}`;
  return (
    <form method="post" action="/favoritos" data-favourite-form="" className={variant === "overlay" ? "absolute right-3 top-3 z-10" : undefined}>
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="propertyId" value={propertyId} />
      <input type="hidden" name="save" value={saved ? "0" : "1"} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        aria-pressed={saved}
        title={saved ? FAVOURITE_LABELS.remove : FAVOURITE_LABELS.add}
        data-label-add={`${FAVOURITE_LABELS.add}: ${title}`}
        data-label-remove={`${FAVOURITE_LABELS.remove}: ${title}`}
        className={cx(
          "relative inline-flex items-center justify-center gap-2 rounded-full transition-colors focus-visible:outline-2",
          variant === "overlay" ? "size-10 bg-white/95 shadow-sm hover:bg-white" : "h-10 border border-slate-300 bg-white px-4 text-sm font-semibold hover:bg-slate-50",
          "text-accent-700 aria-pressed:text-danger-600",
        )}
      >
        <HeartIcon filled={saved} />
        {/* the name is text, not aria-label: a title's words must not make the heart a "label" of the page's fields */}
        <span className="sr-only" data-favourite-name="">
          {label}
        </span>
        {variant === "inline" ? (
          <span aria-hidden="true" data-favourite-text="">
            {saved ? "Salvo nos favoritos" : "Favoritar"}
          </span>
        ) : null}
      </button>
    </form>
  );
}
