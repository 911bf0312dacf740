import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card, buttonClass } from "~/components/ui";

/** The frame of the alert pages (/alertas, confirmar, cancelar): one centred card with an icon. */
export function AlertPageCard({ tone, title, children, backHref }: { tone: "success" | "info" | "warning"; title: string; children: ReactNode; backHref: string }) {
  const toneClass = tone === "success" ? "bg-success-50 text-success-700" : tone === "warning" ? "bg-warning-50 text-warning-700" : "bg-brand-50 text-brand-700";
  return (
    <main id="main" className="container-page flex justify-center py-10 sm:py-16">
      <Card className="w-full max-w-xl p-6 text-center sm:p-10">
        <div className={`mx-auto flex size-14 items-center justify-center rounded-full ${toneClass}`}>
          <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="size-7">
            {tone === "success" ? (
              <path d="M5 13l4 4L19 7" strokeLinecap="round" strokeLinejoin="round" />
            ) : (
              <path d="M15 17h5l-1.4-1.4A2 2 0 0 1 18 14.2V11a6 6 0 1 0-12 0v3.2a2 2 0 0 1-.6 1.4L4 17h5m6 0a3 3 0 1 1-6 0" strokeLinecap="round" strokeLinejoin="round" />
            )}
          </svg>
        </div>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <div className="mt-3 space-y-4 text-slate-700 [overflow-wrap:anywhere]">{children}</div>
        <Link to={backHref} className={buttonClass("ghost", "md", "mt-6")}>
          Voltar aos imóveis
        </Link>
      </Card>
    </main>
  );
}
