import type { ReactNode } from "react";

/** The usual heading of a page's section, and the larger one of the public pages' main blocks. */
export const SECTION_HEADING = "text-xl font-semibold text-slate-900";
export const SECTION_HEADING_LARGE = "text-2xl font-bold tracking-tight text-slate-900";

/** A page section named by its heading (aria-labelledby → the h2's id), the rest of its content after it. */
export function Section({ id, title, className, headingClassName = SECTION_HEADING, children }: { id: string; title: ReactNode; className?: string; headingClassName?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
