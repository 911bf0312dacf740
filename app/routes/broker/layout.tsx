import { Form, Link, NavLink, Outlet, useLoaderData, useLocation, useFetcher } from "react-router";
import { Logo } from "~/components/layout/public-shell";
import { cx } from "~/components/ui";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import type { Route } from "./+types/layout";
import { readSidebarCollapsed } from "./sidebar";

/** Every /broker page inside the panel: a broker (active) or an admin session. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  return {
    user: { name: user.name, role: user.role, brokerId: user.broker?.id ?? null },
    collapsed: await readSidebarCollapsed(request),
  };
}

type Item = { to: string; label: string; icon: string; children?: { to: string; label: string }[]; highlight?: boolean; adminOnly?: boolean };
const MENU: Item[] = [
  { to: "/broker/dashboard", label: "Dashboard", icon: "M3 12l9-8 9 8M5 10v10h14V10" },
  { to: "/broker/properties", label: "Imóveis", icon: "M4 21V9l8-6 8 6v12H4zm6 0v-6h4v6" },
  { to: "/broker/leads", label: "Leads", icon: "M16 11a4 4 0 1 0-8 0 4 4 0 0 0 8 0zM4 21a8 8 0 0 1 16 0" },
  { to: "/broker/crm", label: "CRM", icon: "M4 5h4v14H4zM10 5h4v9h-4zM16 5h4v6h-4z", children: [{ to: "/broker/crm/activities", label: "Atividades" }] },
  { to: "/broker/campaigns", label: "Campanhas", icon: "M4 10v4h3l6 4V6L7 10H4zm13-2a5 5 0 0 1 0 8", children: [{ to: "/broker/whatsapp", label: "WhatsApp" }] },
  { to: "/broker/roleta", label: "Roleta de Leads", icon: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 0v9l6 4", highlight: true },
  { to: "/broker/cursos", label: "Cursos", icon: "M3 7l9-4 9 4-9 4-9-4zm3 3v5c2 2 10 2 12 0v-5" },
  { to: "/broker/settings", label: "Configurações", icon: "M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm8 4h2M2 12h2m8-10v2m0 16v2" },
  { to: "/broker/admin", label: "Corretores", icon: "M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm8 0a3 3 0 1 0 0-6M3 20a6 6 0 0 1 12 0m2 0a6 6 0 0 0-3-5.2", adminOnly: true },
];
const BOTTOM: { to: string; label: string }[] = [
  { to: "/broker/dashboard", label: "Início" },
  { to: "/broker/properties", label: "Imóveis" },
  { to: "/broker/leads", label: "Leads" },
  { to: "/broker/roleta", label: "Roleta" },
  { to: "/broker/settings", label: "Config" },
];

function Icon({ d }: { d: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d={d} />
    </svg>
  );
}

function sectionTitle(pathname: string): string {
  const all = MENU.flatMap((m) => [m, ...(m.children ?? []).map((c) => ({ ...c, icon: "" }))]);
  const match = all.filter((m) => pathname.startsWith(m.to)).sort((a, b) => b.to.length - a.to.length)[0];
  return match?.label ?? "Painel do corretor";
}

function LogoutForm({ collapsed = false }: { collapsed?: boolean }) {
  return (
    <Form method="post" action="/logout">
      <input type="hidden" name="redirectTo" value="/broker/login" />
      <button type="submit" className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-300 hover:bg-white/10 hover:text-white" title="Sair">
        <Icon d="M15 12H3m4-4-4 4 4 4M13 4h6v16h-6" />
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
  const menu = MENU.filter((item) => !item.adminOnly || user.role === "admin");
  return (
    <div className="min-h-screen bg-slate-100 lg:flex">
      <aside className={cx("sticky top-0 hidden h-screen shrink-0 flex-col bg-brand-900 text-white transition-[width] lg:flex", collapsed ? "w-16" : "w-64")} aria-label="Menu do corretor">
        <div className={cx("flex h-16 items-center border-b border-white/10", collapsed ? "justify-center" : "justify-between px-4")}>
          {collapsed ? null : (
            <Link to="/broker/dashboard" aria-label="Lar Imóveis – painel">
              <Logo className="[&_span]:text-white" />
            </Link>
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
        <details className="group">
          <summary className="flex cursor-pointer list-none items-center rounded-md p-2 hover:bg-white/10" aria-label="Abrir menu">
            <Icon d="M4 6h16M4 12h16M4 18h16" />
          </summary>
          <div className="fixed inset-y-0 left-0 z-40 w-72 overflow-y-auto bg-brand-900 p-4 shadow-[var(--shadow-overlay)]">
            <p className="mb-4 text-sm text-slate-300">Bem-vindo(a), <strong className="text-white">{user.name}</strong></p>
            <nav className="space-y-1" aria-label="Menu do corretor (celular)">
              {menu.map((item) => (
                <div key={item.to}>
                  <Link to={item.to} className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-200 hover:bg-white/10">
                    <Icon d={item.icon} />
                    {item.label}
                  </Link>
                  {item.children?.map((child) => (
                    <Link key={child.to} to={child.to} className="ml-11 block px-3 py-1.5 text-sm text-slate-300">
                      {child.label}
                    </Link>
                  ))}
                </div>
              ))}
            </nav>
            <div className="mt-4 border-t border-white/10 pt-2">
              <LogoutForm />
            </div>
          </div>
        </details>
        <p className="text-base font-semibold">{sectionTitle(location.pathname)}</p>
        <span className="w-9" aria-hidden="true" />
      </header>

      <main id="main" className="min-w-0 flex-1 px-4 pb-24 pt-6 lg:px-8 lg:pb-10">
        {user.role === "admin" ? <p className="mb-4 inline-block rounded-full bg-accent-50 px-3 py-1 text-xs font-medium text-accent-700">Modo administrador</p> : null}
        <Outlet />
      </main>

      <nav className="fixed inset-x-0 bottom-0 z-30 grid grid-cols-5 border-t border-slate-200 bg-white lg:hidden" aria-label="Atalhos">
        {BOTTOM.map((item) => (
          <NavLink key={item.to} to={item.to} className={({ isActive }) => cx("py-3 text-center text-xs font-medium", isActive ? "text-brand-700" : "text-slate-600")}>
            {item.label}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
