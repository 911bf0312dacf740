import { Form, NavLink, Outlet, useLoaderData } from "react-router";
import { ADMIN_NAV, visible } from "~/components/layout/nav";
import { LogoLink } from "~/components/layout/public-shell";
import { cx } from "~/components/ui";
import { requireAdmin, requireAdminOrBroker } from "~/modules/auth/auth.server";
import { SessionWatch } from "~/components/layout/session-watch";
import type { Route } from "./+types/layout";
import { GeneralErrorBoundary } from "~/components/layout/error-pages";

/** The one admin screen a broker may open: the CRM admin list (spec 03 §6). */
const BROKER_SCREENS = new Set(["/admin/crm", "/admin/crm/"]);

/** Every /admin page: an admin session, else /login; on /admin/crm, an active broker too. */
export async function loader({ request }: Route.LoaderArgs) {
  const onBrokerScreen = BROKER_SCREENS.has(new URL(request.url).pathname);
  const user = onBrokerScreen ? await requireAdminOrBroker(request) : await requireAdmin(request);
  return { user: { name: user.name, email: user.email, role: user.role } };
}

export default function AdminLayout() {
  const { user } = useLoaderData<typeof loader>();
  // a broker here (a CRM admin on /admin/crm) sees only what they may open
  const tabs = user.role === "admin" ? visible(ADMIN_NAV) : visible(ADMIN_NAV).filter((item) => item.to === "/admin/crm" || item.to.startsWith("/broker/"));
  return (
    <div className="min-h-screen bg-slate-100">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
          <LogoLink to="/admin" label="Painel administrativo" />
          <div className="flex items-center gap-3">
            <span className="hidden text-sm text-slate-600 sm:inline">{user.email}</span>
            <Form method="post" action="/logout">
              <input type="hidden" name="redirectTo" value={user.role === "admin" ? "/login" : "/broker/login"} />
              <button type="submit" className="rounded-md px-3 py-2 text-sm font-medium text-danger-700 hover:bg-danger-50">
                Sair
              </button>
            </Form>
          </div>
        </div>
        <nav aria-label="Administração" className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4">
          {tabs.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.end}
              className={({ isActive }) => cx("whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium", isActive ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900")}
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
      </header>
      <SessionWatch endpoint={user.role === "admin" ? "/admin/sessao" : "/broker/sessao"} />
      <main id="main" className="mx-auto max-w-7xl px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}

/** Errors below this layout: the one general boundary (same page as the root's). */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
