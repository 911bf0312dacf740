import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { action as brokerLoginAction } from "~/routes/broker/login";
import { resetRateLimits } from "~/modules/auth/rate-limit.server";
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
afterEach(() => resetRateLimits());

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
