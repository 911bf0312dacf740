import { Form, Link, NavLink, Outlet, useLoaderData } from "react-router";
import { Logo } from "~/components/layout/public-shell";
import { cx } from "~/components/ui";
import { requireAdmin } from "~/modules/auth/auth.server";
import type { Route } from "./+types/layout";
import { GeneralErrorBoundary } from "~/components/layout/error-pages";

/** Every /admin page: an admin session, else /login. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  return { user: { name: user.name, email: user.email } };
}

const NAV = [
  { to: "/admin", label: "Imóveis", end: true },
  { to: "/admin/contacts", label: "Leads" },
  { to: "/admin/corretores", label: "Corretores" },
  { to: "/admin/blog", label: "Blog" },
  { to: "/admin/roleta", label: "Roleta" },
  { to: "/admin/webhook", label: "Webhooks" },
  { to: "/admin/crm", label: "CRM" },
  { to: "/admin/whatsapp", label: "WhatsApp" },
  { to: "/broker/dashboard", label: "Painel do corretor" },
];

export default function AdminLayout() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen bg-slate-100">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
          <Link to="/admin" aria-label="Painel administrativo">
            <Logo />
          </Link>
          <div className="flex items-center gap-3">
            <span className="hidden text-sm text-slate-600 sm:inline">{user.email}</span>
            <Form method="post" action="/logout">
              <input type="hidden" name="redirectTo" value="/login" />
              <button type="submit" className="rounded-md px-3 py-2 text-sm font-medium text-danger-700 hover:bg-danger-50">
                Sair
              </button>
            </Form>
          </div>
        </div>
        <nav aria-label="Administração" className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4">
          {NAV.map((item) => (
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
