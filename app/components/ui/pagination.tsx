import { Link } from "react-router";
import { pageButtons, pagerItems } from "~/utils/pagination";
import { buttonClass, cx } from "./";

/**
 * The one pager: plain links, so it works without JavaScript. Variants:
 * - "window" (public catalogue): Anterior / up to 5 numbers / Próxima, and "Página X de Y" below;
 * - "ellipsis" (broker catalogue): every number up to 7 pages, beyond that first, last and neighbours with "…";
 * - "prev-next" (dense back-office lists): Anterior · Página X de Y · Próxima.
 */
export type PaginationProps = {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  variant?: "window" | "ellipsis" | "prev-next";
};

export function Pagination({ variant = "window", ...props }: PaginationProps) {
  if (props.pageCount <= 1) return null;
  if (variant === "ellipsis") return <EllipsisPager {...props} />;
  if (variant === "prev-next") return <PrevNextPager {...props} />;
  return <WindowPager {...props} />;
}

function WindowPager({ page, pageCount, href }: Omit<PaginationProps, "variant">) {
  const pages = pageButtons(page, pageCount);
  const item = "inline-flex h-10 min-w-10 items-center justify-center rounded-lg border px-3 text-sm font-medium";
  return (
    <nav aria-label="Paginação" className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={cx(item, "border-slate-300 bg-white text-slate-800 hover:bg-slate-50")} preventScrollReset={false}>
          Anterior
        </Link>
      ) : null}
      {pages.map((n) =>
        n === page ? (
          <span key={n} aria-current="page" className={cx(item, "border-brand-700 bg-brand-700 text-white")}>
            {n}
          </span>
        ) : (
          <Link key={n} to={href(n)} aria-label={`Página ${n}`} className={cx(item, "border-slate-300 bg-white text-slate-800 hover:bg-slate-50")}>
            {n}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className={cx(item, "border-slate-300 bg-white text-slate-800 hover:bg-slate-50")}>
          Próxima
        </Link>
      ) : null}
      <p className="w-full text-center text-sm text-slate-600">
        Página {page} de {pageCount}
      </p>
    </nav>
  );
}

function EllipsisPager({ page, pageCount, href }: Omit<PaginationProps, "variant">) {
  const items = pagerItems(page, pageCount);
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

function PrevNextPager({ page, pageCount, href }: Omit<PaginationProps, "variant">) {
  return (
    <nav className="mt-4 flex items-center justify-between gap-2" aria-label="Paginação">
      {page > 1 ? (
        <Link to={href(page - 1)} className={buttonClass("secondary", "sm")} rel="prev">
          Anterior
        </Link>
      ) : (
        <span className={buttonClass("secondary", "sm", "pointer-events-none opacity-50")} aria-disabled="true">
          Anterior
        </span>
      )}
      <p className="text-sm text-slate-600">
        Página {page} de {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={href(page + 1)} className={buttonClass("secondary", "sm")} rel="next">
          Próxima
        </Link>
      ) : (
        <span className={buttonClass("secondary", "sm", "pointer-events-none opacity-50")} aria-disabled="true">
          Próxima
        </span>
      )}
    </nav>
  );
}
