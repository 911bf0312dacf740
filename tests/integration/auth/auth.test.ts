import { describe, expect, it } from "vitest";
import { action as adminLoginAction } from "~/routes/auth/admin-login";
import { action as brokerLoginAction } from "~/routes/broker/login";
import { getSessionUser } from "~/modules/auth/session.server";
import { resetRateLimits } from "~/modules/auth/rate-limit.server";
import { formRequest, routeArgs } from "../../helpers/requests";
import { run, unwrap, type Unwrapped } from "../../helpers/responses";
import { makeAdmin, makeBroker } from "../../helpers/factories";

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

  it("rate-limits repeated attempts per e-mail with a pt-BR message", async () => {
    resetRateLimits();
    const admin = await makeAdmin();
    let last: Unwrapped<Awaited<ReturnType<typeof adminLoginAction>>> | null = null;
    for (let i = 0; i < 12; i++) {
      last = await unwrap(() => adminLoginAction(args(formRequest("/login", { email: admin.email, password: "x" }, { ip: `10.0.0.${i}` }))));
    }
    expect(last!.status).toBe(429);
    expect(JSON.stringify(last!.data?.error)).toContain("Muitas tentativas");
    // Even the right password is refused while limited.
    const ok = await unwrap(() => adminLoginAction(args(formRequest("/login", { email: admin.email, password: admin.password }, { ip: "10.0.1.1" }))));
    expect(ok.status).toBe(429);
    resetRateLimits();
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
