import { Form, NavLink, Outlet, useLoaderData, useLocation, useFetcher } from "react-router";
import { BrokerDrawer, NavIcon as Icon } from "~/components/layout/broker-drawer";
import { BROKER_BOTTOM_BAR, BROKER_MENU, ICONS, sectionTitle, visible, visibleBrokerMenu } from "~/components/layout/nav";
import { LogoLink } from "~/components/layout/public-shell";
import { cx } from "~/components/ui";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { canAdministerCrm } from "~/modules/auth/permissions.server";
import { SessionWatch } from "~/components/layout/session-watch";
import type { Route } from "./+types/layout";
import { readSidebarCollapsed } from "./sidebar";
import { GeneralErrorBoundary } from "~/components/layout/error-pages";

/** Every /broker page inside the panel: a broker (active) or an admin session. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  return {
    user: { name: user.name, role: user.role, brokerId: user.broker?.id ?? null, crmAdmin: canAdministerCrm(user) },
    collapsed: await readSidebarCollapsed(request),
  };
}

function LogoutForm({ collapsed = false }: { collapsed?: boolean }) {
  return (
    <Form method="post" action="/logout">
      <input type="hidden" name="redirectTo" value="/broker/login" />
      <button type="submit" className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-300 hover:bg-white/10 hover:text-white" title="Sair">
        <Icon d={ICONS.logout} />
        <span className={cx(collapsed && "sr-only")}>Sair</span>
      </button>
    </Form>
  );
}

export default function BrokerLayout() {
  const { user, collapsed: serverCollapsed } = useLoaderData<typeof loader>();
  const location = useLocation();
  const toggle = useFetcher();
  // With JavaScript the toggle is instant (optimistic); the cookie keeps it for the next page.
  const collapsed = toggle.formData ? toggle.formData.get("collapsed") === "true" : serverCollapsed;
  const here = location.pathname + location.search;
  const menu = visibleBrokerMenu(BROKER_MENU, user.role, user.crmAdmin);
  const bottom = visible(BROKER_BOTTOM_BAR);
  return (
    <div className="min-h-screen bg-slate-100 lg:flex">
      <aside className={cx("sticky top-0 hidden h-screen shrink-0 flex-col bg-brand-900 text-white transition-[width] lg:flex", collapsed ? "w-16" : "w-64")} aria-label="Menu do corretor">
        <div className={cx("flex h-16 items-center border-b border-white/10", collapsed ? "justify-center" : "justify-between px-4")}>
          {collapsed ? null : (
            <LogoLink to="/broker/dashboard" label="Lar Imóveis – painel" className="[&_span]:text-white" />
          )}
          <toggle.Form method="post" action="/broker/sidebar">
            <input type="hidden" name="collapsed" value={collapsed ? "false" : "true"} />
            <input type="hidden" name="redirectTo" value={here} />
            <button type="submit" className="rounded-md p-2 text-slate-300 hover:bg-white/10 hover:text-white" aria-label={collapsed ? "Expandir menu" : "Recolher menu"} aria-expanded={!collapsed}>
              <Icon d={collapsed ? "M9 6l6 6-6 6" : "M15 6l-6 6 6 6"} />
            </button>
          </toggle.Form>
        </div>
        {!collapsed ? <p className="px-4 pt-4 text-sm text-slate-300">Bem-vindo(a), <strong className="text-white">{user.name}</strong></p> : null}
        <nav className="flex-1 space-y-1 overflow-y-auto px-2 py-4">
          {menu.map((item) => (
            <div key={item.to}>
              <NavLink
                to={item.to}
                title={item.label}
                className={({ isActive }) =>
                  cx(
                    "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium",
                    isActive ? "bg-white/15 text-white" : "text-slate-300 hover:bg-white/10 hover:text-white",
                    item.highlight && "ring-1 ring-accent-500/60",
                  )
                }
              >
                <Icon d={item.icon} />
                <span className={cx(collapsed && "sr-only")}>{item.label}</span>
              </NavLink>
              {!collapsed && item.children
                ? item.children.map((child) => (
                    <NavLink key={child.to} to={child.to} className={({ isActive }) => cx("ml-11 block rounded-md px-3 py-1.5 text-sm", isActive ? "text-white" : "text-slate-300 hover:text-white")}>
                      {child.label}
                    </NavLink>
                  ))
                : null}
            </div>
          ))}
        </nav>
        <div className="border-t border-white/10 p-2">
          <LogoutForm collapsed={collapsed} />
        </div>
      </aside>

      {/* Mobile: top bar with the section title and a drawer; bottom bar below. */}
      <header className="sticky top-0 z-30 flex h-14 items-center justify-between bg-brand-900 px-3 text-white lg:hidden">
        <BrokerDrawer>
          <p className="mb-4 text-sm text-slate-300">Bem-vindo(a), <strong className="text-white">{user.name}</strong></p>
          <nav className="space-y-1" aria-label="Menu do corretor (celular)">
            {menu.map((item) => (
              <div key={item.to}>
                <NavLink to={item.to} className={({ isActive }) => cx("flex items-center gap-3 rounded-lg px-3 py-2 text-sm", isActive ? "bg-white/15 text-white" : "text-slate-200 hover:bg-white/10")}>
                  <Icon d={item.icon} />
                  {item.label}
                </NavLink>
                {item.children?.map((child) => (
                  <NavLink key={child.to} to={child.to} className="ml-11 block px-3 py-1.5 text-sm text-slate-300">
                    {child.label}
                  </NavLink>
                ))}
              </div>
            ))}
          </nav>
          <div className="mt-4 border-t border-white/10 pt-2">
            <LogoutForm />
          </div>
        </BrokerDrawer>
        <p className="text-base font-semibold">{sectionTitle(location.pathname)}</p>
        <span className="w-9" aria-hidden="true" />
      </header>

      <SessionWatch endpoint="/broker/sessao" />
      <main id="main" className="min-w-0 flex-1 px-4 pb-24 pt-6 lg:px-8 lg:pb-10">
        {user.role === "admin" ? <p className="mb-4 inline-block rounded-full bg-accent-50 px-3 py-1 text-xs font-medium text-accent-700">Modo administrador</p> : null}
        <Outlet />
      </main>

      <nav className="fixed inset-x-0 bottom-0 z-30 grid border-t border-slate-200 bg-white lg:hidden" style={{ gridTemplateColumns: `repeat(${bottom.length}, minmax(0, 1fr))` }} aria-label="Atalhos">
        {bottom.map((item) => (
          <NavLink key={item.to} to={item.to} className={({ isActive }) => cx("py-3 text-center text-xs font-medium", isActive ? "text-brand-700" : "text-slate-600")}>
            {item.label}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}

/** Errors below this layout: the one general boundary (same page as the root's). */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
