import { describe, expect, it } from "vitest";
import { SESSION_EXPIRED } from "~/modules/auth/auth.server";
import { readToast } from "~/modules/auth/toast.server";
import { db } from "~/modules/platform/db.server";
import { loader as adminSessionLoader } from "~/routes/admin/session";
import { loader as brokerSessionLoader } from "~/routes/broker/session";
import { loader as adminLayoutLoader } from "~/routes/admin/layout";
import { loader as webhooksLoader } from "~/routes/admin/webhooks/webhooks";
import { loader as crmLoader } from "~/routes/admin/crm";
import { loader as coursesLoader } from "~/routes/broker/courses";
import { action as brokerLoginAction } from "~/routes/broker/login";
import { action as adminLoginAction } from "~/routes/auth/admin-login";
import { formRequest, getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { unwrap } from "../../helpers/responses";
import { makeAdmin, makeBroker } from "../../helpers/factories";

/**
 * The session rechecked every 240 s (spec 03 §2.8, §6): the check endpoints
 * answer 204 without keeping an idle session alive; a session that ended
 * sends the person to the login with 'Sessão expirada…' and, after signing
 * in again, back to the page they were on.
 */
async function toastOf(headers: Headers) {
  const setCookie = headers.get("Set-Cookie");
  if (!setCookie) return null;
  return (await readToast(getRequest("/", { cookie: setCookie.split(";")[0] }))).toast;
}
async function ageSession(userId: string, lastSeenMsAgo: number) {
  const row = await db().selectFrom("sessions").select("id").where("user_id", "=", userId).executeTakeFirstOrThrow();
  await db().updateTable("sessions").set({ last_seen_at: new Date(Date.now() - lastSeenMsAgo).toISOString() }).where("id", "=", row.id).execute();
  return row.id;
}

describe("the periodic session check", () => {
  it("answers 204 while the admin's session lasts, and only looks (an idle session is not kept alive by it)", async () => {
    const admin = await makeAdmin();
    const cookie = await sessionCookie(admin.id);
    const id = await ageSession(admin.id, 10 * 60_000);
    const before = (await db().selectFrom("sessions").select("last_seen_at").where("id", "=", id).executeTakeFirstOrThrow()).last_seen_at;
    const ok = await unwrap(() => adminSessionLoader(routeArgs(getRequest("/admin/sessao", { cookie }))));
    expect(ok.status).toBe(204);
    expect((await db().selectFrom("sessions").select("last_seen_at").where("id", "=", id).executeTakeFirstOrThrow()).last_seen_at).toBe(before);
    // a page request is activity
    await unwrap(() => webhooksLoader(routeArgs(getRequest("/admin/webhook", { cookie }))));
    expect((await db().selectFrom("sessions").select("last_seen_at").where("id", "=", id).executeTakeFirstOrThrow()).last_seen_at).not.toBe(before);
  });

  it("an admin session idle for over 8 hours has ended: the check and the page send to /login with 'Sessão expirada…', back to the same page", async () => {
    const admin = await makeAdmin();
    const cookie = await sessionCookie(admin.id);
    await ageSession(admin.id, 9 * 3600_000);
    const check = await unwrap(() => adminSessionLoader(routeArgs(getRequest("/admin/sessao", { cookie }))));
    expect(check.status).toBe(302);
    expect(check.location).toMatch(/^\/login\?redirectTo=/);
    // the page reloaded by the watcher: its own address to come back to, and the message
    const page = await unwrap(() => adminLayoutLoader(routeArgs(getRequest("/admin/webhook?edit=3", { cookie }))));
    expect(page.location).toBe(`/login?redirectTo=${encodeURIComponent("/admin/webhook?edit=3")}`);
    expect(await toastOf(page.headers)).toMatchObject({ type: "error", message: SESSION_EXPIRED.admin });
    // someone who never signed in is sent to the login without that message
    const anonymous = await unwrap(() => adminLayoutLoader(routeArgs(getRequest("/admin/webhook"))));
    expect(anonymous.location).toBe(`/login?redirectTo=${encodeURIComponent("/admin/webhook")}`);
    expect(await toastOf(anonymous.headers)).toBeNull();
  });

  it("signing in again brings the admin back to that page", async () => {
    const admin = await makeAdmin({ password: "senha-do-admin-1" });
    const r = await unwrap(() => adminLoginAction(routeArgs(formRequest("/login", { email: admin.email, password: "senha-do-admin-1", redirectTo: "/admin/webhook?edit=3" }))));
    expect(r.location).toBe("/admin/webhook?edit=3");
  });

  it("the broker area: 204 while it lasts; an ended session goes to /broker/login with 'Sessão expirada. Faça login novamente.' and back", async () => {
    const b = await makeBroker({ password: "senha-do-corretor-1" });
    const cookie = await sessionCookie(b.userId);
    expect((await unwrap(() => brokerSessionLoader(routeArgs(getRequest("/broker/sessao", { cookie }))))).status).toBe(204);
    await db().deleteFrom("sessions").where("user_id", "=", b.userId).execute(); // signed out elsewhere, or expired and purged
    const check = await unwrap(() => brokerSessionLoader(routeArgs(getRequest("/broker/sessao", { cookie }))));
    expect(check.location).toMatch(/^\/broker\/login\?redirectTo=/);
    const page = await unwrap(() => coursesLoader(routeArgs(getRequest("/broker/cursos?q=apostila", { cookie }))));
    expect(page.location).toBe(`/broker/login?redirectTo=${encodeURIComponent("/broker/cursos?q=apostila")}`);
    expect(await toastOf(page.headers)).toMatchObject({ type: "error", message: SESSION_EXPIRED.broker });
    const back = await unwrap(() => brokerLoginAction(routeArgs(formRequest("/broker/login", { email: b.email, password: "senha-do-corretor-1", redirectTo: "/broker/cursos?q=apostila" }))));
    expect(back.location).toBe("/broker/cursos?q=apostila");
  });

  it("a CRM admin broker on /admin/crm: the admin layout lets them in; after signing in again at /broker/login they come back to /admin/crm", async () => {
    const b = await makeBroker({ password: "senha-do-corretor-2" });
    await db().insertInto("crm_admins").values({ broker_id: b.brokerId, granted_by: null, created_at: new Date().toISOString() }).execute();
    const cookie = await sessionCookie(b.userId);
    const layout = await unwrap(() => adminLayoutLoader(routeArgs(getRequest("/admin/crm", { cookie }))));
    expect(layout.status).toBe(200);
    expect(layout.data).toMatchObject({ user: { role: "broker" } });
    expect((await unwrap(() => crmLoader(routeArgs(getRequest("/admin/crm", { cookie }))))).data).toMatchObject({ rights: { grant: "permitido", revoke: "permitido" } });
    // every other admin screen stays closed to them
    const other = await unwrap(() => adminLayoutLoader(routeArgs(getRequest("/admin/webhook", { cookie }))));
    expect(other.location).toMatch(/^\/login/);
    const back = await unwrap(() => brokerLoginAction(routeArgs(formRequest("/broker/login", { email: b.email, password: "senha-do-corretor-2", redirectTo: "/admin/crm" }))));
    expect(back.location).toBe("/admin/crm");
  });
});
