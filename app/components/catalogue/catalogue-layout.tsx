import type { ReactNode } from "react";
import { BrokerCard } from "~/components/public/broker-card";
import { Breadcrumb } from "~/components/public/breadcrumb";
import { ResultsHeader } from "./catalogue-filters";
import type { PublicBroker } from "~/modules/auth/users.server";

/**
 * The outer layout of the catalogue's two views of one search, the list
 * (/imoveis, /alugar, /categoria/…) and the map (/imoveis/mapa): trail,
 * heading, the filter column (sticky from 1024 px) and the results section
 * (the ref's broker card, the count/sort/other-view line, then the view).
 */
export function CatalogueLayout({
  trail,
  heading,
  refCode,
  filterColumn,
  broker,
  results,
  children,
}: {
  trail: { links: { label: string; to: string }[]; current: string };
  heading: string;
  refCode: string | null;
  filterColumn: ReactNode;
  broker: PublicBroker | null;
  results: Parameters<typeof ResultsHeader>[0];
  children: ReactNode;
}) {
  return (
    <main id="main" className="container-page py-8 lg:py-10">
      <Breadcrumb links={trail.links} current={trail.current} refCode={refCode} />
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{heading}</h1>

      <div className="mt-6 grid gap-6 lg:grid-cols-[18rem_1fr] lg:gap-8">
        <div className="lg:sticky lg:top-20 lg:self-start">{filterColumn}</div>
        <section aria-labelledby="results-heading" className="min-w-0">
          {broker ? <BrokerCard broker={broker} className="mb-6" /> : null}
          <ResultsHeader {...results} />
          {children}
        </section>
      </div>
    </main>
  );
}
