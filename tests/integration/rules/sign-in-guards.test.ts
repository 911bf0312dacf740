import { describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { LoginError, login, optionalUser, requireAdmin, requireAdminOrBroker, requireBrokerArea, roleOf, safeRedirect, SESSION_EXPIRED } from "~/modules/auth/auth.server";
import { readToast } from "~/modules/auth/toast.server";
import { formRequest, getRequest, sessionCookie } from "../../helpers/requests";
import { makeAdmin, makeBroker } from "../../helpers/factories";

/**
 * The guards and the sign-in service of auth.server.ts, called directly with
 * real Requests and real sessions: who gets through, where the others go
 * (with the page they wanted in redirectTo), when the 'session expired' toast
 * is set; login()'s own answers; and safeRedirect's limits on both sides.
 */
process.env.LOGIN_SLOWDOWN = "off";

const URL_WANTED = "/admin/imoveis?pagina=2";
const WANTED = encodeURIComponent(URL_WANTED);

/** What a guard threw: the redirect's Location and the toast it set, if any. */
async function refusal(guard: Promise<unknown>): Promise<{ location: string | null; toast: string | null }> {
  try {
    await guard;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    const setCookie = thrown.headers.get("Set-Cookie");
    const toast = setCookie ? (await readToast(new Request("http://localhost/", { headers: { Cookie: setCookie.split(";")[0]! } }))).toast : null;
    return { location: thrown.headers.get("Location"), toast: toast?.message ?? null };
  }
  throw new Error("the guard let the request through");
}

/** A session cookie whose session has ended (the row is gone), as a browser still holds after a sign-out elsewhere. */
async function endedSession(userId: string): Promise<string> {
  const cookie = await sessionCookie(userId);
  await db().deleteFrom("sessions").where("user_id", "=", userId).execute();
  return cookie;
}

/** A user whose role is broker but whose broker record is gone. */
async function brokerWithoutRecord() {
  const b = await makeBroker();
  await db().deleteFrom("brokers").where("id", "=", b.brokerId).execute();
  return b;
}

describe("requireAdmin", () => {
  it("lets an admin through; sends a visitor and a broker to /login with the page asked for; the toast only for an ended session", async () => {
    const admin = await makeAdmin();
    expect((await requireAdmin(getRequest(URL_WANTED, { cookie: await sessionCookie(admin.id) }))).id).toBe(admin.id);
    expect(await refusal(requireAdmin(getRequest(URL_WANTED)))).toEqual({ location: `/login?redirectTo=${WANTED}`, toast: null });
    expect(await refusal(requireAdmin(getRequest(URL_WANTED, { cookie: await endedSession(admin.id) })))).toEqual({
      location: `/login?redirectTo=${WANTED}`,
      toast: SESSION_EXPIRED.admin,
    });
    const broker = await makeBroker();
    expect(await refusal(requireAdmin(getRequest(URL_WANTED, { cookie: await sessionCookie(broker.userId) })))).toEqual({ location: `/login?redirectTo=${WANTED}`, toast: null });
    expect(SESSION_EXPIRED.admin).toBe("Sessão expirada. Por favor, faça login novamente.");
  });
});

describe("requireBrokerArea", () => {
  const AREA = "/broker/leads?busca=ana";
  const AREA_WANTED = encodeURIComponent(AREA);

  it("lets an active broker and an admin through; an inactive broker goes to /broker/bloqueado, a broker without a record to /broker/login", async () => {
    const active = await makeBroker();
    expect((await requireBrokerArea(getRequest(AREA, { cookie: await sessionCookie(active.userId) }))).broker?.id).toBe(active.brokerId);
    const admin = await makeAdmin();
    expect((await requireBrokerArea(getRequest(AREA, { cookie: await sessionCookie(admin.id) }))).role).toBe("admin");
    const inactive = await makeBroker({ isActive: false });
    expect(await refusal(requireBrokerArea(getRequest(AREA, { cookie: await sessionCookie(inactive.userId) })))).toEqual({ location: "/broker/bloqueado", toast: null });
    const orphan = await brokerWithoutRecord();
    expect(await refusal(requireBrokerArea(getRequest(AREA, { cookie: await sessionCookie(orphan.userId) })))).toEqual({ location: "/broker/login", toast: null });
  });

  it("a visitor goes to /broker/login with the page asked for; an ended session also gets the broker area's toast", async () => {
    expect(await refusal(requireBrokerArea(getRequest(AREA)))).toEqual({ location: `/broker/login?redirectTo=${AREA_WANTED}`, toast: null });
    const b = await makeBroker();
    expect(await refusal(requireBrokerArea(getRequest(AREA, { cookie: await endedSession(b.userId) })))).toEqual({
      location: `/broker/login?redirectTo=${AREA_WANTED}`,
      toast: "Sessão expirada. Faça login novamente.",
    });
  });
});

describe("requireAdminOrBroker (/admin/crm)", () => {
  it("admins and active brokers through; an inactive broker to /broker/bloqueado; a broker without a record and a visitor to /login", async () => {
    const admin = await makeAdmin();
    expect((await requireAdminOrBroker(getRequest("/admin/crm", { cookie: await sessionCookie(admin.id) }))).role).toBe("admin");
    const active = await makeBroker();
    expect((await requireAdminOrBroker(getRequest("/admin/crm", { cookie: await sessionCookie(active.userId) }))).id).toBe(active.userId);
    const inactive = await makeBroker({ isActive: false });
    expect(await refusal(requireAdminOrBroker(getRequest("/admin/crm", { cookie: await sessionCookie(inactive.userId) })))).toEqual({ location: "/broker/bloqueado", toast: null });
    const orphan = await brokerWithoutRecord();
    expect(await refusal(requireAdminOrBroker(getRequest("/admin/crm?q=x", { cookie: await sessionCookie(orphan.userId) })))).toEqual({
      location: `/login?redirectTo=${encodeURIComponent("/admin/crm?q=x")}`,
      toast: null,
    });
    expect(await refusal(requireAdminOrBroker(getRequest("/admin/crm")))).toEqual({ location: `/login?redirectTo=${encodeURIComponent("/admin/crm")}`, toast: null });
  });
});

describe("optionalUser", () => {
  it("is the signed-in user, or null", async () => {
    const b = await makeBroker();
    expect((await optionalUser(getRequest("/", { cookie: await sessionCookie(b.userId) })))?.id).toBe(b.userId);
    expect(await optionalUser(getRequest("/"))).toBeNull();
  });
});

describe("login()", () => {
  async function loginError(request: Request, roles: ("admin" | "broker")[] = ["admin", "broker"]) {
    try {
      await login(request, roles);
    } catch (error) {
      if (error instanceof LoginError) return { status: error.status, message: error.message };
      throw error;
    }
    throw new Error("signed in");
  }

  it("a post without the e-mail or the password field asks for both (400), whatever the other field holds", async () => {
    const b = await makeBroker();
    const fillAll = { status: 400, message: "Por favor, preencha todos os campos" };
    expect(await loginError(formRequest("/broker/login", { password: b.password }))).toEqual(fillAll);
    expect(await loginError(formRequest("/broker/login", { email: b.email }))).toEqual(fillAll);
  });

  it("an unknown e-mail is the same 401 as a wrong password", async () => {
    const invalid = { status: 401, message: "Credenciais inválidas. Por favor, verifique e tente novamente." };
    expect(await loginError(formRequest("/broker/login", { email: "ninguem@teste.com.br", password: "qualquer-uma" }, { ip: "10.9.9.1" }))).toEqual(invalid);
  });

  it("a body that is not a form is a 500 'Erro ao fazer login', not a crash", async () => {
    const request = new Request("http://localhost/broker/login", { method: "POST", body: "{", headers: { "Content-Type": "application/json", "x-client-ip": "10.9.9.2" } });
    expect(await loginError(request)).toEqual({ status: 500, message: "Erro ao fazer login" });
  });

  it("an admin is always active; a broker is active by their record; a broker-role account without a record is not", async () => {
    const admin = await makeAdmin();
    expect(await login(formRequest("/login", { email: admin.email, password: admin.password }), ["admin"])).toMatchObject({ userId: admin.id, role: "admin", active: true });
    const b = await makeBroker();
    expect(await login(formRequest("/broker/login", { email: b.email, password: b.password }), ["broker"])).toMatchObject({ role: "broker", active: true });
    const off = await makeBroker({ isActive: false });
    expect(await login(formRequest("/broker/login", { email: off.email, password: off.password }), ["broker"])).toMatchObject({ role: "broker", active: false });
    const orphan = await brokerWithoutRecord();
    expect(await login(formRequest("/broker/login", { email: orphan.email, password: orphan.password }), ["broker"])).toMatchObject({ role: "broker", active: false });
  });

  it("roleOf an unknown user is null", async () => {
    expect(await roleOf("nao-existe")).toBeNull();
  });
});

describe("safeRedirect's limits", () => {
  it("a 2000-character path is kept, 2001 is refused", () => {
    const path2000 = `/${"a".repeat(1999)}`;
    expect(safeRedirect(path2000, "/fallback")).toBe(path2000);
    expect(safeRedirect(`${path2000}a`, "/fallback")).toBe("/fallback");
  });

  it("control characters and backslashes anywhere are refused outright, not cleaned by the URL parser", () => {
    for (const target of ["/a\tb", "/imoveis\n", "/a\u007fb", "/a\\b", "/a\u0000b"]) expect(safeRedirect(target, "/fallback"), JSON.stringify(target)).toBe("/fallback");
  });

  it("an encoded backslash or tab right after the first slash is refused; further in, it is part of the path", () => {
    expect(safeRedirect("/%5Cevil.test", "/fallback")).toBe("/fallback");
    expect(safeRedirect("/%09evil.test", "/fallback")).toBe("/fallback");
    expect(safeRedirect("/docs/%5Cb", "/fallback")).toBe("/docs/%5Cb");
    expect(safeRedirect("/docs/%09b", "/fallback")).toBe("/docs/%09b");
  });

  it("only a leading '//' is another host: a path with '//' further in or at its end stays on the site", () => {
    expect(safeRedirect("//evil.test/", "/fallback")).toBe("/fallback");
    expect(safeRedirect("/imoveis//", "/fallback")).toBe("/imoveis//");
    expect(safeRedirect("/imoveis//casa", "/fallback")).toBe("/imoveis//casa");
  });

  it("a target that does not decode (a broken %-escape) is refused", () => {
    expect(safeRedirect("/imoveis%", "/fallback")).toBe("/fallback");
    expect(safeRedirect("/%E0%A4%A", "/fallback")).toBe("/fallback");
  });
});
