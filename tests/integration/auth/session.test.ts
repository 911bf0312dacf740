import { describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { config, resetConfigCache } from "~/modules/platform/config.server";
import { hashPassword, verifyPassword } from "~/modules/auth/passwords.server";
import { createSession, getSessionUser } from "~/modules/auth/session.server";
import { readToast } from "~/modules/auth/toast.server";
import { action as logoutAction, loader as logoutLoader } from "~/routes/auth/logout";
import { loader as brokerLayoutLoader } from "~/routes/broker/layout";
import { action as sidebarAction, loader as sidebarLoader } from "~/routes/broker/sidebar";
import { formRequest, getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { run } from "../../helpers/responses";
import { makeAdmin, makeBroker } from "../../helpers/factories";

const withCookie = (cookie: string) => getRequest("/", { cookie });

describe("session cookie", () => {
  it("is httpOnly, SameSite=Lax, path /, and holds only a signed random id", async () => {
    const broker = await makeBroker();
    const setCookie = await createSession(broker.userId);
    expect(setCookie).toMatch(/^__session=/);
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).toMatch(/; Max-Age=2592000/);
    // Over plain http (no https PUBLIC_URL) the cookie cannot be Secure or the browser would drop it.
    expect(setCookie).not.toMatch(/; Secure/i);
    const value = decodeURIComponent(setCookie.split(";")[0].slice("__session=".length));
    expect(value).not.toContain(broker.userId);
    expect(value).not.toContain(broker.email);
  });

  it("is server-side: deleting the session row signs the user out", async () => {
    const broker = await makeBroker();
    const cookie = await sessionCookie(broker.userId);
    expect((await getSessionUser(withCookie(cookie)))?.email).toBe(broker.email);
    await db().deleteFrom("sessions").where("user_id", "=", broker.userId).execute();
    expect(await getSessionUser(withCookie(cookie))).toBeNull();
    const guarded = await run(() => brokerLayoutLoader(routeArgs(getRequest("/broker/dashboard", { cookie }))));
    expect(guarded.response?.headers.get("Location")).toMatch(/^\/broker\/login/);
  });

  it("an expired session is refused and its row removed", async () => {
    const broker = await makeBroker();
    const cookie = await sessionCookie(broker.userId);
    await db().updateTable("sessions").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("user_id", "=", broker.userId).execute();
    expect(await getSessionUser(withCookie(cookie))).toBeNull();
    const rows = await db().selectFrom("sessions").select("id").where("user_id", "=", broker.userId).execute();
    expect(rows).toHaveLength(0);
  });

  it("a tampered or forged cookie is ignored", async () => {
    const broker = await makeBroker();
    const cookie = await sessionCookie(broker.userId);
    const [name, value] = cookie.split("=");
    const tampered = `${name}=${value.slice(0, -4)}AAAA`;
    expect(await getSessionUser(withCookie(tampered))).toBeNull();
    const row = await db().selectFrom("sessions").select("id").where("user_id", "=", broker.userId).executeTakeFirstOrThrow();
    // The raw id without the signature is not accepted either.
    expect(await getSessionUser(withCookie(`__session=${encodeURIComponent(JSON.stringify(row.id))}`))).toBeNull();
  });

  it("deleting a user ends their sessions (cascade)", async () => {
    const broker = await makeBroker();
    const cookie = await sessionCookie(broker.userId);
    await db().deleteFrom("users").where("id", "=", broker.userId).execute();
    expect(await getSessionUser(withCookie(cookie))).toBeNull();
  });
});

describe("logout", () => {
  it.each([
    ["admin", "/login"],
    ["broker", "/broker/login"],
  ] as const)("a signed-in %s goes to %s with 'Logout realizado com sucesso' and the session row is gone", async (role, target) => {
    const user = role === "admin" ? await makeAdmin() : await makeBroker();
    const userId = "userId" in user ? user.userId : user.id;
    const cookie = await sessionCookie(userId);
    const result = await run(() => logoutAction(routeArgs(formRequest("/logout", { redirectTo: target }, { cookie }))));
    const response = result.response!;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(target);
    const cookies = response.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith("__session="))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    const flash = cookies.find((c) => c.startsWith("__flash="))!.split(";")[0];
    const { toast } = await readToast(getRequest(target, { cookie: flash }));
    expect(toast).toMatchObject({ type: "success", message: "Logout realizado com sucesso" });
    expect(await getSessionUser(withCookie(cookie))).toBeNull();
    expect(await db().selectFrom("sessions").select("id").where("user_id", "=", userId).execute()).toHaveLength(0);
  });

  it("an inactive broker can sign out from /broker/bloqueado", async () => {
    const broker = await makeBroker({ isActive: false });
    const cookie = await sessionCookie(broker.userId);
    const result = await run(() => logoutAction(routeArgs(formRequest("/logout", { redirectTo: "/broker/login" }, { cookie }))));
    expect(result.response?.headers.get("Location")).toBe("/broker/login");
    expect(await getSessionUser(withCookie(cookie))).toBeNull();
  });

  it("never redirects off-site, and GET /logout changes nothing", async () => {
    const broker = await makeBroker();
    const cookie = await sessionCookie(broker.userId);
    for (const target of ["//evil.example", "https://evil.example/", "/\\evil.example"]) {
      const result = await run(() => logoutAction(routeArgs(formRequest("/logout", { redirectTo: target }))));
      expect(result.response?.headers.get("Location")).toBe("/");
    }
    const get = await run(() => logoutLoader());
    expect(get.response?.headers.get("Location")).toBe("/");
    expect((await getSessionUser(withCookie(cookie)))?.email).toBe(broker.email);
  });
});

describe("sidebar toggle cookie", () => {
  it("POST /broker/sidebar stores collapsed and the layout loader reads it back", async () => {
    const broker = await makeBroker();
    const cookie = await sessionCookie(broker.userId);
    const result = await run(() => sidebarAction(routeArgs(formRequest("/broker/sidebar", { collapsed: "true", redirectTo: "/broker/properties?page=2" }, { cookie }))));
    expect(result.response?.status).toBe(302);
    expect(result.response?.headers.get("Location")).toBe("/broker/properties?page=2");
    const sidebar = result.response!.headers.get("Set-Cookie")!;
    expect(sidebar).toMatch(/^sidebar=/);
    expect(sidebar).toMatch(/HttpOnly/i);
    const both = `${cookie}; ${sidebar.split(";")[0]}`;
    const layout = await run(() => brokerLayoutLoader(routeArgs(getRequest("/broker/dashboard", { cookie: both }))));
    expect(layout.value).toMatchObject({ collapsed: true });

    const expand = await run(() => sidebarAction(routeArgs(formRequest("/broker/sidebar", { collapsed: "false", redirectTo: "https://evil.example" }, { cookie }))));
    expect(expand.response?.headers.get("Location")).toBe("/broker/dashboard");
    const expanded = `${cookie}; ${expand.response!.headers.get("Set-Cookie")!.split(";")[0]}`;
    expect((await run(() => brokerLayoutLoader(routeArgs(getRequest("/broker/dashboard", { cookie: expanded }))))).value).toMatchObject({ collapsed: false });
  });

  it("tampered hidden fields fall back to safe defaults: expanded, the dashboard", async () => {
    const broker = await makeBroker();
    const cookie = await sessionCookie(broker.userId);
    const odd = await run(() => sidebarAction(routeArgs(formRequest("/broker/sidebar", { collapsed: "sim<script>", redirectTo: `/broker/${"x".repeat(2100)}` }, { cookie }))));
    expect(odd.response?.status).toBe(302);
    expect(odd.response?.headers.get("Location")).toBe("/broker/dashboard");
    expect(odd.response?.headers.get("Set-Cookie")).toMatch(/^sidebar=/);
    const state = `${cookie}; ${odd.response!.headers.get("Set-Cookie")!.split(";")[0]}`;
    expect((await run(() => brokerLayoutLoader(routeArgs(getRequest("/broker/dashboard", { cookie: state }))))).value).toMatchObject({ collapsed: false });
  });

  it("without the cookie the sidebar is expanded; GET /broker/sidebar just goes to the dashboard", async () => {
    const broker = await makeBroker();
    const cookie = await sessionCookie(broker.userId);
    expect((await run(() => brokerLayoutLoader(routeArgs(getRequest("/broker/dashboard", { cookie }))))).value).toMatchObject({ collapsed: false });
    expect((await run(() => sidebarLoader())).response?.headers.get("Location")).toBe("/broker/dashboard");
  });
});

describe("password hashing", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const hash = await hashPassword("minha senha secreta");
    expect(await verifyPassword("minha senha secreta", hash)).toBe(true);
    expect(await verifyPassword("minha senha secreta ", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("stores scrypt with its cost, a random salt and never the password itself", async () => {
    const a = await hashPassword("corretor-demo");
    const b = await hashPassword("corretor-demo");
    expect(a).not.toContain("corretor-demo");
    // the test run's cost (vitest.setup.ts sets PASSWORD_HASH_COST=1024); each hash names its own N
    expect(a).toMatch(new RegExp(`^scrypt\\$${config().PASSWORD_HASH_COST}\\$8\\$1\\$[A-Za-z0-9_-]+\\$[A-Za-z0-9_-]+$`));
    expect(a).not.toBe(b);
  });

  it("hashes at N=2^15 without PASSWORD_HASH_COST, and a hash of either cost verifies whatever the current one", async () => {
    const cheap = await hashPassword("senha-forte-123");
    const saved = process.env.PASSWORD_HASH_COST;
    delete process.env.PASSWORD_HASH_COST;
    resetConfigCache();
    try {
      const strong = await hashPassword("senha-forte-123");
      expect(strong).toMatch(/^scrypt\$32768\$8\$1\$/);
      expect(await verifyPassword("senha-forte-123", cheap)).toBe(true);
      process.env.PASSWORD_HASH_COST = saved;
      resetConfigCache();
      expect(await verifyPassword("senha-forte-123", strong)).toBe(true);
      expect(await verifyPassword("senha-forte-12", strong)).toBe(false);
    } finally {
      process.env.PASSWORD_HASH_COST = saved;
      resetConfigCache();
    }
  });

  it("normalises Unicode (NFKC), so an accented password typed either way matches", async () => {
    const hash = await hashPassword("sen\u00e7a");
    expect(await verifyPassword("senc\u0327a", hash)).toBe(true);
  });

  it("refuses malformed stored hashes instead of throwing", async () => {
    expect(await verifyPassword("x", "")).toBe(false);
    expect(await verifyPassword("x", "bcrypt$abc")).toBe(false);
  });
});
