import { Link } from "react-router";
import { cx } from "~/components/ui";

/**
 * Pieces of the broker catalogue (/broker/properties) besides the cards
 * (broker-card.tsx), the filters (broker-filters.tsx) and the referral-link
 * modal (referral-link-modal.tsx): the view toggle, the pager and the
 * query-string helper. Every control is a link, so the page works without
 * JavaScript.
 */

/** The current URL's query with some keys changed (undefined removes a key). */
export function withParams(search: string, changes: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === "") params.delete(key);
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "?";
}

export function ViewToggle({ view, search }: { view: "grid" | "list"; search: string }) {
  const options = [
    { value: "grid", label: "Grade", icon: "M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z" },
    { value: "list", label: "Lista", icon: "M4 6h16M4 12h16M4 18h16" },
  ] as const;
  return (
    <div className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5" role="group" aria-label="Visualização">
      {options.map((o) => (
        <Link
          key={o.value}
          to={withParams(search, { view: o.value === "grid" ? undefined : o.value, link: undefined })}
          preventScrollReset
          aria-current={view === o.value ? "page" : undefined}
          className={cx("inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium", view === o.value ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100")}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
            <path d={o.icon} />
          </svg>
          {o.label}
        </Link>
      ))}
    </div>
  );
}

export function Pager({ items, page, pageCount, search }: { items: (number | "ellipsis")[]; page: number; pageCount: number; search: string }) {
  if (pageCount <= 1) return null;
  const href = (p: number) => withParams(search, { page: p === 1 ? undefined : p, link: undefined });
  const arrow = "inline-flex h-9 items-center rounded-lg px-3 text-sm font-medium";
  return (
    <nav className="mt-8 flex flex-wrap items-center justify-center gap-1" aria-label="Paginação">
      {page > 1 ? (
        <Link to={href(page - 1)} className={cx(arrow, "text-slate-700 hover:bg-slate-200")} rel="prev">
          <span aria-hidden="true" className="sm:hidden">‹</span>
          <span className="max-sm:sr-only">Anterior</span>
        </Link>
      ) : (
        <span className={cx(arrow, "text-slate-400")} aria-hidden="true" aria-disabled="true">
          <span className="sm:hidden">‹</span>
          <span className="max-sm:hidden">Anterior</span>
        </span>
      )}
      {items.map((item, i) =>
        item === "ellipsis" ? (
          <span key={`e${i}`} className="px-2 text-slate-500" aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={item}
            to={href(item)}
            aria-current={item === page ? "page" : undefined}
            aria-label={`Página ${item}`}
            className={cx("inline-flex size-9 items-center justify-center rounded-lg text-sm font-semibold", item === page ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-200")}
          >
            {item}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={href(page + 1)} className={cx(arrow, "text-slate-700 hover:bg-slate-200")} rel="next">
          <span aria-hidden="true" className="sm:hidden">›</span>
          <span className="max-sm:sr-only">Próxima</span>
        </Link>
      ) : (
        <span className={cx(arrow, "text-slate-400")} aria-hidden="true" aria-disabled="true">
          <span className="sm:hidden">›</span>
          <span className="max-sm:hidden">Próxima</span>
        </span>
      )}
    </nav>
  );
}

