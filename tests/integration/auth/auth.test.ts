import { describe, expect, it } from "vitest";
import { action as adminLoginAction } from "~/routes/auth/admin-login";
import { action as brokerLoginAction } from "~/routes/broker/login";
import { getSessionUser } from "~/modules/auth/session.server";
import { resetRateLimits } from "~/modules/auth/rate-limit.server";
import { formRequest, routeArgs } from "../../helpers/requests";
import { run, unwrap, type Unwrapped } from "../../helpers/responses";
import { makeAdmin, makeBroker } from "../../helpers/factories";

// The progressive delay is measured in its own test; here attempts are counted, not timed.
process.env.LOGIN_SLOWDOWN = "off";

const args = (request: Request) => routeArgs(request);

describe("admin login", () => {
  it("signs in an admin with a trimmed, lower-cased e-mail and sets an httpOnly cookie", async () => {
    const admin = await makeAdmin();
    const result = await run(() => adminLoginAction(args(formRequest("/login", { email: `  ${admin.email.toUpperCase()} `, password: admin.password }))));
    expect(result.response?.status).toBe(302);
    expect(result.response?.headers.get("Location")).toBe("/admin");
    const cookies = result.response!.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith("__session="))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    const user = await getSessionUser(new Request("http://localhost/", { headers: { Cookie: session.split(";")[0] } }));
    expect(user?.role).toBe("admin");
  });

  it("refuses a wrong password with the spec's message and no cookie", async () => {
    const admin = await makeAdmin();
    const { status, data: body } = await unwrap(() => adminLoginAction(args(formRequest("/login", { email: admin.email, password: "errada" }))));
    expect(status).toBe(401);
    expect(body?.error?.[""]).toEqual(["Credenciais inválidas. Por favor, verifique e tente novamente."]);
    expect(JSON.stringify(body)).not.toContain("errada");
  });

  it("asks for both fields", async () => {
    const { status, data: body } = await unwrap(() => adminLoginAction(args(formRequest("/login", { email: "  ", password: "" }))));
    expect(status).toBe(400);
    expect(JSON.stringify(body?.error)).toContain("Por favor, preencha todos os campos");
  });

  it("does not let a broker in through the admin login", async () => {
    const broker = await makeBroker();
    const { status } = await unwrap(() => adminLoginAction(args(formRequest("/login", { email: broker.email, password: broker.password }))));
    expect(status).toBe(401);
  });

  it("limits failures per account and address: the 11th try from that address waits, with Retry-After and the pt-BR message", async () => {
    await resetRateLimits();
    const admin = await makeAdmin();
    let last: Unwrapped<Awaited<ReturnType<typeof adminLoginAction>>> | null = null;
    for (let i = 0; i < 11; i++) {
      last = await unwrap(() => adminLoginAction(args(formRequest("/login", { email: admin.email, password: "errada" }, { ip: "10.0.0.1" }))));
    }
    expect(last!.status).toBe(429);
    expect(last!.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(JSON.stringify(last!.data?.error)).toContain("Muitas tentativas");
    // the right password from that address waits too…
    const blocked = await unwrap(() => adminLoginAction(args(formRequest("/login", { email: admin.email, password: admin.password }, { ip: "10.0.0.1" }))));
    expect(blocked.status).toBe(429);
    // …but the real user, from an address that has not failed, gets in
    const fresh = await unwrap(() => adminLoginAction(args(formRequest("/login", { email: admin.email, password: admin.password }, { ip: "10.0.0.2" }))));
    expect(fresh.location).toBe("/admin");
    await resetRateLimits();
  });

  it("failures from ten addresses never lock the correct password out", async () => {
    await resetRateLimits();
    const admin = await makeAdmin();
    for (let i = 0; i < 10; i++) await run(() => adminLoginAction(args(formRequest("/login", { email: admin.email, password: "errada" }, { ip: `10.1.0.${i}` }))));
    const ok = await run(() => adminLoginAction(args(formRequest("/login", { email: admin.email, password: admin.password }, { ip: "10.1.1.1" }))));
    expect(ok.response?.headers.get("Location")).toBe("/admin");
    await resetRateLimits();
  });

  it("successful sign-ins do not count: an office of 15 people behind one address all get in", async () => {
    await resetRateLimits();
    for (let i = 0; i < 15; i++) {
      const broker = await makeBroker();
      const r = await run(() => brokerLoginAction(args(formRequest("/broker/login", { email: broker.email, password: broker.password }, { ip: "200.1.1.1" }))));
      expect(r.response?.headers.get("Location")).toBe("/broker/dashboard");
    }
    await resetRateLimits();
  });

  it("slows down before it blocks: from the 3rd failure of a pair each try waits longer", async () => {
    await resetRateLimits();
    const { checkLoginAllowed, recordLoginFailure } = await import("~/modules/auth/rate-limit.server");
    const delays: number[] = [];
    for (let i = 0; i < 6; i++) {
      const gate = await checkLoginAllowed("lento@teste.com.br", "10.2.0.1");
      delays.push(gate.ok ? gate.delayMs : -1);
      await recordLoginFailure("lento@teste.com.br", "10.2.0.1");
    }
    expect(delays).toEqual([0, 0, 0, 1000, 2000, 4000]);
    await resetRateLimits();
  });

});

describe("broker login", () => {
  it("sends an active broker to the dashboard", async () => {
    const broker = await makeBroker();
    const result = await run(() => brokerLoginAction(args(formRequest("/broker/login", { email: broker.email, password: broker.password }))));
    expect(result.response?.headers.get("Location")).toBe("/broker/dashboard");
  });

  it("sends an inactive broker to /broker/bloqueado", async () => {
    const broker = await makeBroker({ isActive: false });
    const result = await run(() => brokerLoginAction(args(formRequest("/broker/login", { email: broker.email, password: broker.password }))));
    expect(result.response?.headers.get("Location")).toBe("/broker/bloqueado");
  });
});
