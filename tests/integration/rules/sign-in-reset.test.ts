import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { action as brokerLoginAction } from "~/routes/broker/login";
import { checkLoginAllowed, recordLoginFailure, resetRateLimits } from "~/modules/auth/rate-limit.server";
import { config } from "~/modules/platform/config.server";
import { formRequest, routeArgs } from "../../helpers/requests";
import { unwrap } from "../../helpers/responses";
import { makeBroker } from "../../helpers/factories";

/**
 * Sign-in limits count consecutive failures of one account from one address
 * (rate-limit.server.ts): RATE_LIMIT_MAX failures block that pair; a correct
 * password clears it. One account, one address throughout.
 */
process.env.LOGIN_SLOWDOWN = "off";

const IP = "10.9.0.1";
beforeEach(() => resetRateLimits());
afterEach(async () => {
  vi.useRealTimers();
  await resetRateLimits();
});

async function signIn(email: string, password: string) {
  return unwrap(() => brokerLoginAction(routeArgs(formRequest("/broker/login", { email, password }, { ip: IP }))));
}

describe("a successful sign-in resets the failure counter", () => {
  it("failures, a success, then as many failures again: none refused early; one more after the limit is", async () => {
    const max = config().RATE_LIMIT_MAX;
    const broker = await makeBroker();
    for (let i = 0; i < max - 1; i++) expect((await signIn(broker.email, "errada")).status, `failure ${i + 1}`).toBe(401);
    // a success counted as a failure would reach the limit here
    const ok = await signIn(broker.email, broker.password);
    expect(ok.location).toBe("/broker/dashboard");
    // the counter starts again: max failures are each answered 401…
    for (let i = 0; i < max; i++) expect((await signIn(broker.email, "errada")).status, `failure ${i + 1} after the success`).toBe(401);
    // …and the next attempt of the pair, even with the right password, is refused (the other side of the limit)
    const blocked = await signIn(broker.email, broker.password);
    expect(blocked.status).toBe(429);
    expect(JSON.stringify(blocked.data)).toContain("Muitas tentativas");
  });
});

describe("the pair's block lasts 15 minutes", () => {
  it("blocked 14 minutes after the last failure, let in again at 16 (fixed clock)", async () => {
    const t0 = new Date("2026-11-23T13:00:00.000Z");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(t0);
    const broker = await makeBroker();
    for (let i = 0; i < config().RATE_LIMIT_MAX; i++) await signIn(broker.email, "errada");
    expect((await signIn(broker.email, broker.password)).status).toBe(429);
    vi.setSystemTime(new Date(t0.getTime() + 14 * 60_000));
    expect((await signIn(broker.email, broker.password)).status).toBe(429);
    vi.setSystemTime(new Date(t0.getTime() + 16 * 60_000));
    expect((await signIn(broker.email, broker.password)).location).toBe("/broker/dashboard");
  });
});

describe("an account failing from many addresses is slowed down, never blocked", () => {
  it("no wait after 19 failures spread over addresses; a wait from the 20th", async () => {
    const email = "muitos-enderecos@teste.com.br";
    for (let i = 0; i < 19; i++) await recordLoginFailure(email, `10.8.${i}.1`);
    expect(await checkLoginAllowed(email, "10.8.200.1")).toEqual({ ok: true, delayMs: 0 });
    await recordLoginFailure(email, "10.8.19.1");
    expect(await checkLoginAllowed(email, "10.8.200.1")).toEqual({ ok: true, delayMs: 250 });
  });
});
