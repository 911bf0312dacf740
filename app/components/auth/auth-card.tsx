import type { ReactNode } from "react";
import { LogoLink } from "~/components/layout/public-shell";
import { Card } from "~/components/ui";

/** The centred card of the sign-in screens. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-gradient-to-b from-brand-50 to-slate-100 px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex justify-center">
          <LogoLink to="/" label="Lar Imóveis – página inicial" />
        </div>
        <Card className="p-6">
          <h1 className="text-xl font-bold text-slate-900">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
          <div className="mt-5">{children}</div>
        </Card>
        {footer ? <div className="mt-4 text-center text-sm text-slate-600">{footer}</div> : null}
      </div>
    </main>
  );
}
