/**
 * The back office's menus in one place: the broker panel's sidebar, drawer
 * and bottom bar, and the admin tabs. A link whose screen does not exist
 * yet has `ready: false` and is not shown; whoever builds the screen flips
 * it to true (tests/integration/platform/nav.test.ts checks that every
 * shown link has a route in app/routes.ts).
 */
export type NavItem = { to: string; label: string; ready: boolean };
export type BrokerMenuItem = NavItem & { icon: string; highlight?: boolean; adminOnly?: boolean; crmAdminOnly?: boolean; children?: NavItem[] };
export type AdminNavItem = NavItem & { end?: boolean };

/** Icons (24×24 stroked paths), distinct even in the collapsed sidebar. */
export const ICONS = {
  dashboard: "M4 4h7v9H4zM13 4h7v5h-7zM13 11h7v9h-7zM4 15h7v5H4z",
  properties: "M3 21h18M5 21V10l7-5 7 5v11M9 21v-5h6v5",
  leads: "M16 11a4 4 0 1 0-8 0 4 4 0 0 0 8 0zM4 21a8 8 0 0 1 16 0",
  crm: "M4 5h4v14H4zM10 5h4v9h-4zM16 5h4v6h-4z",
  campaigns: "M4 10v4h3l6 4V6L7 10H4zm13-2a5 5 0 0 1 0 8",
  roulette: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 0v9l6 4",
  courses: "M3 7l9-4 9 4-9 4-9-4zm3 3v5c2 2 10 2 12 0v-5",
  settings: "M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm8 4h2M2 12h2m8-10v2m0 16v2",
  menu: "M4 6h16M4 12h16M4 18h16",
  close: "M6 6l12 12M18 6L6 18",
  logout: "M15 12H3m4-4-4 4 4 4M13 4h6v16h-6",
  crmAdmins: "M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6l7-3zm-3 9l2 2 4-4",
  brokers: "M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm8 0a3 3 0 1 0 0-6M3 20a6 6 0 0 1 12 0m2 0a6 6 0 0 0-3-5.2",
} as const;

export const BROKER_MENU: BrokerMenuItem[] = [
  { to: "/broker/dashboard", label: "Dashboard", icon: ICONS.dashboard, ready: true },
  { to: "/broker/properties", label: "Imóveis", icon: ICONS.properties, ready: true },
  { to: "/broker/leads", label: "Leads", icon: ICONS.leads, ready: true },
  { to: "/broker/crm", label: "CRM", icon: ICONS.crm, ready: true, children: [{ to: "/broker/crm/activities", label: "Atividades", ready: true }] },
  { to: "/broker/campaigns", label: "Campanhas", icon: ICONS.campaigns, ready: true, children: [{ to: "/broker/whatsapp", label: "WhatsApp", ready: true }] },
  { to: "/broker/roleta", label: "Roleta de Leads", icon: ICONS.roulette, highlight: true, ready: true },
  { to: "/broker/cursos", label: "Cursos", icon: ICONS.courses, ready: true },
  { to: "/broker/settings", label: "Configurações", icon: ICONS.settings, ready: true },
  { to: "/broker/admin", label: "Corretores", icon: ICONS.brokers, ready: true, adminOnly: true },
  // brokers granted CRM admin (spec 03 §6) grant and remove it for others there; admins have it in the admin tabs
  { to: "/admin/crm", label: "Admins do CRM", icon: ICONS.crmAdmins, ready: true, crmAdminOnly: true },
];

export const BROKER_BOTTOM_BAR: NavItem[] = [
  { to: "/broker/dashboard", label: "Início", ready: true },
  { to: "/broker/properties", label: "Imóveis", ready: true },
  { to: "/broker/leads", label: "Leads", ready: true },
  { to: "/broker/roleta", label: "Roleta", ready: true },
  { to: "/broker/settings", label: "Config", ready: true },
];

export const ADMIN_NAV: AdminNavItem[] = [
  { to: "/admin", label: "Imóveis", end: true, ready: true },
  { to: "/admin/contacts", label: "Leads", ready: true },
  { to: "/admin/corretores", label: "Corretores", ready: true },
  { to: "/admin/blog", label: "Blog", ready: true },
  { to: "/admin/roleta", label: "Roleta", ready: true },
  { to: "/admin/webhook", label: "Webhooks", ready: true },
  { to: "/admin/crm", label: "CRM", ready: true },
  { to: "/admin/whatsapp", label: "WhatsApp", ready: true },
  { to: "/broker/dashboard", label: "Painel do corretor", ready: true },
];

/** The public header's 'Minha Conta' menu for a signed-in admin. */
export const ACCOUNT_MENU: NavItem[] = [
  { to: "/admin", label: "Painel Admin", ready: true },
  { to: "/integracao-xml", label: "Integração XML", ready: true },
];


/** Whether a path has a screen (the dashboard and the public header ask too). */
export function isReady(path: string): boolean {
  const all: NavItem[] = [...BROKER_MENU.flatMap((m) => [m, ...(m.children ?? [])]), ...BROKER_BOTTOM_BAR, ...ADMIN_NAV, ...ACCOUNT_MENU];
  return all.some((item) => item.to === path && item.ready);
}

/**
 * The shown part of a menu: ready items with their ready children; a ready
 * child of an item not ready yet is shown in its place (with its icon).
 */
export function visibleBrokerMenu(menu: BrokerMenuItem[] = BROKER_MENU, role: "admin" | "broker" = "broker", crmAdmin = false): BrokerMenuItem[] {
  return menu.filter((m) => (!m.adminOnly || role === "admin") && (!m.crmAdminOnly || (role === "broker" && crmAdmin))).flatMap((m) => {
    const children = m.children?.filter((c) => c.ready);
    if (m.ready) return [{ ...m, children }];
    return (children ?? []).map((c) => ({ ...c, icon: m.icon }));
  });
}
export function visible<T extends NavItem>(items: T[]): T[] {
  return items.filter((i) => i.ready);
}

/** The mobile top bar's title: the deepest menu entry the path is under. */
export function sectionTitle(pathname: string): string {
  const all = BROKER_MENU.flatMap((m) => [m, ...(m.children ?? [])]);
  const match = all.filter((m) => pathname === m.to || pathname.startsWith(`${m.to}/`)).sort((a, b) => b.to.length - a.to.length)[0];
  return match?.label ?? "Painel do corretor";
}
