import { Link } from "react-router";
import { cx } from "~/components/ui";
import { pathWithQuery } from "~/utils/url";

/**
 * The broker catalogue's grid/list toggle (/broker/properties): two links
 * that keep the rest of the query, so it works without JavaScript. The
 * pager is the one pager (components/ui/pagination.tsx), the query strings
 * come from utils/url.ts.
 */

export function ViewToggle({ view, path, search }: { view: "grid" | "list"; path: string; search: string }) {
  const options = [
    { value: "grid", label: "Grade", icon: "M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z" },
    { value: "list", label: "Lista", icon: "M4 6h16M4 12h16M4 18h16" },
  ] as const;
  return (
    <div className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5" role="group" aria-label="Visualização">
      {options.map((o) => (
        <Link
          key={o.value}
          to={pathWithQuery(path, search, { view: o.value === "grid" ? null : o.value, link: null })}
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
