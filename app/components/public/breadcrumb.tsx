import { Fragment } from "react";
import { Link } from "react-router";
import { withRef } from "~/modules/leads/referral";

/** The public pages' trail ('Trilha'): links up to the current page, each carrying the broker's ref. */
export function Breadcrumb({ links, current, refCode }: { links: { label: string; to: string }[]; current: string; refCode: string | null }) {
  return (
    <nav aria-label="Trilha" className="text-sm text-slate-600">
      {links.map((l) => (
        <Fragment key={l.to}>
          <Link to={withRef(l.to, refCode)} className="inline-block py-1 hover:text-brand-700">
            {l.label}
          </Link>
          <span aria-hidden="true"> / </span>
        </Fragment>
      ))}
      <span className="text-slate-800">{current}</span>
    </nav>
  );
}
