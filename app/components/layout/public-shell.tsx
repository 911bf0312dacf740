import { Form, Link, NavLink } from "react-router";
import { AGENCY } from "~/modules/platform/agency";
import { whatsappLink } from "~/utils/phone";
import { useRefLink } from "~/modules/leads/referral";
import { cx } from "../ui";
import { isReady } from "./nav";
import { HeartIcon } from "../public/favourite-button";

const NAV = [
  { to: "/", label: "Início" },
  { to: "/imoveis", label: "Imóveis" },
  { to: "/categoria/lancamento", label: "Lançamentos" },
  { to: "/alugar", label: "Alugar" },
  { to: "/anuncie", label: "Anuncie seu imóvel" },
  { to: "/sobre", label: "Sobre" },
  { to: "/contato", label: "Contato" },
];

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cx("inline-flex items-center gap-2 font-bold tracking-tight", className)}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="8" fill="#1c4470" />
        <path d="M8 16.5 16 9l8 7.5V24a1 1 0 0 1-1 1h-4.5v-5h-5v5H9a1 1 0 0 1-1-1z" fill="#fff" />
        <path d="M14 13h4" stroke="#e8772e" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="text-lg text-brand-800">{AGENCY.name}</span>
    </span>
  );
}

/** The logo as the link home (the site's, the admin's or the broker's start page); the label names where it goes. */
export function LogoLink({ to, label, className }: { to: string; label: string; className?: string }) {
  return (
    <Link to={to} aria-label={label}>
      <Logo className={className} />
    </Link>
  );
}

export function PublicHeader({ isAdmin, favouriteCount = 0 }: { isAdmin: boolean; favouriteCount?: number }) {
  const link = useRefLink();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a href="#main" className="sr-only-focusable absolute left-2 top-2 z-50 rounded bg-brand-700 px-3 py-2 text-white">
        Pular para o conteúdo
      </a>
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <LogoLink to={link("/")} label={`${AGENCY.name} – página inicial`} />
        <nav aria-label="Principal" className="hidden items-center gap-1 lg:flex">
          {NAV.map((item) => (
            <NavLink
              key={item.to}
              to={link(item.to)}
              end={item.to === "/"}
              className={({ isActive }) => cx("rounded-md px-3 py-2 text-sm font-medium", isActive ? "text-brand-700" : "text-slate-700 hover:text-brand-700")}
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <FavouritesLink count={favouriteCount} to={link("/favoritos")} />
          {isAdmin ? <AccountMenu /> : null}
          {/* <details> opens the mobile menu without JavaScript. */}
          <details className="relative lg:hidden" data-menu="">
            <summary className="flex h-10 cursor-pointer list-none items-center rounded-md px-3 text-sm font-medium text-slate-800 ring-1 ring-slate-300">Menu</summary>
            <nav aria-label="Principal (celular)" className="absolute right-0 mt-2 w-56 rounded-lg border border-slate-200 bg-white p-2 shadow-[var(--shadow-overlay)]">
              {NAV.map((item) => (
                <Link key={item.to} to={link(item.to)} className="block rounded-md px-3 py-2 text-sm text-slate-800 hover:bg-slate-100">
                  {item.label}
                </Link>
              ))}
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}

/** The visitor's favourites (issue 28): a heart with the count; app/enhance/favourites.ts keeps the count current. */
function FavouritesLink({ count, to }: { count: number; to: string }) {
  return (
    <Link
      to={to}
      className="relative inline-flex h-10 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-slate-700 hover:text-brand-700"
      aria-label={`Favoritos (${count})`}
      data-favourite-link=""
    >
      <HeartIcon filled={count > 0} className="text-accent-700" />
      <span className="hidden sm:inline" aria-hidden="true">
        Favoritos
      </span>
      <span className="min-w-5 rounded-full bg-slate-100 px-1.5 text-center text-xs font-semibold text-slate-800" aria-hidden="true" data-favourite-count="">
        {count}
      </span>
    </Link>
  );
}

function AccountMenu() {
  return (
    <details className="relative" data-menu="">
      <summary className="flex h-10 cursor-pointer list-none items-center rounded-md px-3 text-sm font-medium text-brand-800 ring-1 ring-brand-200">Minha Conta</summary>
      <div className="absolute right-0 mt-2 w-56 rounded-lg border border-slate-200 bg-white p-2 shadow-[var(--shadow-overlay)]">
        <Link to="/admin" className="block rounded-md px-3 py-2 text-sm text-slate-800 hover:bg-slate-100">
          Painel Admin
        </Link>
        {isReady("/integracao-xml") ? (
          <Link to="/integracao-xml" className="block rounded-md px-3 py-2 text-sm text-slate-800 hover:bg-slate-100">
            Integração XML
          </Link>
        ) : null}
        <Form method="post" action="/logout">
          <input type="hidden" name="redirectTo" value="/login" />
          <button type="submit" className="block w-full rounded-md px-3 py-2 text-left text-sm text-danger-700 hover:bg-danger-50">
            Sair da Conta
          </button>
        </Form>
      </div>
    </details>
  );
}

export function PublicFooter() {
  const link = useRefLink();
  const a = AGENCY.address;
  return (
    <footer className="mt-16 bg-brand-900 text-brand-50">
      <div className="container-page grid gap-8 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo className="[&_span]:text-white" />
          <p className="mt-3 text-sm text-brand-100">Há mais de 8 anos ajudando famílias a encontrar o lar ideal.</p>
          <p className="mt-2 text-xs text-brand-200">{AGENCY.creci}</p>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Contato</h2>
          <address className="mt-3 space-y-1 text-sm not-italic text-brand-100">
            <p>
              {a.street}
              <br />
              {a.neighborhood}, {a.city} - {a.state}
            </p>
            <p>
              <a className="inline-block py-1 hover:text-white" href={`tel:+55${AGENCY.phoneDigits}`}>
                {AGENCY.phone}
              </a>
            </p>
            <p>
              <a className="inline-block py-1 hover:text-white" href={`mailto:${AGENCY.email}`}>
                {AGENCY.email}
              </a>
            </p>
          </address>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Navegação</h2>
          <ul className="mt-3 space-y-1 text-sm text-brand-100">
            <li><Link className="inline-block py-1 hover:text-white" to={link("/imoveis")}>Imóveis à venda</Link></li>
            <li><Link className="inline-block py-1 hover:text-white" to={link("/alugar")}>Alugar</Link></li>
            <li><Link className="inline-block py-1 hover:text-white" to={link("/anuncie")}>Anuncie seu imóvel</Link></li>
            <li><Link className="inline-block py-1 hover:text-white" to={link("/blog")}>Blog</Link></li>
            <li><Link className="inline-block py-1 hover:text-white" to={link("/sobre")}>Sobre nós</Link></li>
            <li><Link className="inline-block py-1 hover:text-white" to={link("/privacidade")}>Política de privacidade</Link></li>
            <li><Link className="inline-block py-1 hover:text-white" to="/broker/login">Área do corretor</Link></li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Redes sociais</h2>
          <ul className="mt-3 space-y-1 text-sm text-brand-100">
            <li><a className="inline-block py-1 hover:text-white" href={AGENCY.instagram} rel="noopener noreferrer" target="_blank">Instagram</a></li>
            <li><a className="inline-block py-1 hover:text-white" href={AGENCY.facebook} rel="noopener noreferrer" target="_blank">Facebook</a></li>
            <li><a className="inline-block py-1 hover:text-white" href={whatsappLink(AGENCY.whatsapp)} rel="noopener noreferrer" target="_blank">WhatsApp</a></li>
          </ul>
        </div>
      </div>
      <div className="border-t border-brand-800">
        <p className="container-page py-4 text-xs text-brand-200">
          © {new Date().getFullYear()} {AGENCY.legalName} · CNPJ {AGENCY.cnpj}
        </p>
      </div>
    </footer>
  );
}
