import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/modules/auth/auth.server";

describe("redirect targets are same-origin paths only", () => {
  it.each([
    ["/admin", "/admin"],
    ["/broker/lead/1?x=1#notas", "/broker/lead/1?x=1#notas"],
    ["/imoveis?cidade=S%C3%A3o%20Paulo", "/imoveis?cidade=S%C3%A3o%20Paulo"],
  ])("keeps %s", (input, expected) => {
    expect(safeRedirect(input, "/fallback")).toBe(expected);
  });

  it.each([
    "/\t/evil.test", // what redirectTo=%2F%09%2Fevil.test decodes to
    "/\n/evil.test",
    "/\r\n/evil.test",
    "/%0d%0aSet-Cookie:%20x=1",
    "//evil.test",
    "/\\evil.test",
    "\\\\evil.test",
    "/%2F%2Fevil.test",
    "/%5Cevil.test",
    "/%09/evil.test",
    "https://evil.test/",
    "javascript:alert(1)",
    "evil.test",
    "",
    null,
    undefined,
  ])("refuses %j", (input) => {
    expect(safeRedirect(input as string, "/fallback")).toBe("/fallback");
  });
});

describe("dot segments that normalise into another host (issue 23)", () => {
  const tricks = ["/..//evil.test", "/../..//evil.test", "/./..//evil.test", "/a/../..//evil.test", "/%2e%2e//evil.test", "/.%2e//evil.test", "/..//evil.test/x?y=1"];

  it.each(tricks)("refuses %j", (input) => {
    expect(safeRedirect(input, "/fallback")).toBe("/fallback");
  });

  it("keeps ordinary dot segments inside the site", () => {
    expect(safeRedirect("/broker/../broker/leads", "/fallback")).toBe("/broker/leads");
  });

  it("login, broker login, logout and the sidebar never answer Location: //evil.test", async () => {
    const { makeAdmin, makeBroker } = await import("../../helpers/factories");
    const { formRequest, getRequest, routeArgs, sessionCookie } = await import("../../helpers/requests");
    const { unwrap } = await import("../../helpers/responses");
    const adminLogin = await import("~/routes/auth/admin-login");
    const brokerLogin = await import("~/routes/broker/login");
    const logout = await import("~/routes/auth/logout");
    const sidebar = await import("~/routes/broker/sidebar");
    const admin = await makeAdmin();
    const broker = await makeBroker();
    for (const target of tricks) {
      const q = `?redirectTo=${encodeURIComponent(target)}`;
      const shown = await unwrap(() => adminLogin.loader(routeArgs(getRequest(`/login${q}`))));
      expect((shown.data as { redirectTo: string | null }).redirectTo, target).toBeNull();
      const shownBroker = await unwrap(() => brokerLogin.loader(routeArgs(getRequest(`/broker/login${q}`))));
      expect((shownBroker.data as { redirectTo: string | null }).redirectTo, target).toBeNull();
      const a = await unwrap(() => adminLogin.action(routeArgs(formRequest("/login", { email: admin.email, password: admin.password, redirectTo: target }, { ip: `10.9.0.${tricks.indexOf(target) + 1}` }))));
      expect(a.location, `admin login ${target}`).toBe("/admin");
      const b = await unwrap(() => brokerLogin.action(routeArgs(formRequest("/broker/login", { email: broker.email, password: broker.password, redirectTo: target }, { ip: `10.9.1.${tricks.indexOf(target) + 1}` }))));
      expect(b.location, `broker login ${target}`).toBe("/broker/dashboard");
      const cookie = await sessionCookie(broker.userId);
      const s = await unwrap(() => sidebar.action(routeArgs(formRequest("/broker/sidebar", { collapsed: "true", redirectTo: target }, { cookie }))));
      expect(s.location, `sidebar ${target}`).toBe("/broker/dashboard");
      const o = await unwrap(() => logout.action(routeArgs(formRequest("/logout", { redirectTo: target }, { cookie }))));
      expect(o.location, `logout ${target}`).toBe("/");
    }
  });
});
