import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { ACCOUNT_MENU, ADMIN_NAV, BROKER_BOTTOM_BAR, BROKER_MENU, type NavItem, isReady, sectionTitle, visibleBrokerMenu } from "~/components/layout/nav";

/**
 * Issue 7 item 8: a menu link is shown only when its screen exists. Every
 * shown link must match a route of app/routes.ts (not a catch-all), and a
 * hidden link whose screen has landed must be switched on.
 */
type Entry = { path?: string; children?: Entry[]; index?: boolean };

function paths(entries: Entry[], parent: string, out: string[] = []): string[] {
  for (const e of entries) {
    const own = e.path ?? "";
    const full = !parent || own.startsWith(`${parent}/`) || own === parent ? own : [parent, own].filter(Boolean).join("/");
    const resolved = own ? full : parent;
    if ((e.path !== undefined || e.index) && !resolved.endsWith("*")) out.push("/" + resolved);
    if (e.children) paths(e.children, resolved, out);
  }
  return out;
}
const routePaths = paths(routes as Entry[], "");
const patterns = routePaths.map((p) => new RegExp(`^${p.replace(/\/$/, "").replace(/:[^/]+/g, "[^/]+")}/?$`));
const hasScreen = (to: string) => patterns.some((re) => re.test(to));

const allItems: NavItem[] = [...BROKER_MENU.flatMap((m) => [m, ...(m.children ?? [])]), ...BROKER_BOTTOM_BAR, ...ADMIN_NAV, ...ACCOUNT_MENU];

describe("the back office's menus", () => {
  it("finds the routes of app/routes.ts", () => {
    expect(routePaths).toContain("/broker/dashboard");
    expect(routePaths).toContain("/broker/properties");
    expect(routePaths).toContain("/admin");
  });

  it.each(allItems.filter((i) => i.ready).map((i) => [i.to, i.label]))("shown link %s (%s) has a screen", (to) => {
    expect(hasScreen(to)).toBe(true);
  });

  it.each(allItems.filter((i) => !i.ready).map((i) => [i.to, i.label]))("hidden link %s (%s) has no screen yet (switch it on when it lands)", (to) => {
    expect(hasScreen(to)).toBe(false);
  });

  it("hides children of hidden items and the items themselves", () => {
    const shown = visibleBrokerMenu();
    const expected = BROKER_MENU.filter((m) => !m.adminOnly && !m.crmAdminOnly).flatMap((m) => (m.ready ? [m.to] : (m.children ?? []).filter((c) => c.ready).map((c) => c.to)));
    expect(shown.map((m) => m.to)).toEqual(expected);
    // admin-only entries (the broker list) only in an admin's menu
    expect(shown.map((m) => m.to)).not.toContain("/broker/admin");
    expect(visibleBrokerMenu(BROKER_MENU, "admin").map((m) => m.to)).toContain("/broker/admin");
    // /admin/crm in the menu of a broker granted CRM admin (an admin has it in the admin tabs)
    expect(shown.map((m) => m.to)).not.toContain("/admin/crm");
    expect(visibleBrokerMenu(BROKER_MENU, "broker", true).map((m) => m.to)).toContain("/admin/crm");
    expect(visibleBrokerMenu(BROKER_MENU, "admin", true).map((m) => m.to)).not.toContain("/admin/crm");
    for (const m of shown) {
      expect(m.ready).toBe(true);
      for (const c of m.children ?? []) expect(c.ready).toBe(true);
    }
    expect(isReady("/broker/leads")).toBe(hasScreen("/broker/leads"));
  });

  it("gives each menu item its own icon (the collapsed sidebar shows only icons)", () => {
    const icons = BROKER_MENU.map((m) => m.icon);
    expect(new Set(icons).size).toBe(icons.length);
  });

  it("titles the phone top bar by the deepest menu entry", () => {
    expect(sectionTitle("/broker/properties/12/editar")).toBe("Imóveis");
    expect(sectionTitle("/broker/dashboard")).toBe("Dashboard");
    expect(sectionTitle("/broker/outra")).toBe("Painel do corretor");
  });
});
