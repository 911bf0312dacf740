import { Link } from "react-router";
import { pageButtons } from "~/modules/catalogue/params";
import { cx } from "./";

/** Anterior / up to 5 page numbers / Próxima, as plain links (they work without JavaScript). */
export function Pagination({ page, pageCount, href }: { page: number; pageCount: number; href: (page: number) => string }) {
  const pages = pageButtons(page, pageCount);
  if (pages.length === 0) return null;
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
