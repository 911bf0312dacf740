import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { action as brokerLoginAction } from "~/routes/broker/login";
import { applyLoginDelay, checkLoginAllowed, hitFormLimit, recordLoginFailure, resetRateLimits, retryAfterHeaders } from "~/modules/auth/rate-limit.server";
import { config } from "~/modules/platform/config.server";
import { closeDb } from "~/modules/platform/db.server";
import { formRequest, routeArgs } from "../../helpers/requests";
import { unwrap } from "../../helpers/responses";
import { makeBroker } from "../../helpers/factories";
import { refuseInserts } from "../../helpers/database";

/**
 * The numbers of rate-limit.server.ts, each on both sides of its boundary at
 * fixed instants: the slowdown of a pair (1, 2, 4, 8 s, never more), the
 * slowdown of an account failing from many addresses (250 ms more per
 * failure from the 20th, never more than 8 s), the larger of the two; the
 * address limit (100 failures in a day, then one hour); the 24-hour window;
 * the Retry-After seconds; the public forms' limits and windows; and the
 * wait itself.
 */
process.env.LOGIN_SLOWDOWN = "off";

const T0 = new Date("2026-11-23T13:00:00.000Z");
const at = (ms: number) => vi.setSystemTime(new Date(T0.getTime() + ms));
const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
  await resetRateLimits();
});
afterEach(async () => {
  vi.useRealTimers();
  await resetRateLimits();
});

const delayOf = async (email: string, ip: string) => {
  const gate = await checkLoginAllowed(email, ip);
  if (!gate.ok) throw new Error(`refused, retry after ${gate.retryAfterSeconds}s`);
  return gate.delayMs;
};

describe("the pair's slowdown", () => {
  it("0 s for the first three tries, then 1, 2, 4 and 8 s, and no more than 8 s up to the block", async () => {
    const delays: number[] = [];
    for (let i = 0; i < config().RATE_LIMIT_MAX; i++) {
      delays.push(await delayOf("par@teste.com.br", "10.3.0.1"));
      await recordLoginFailure("par@teste.com.br", "10.3.0.1");
    }
    expect(config().RATE_LIMIT_MAX).toBe(10);
    expect(delays).toEqual([0, 0, 0, 1000, 2000, 4000, 8000, 8000, 8000, 8000]);
    expect(await checkLoginAllowed("par@teste.com.br", "10.3.0.1")).toEqual({ ok: false, retryAfterSeconds: 15 * 60 });
  });
});

describe("the account's slowdown, over many addresses", () => {
  it("250 ms from the 20th failure, 250 ms more per failure, 7.75 s at the 50th, capped at 8 s from the 51st", async () => {
    const email = "conta@teste.com.br";
    const seen: Record<number, number> = {};
    for (let n = 1; n <= 52; n++) {
      await recordLoginFailure(email, `10.4.${n}.1`);
      if ([19, 20, 21, 50, 51, 52].includes(n)) seen[n] = await delayOf(email, "10.4.200.1");
    }
    expect(seen).toEqual({ 19: 0, 20: 250, 21: 500, 50: 7750, 51: 8000, 52: 8000 });
  });

  it("the longer of the two waits applies: the pair's when it is longer, the account's when it is", async () => {
    const email = "duas-esperas@teste.com.br";
    for (let n = 1; n <= 20; n++) await recordLoginFailure(email, `10.5.${n}.1`);
    // account: 20 failures → 250 ms; this pair: 0 failures
    expect(await delayOf(email, "10.5.200.1")).toBe(250);
    for (let n = 0; n < 5; n++) await recordLoginFailure(email, "10.5.200.1");
    // account: 25 → 1500 ms; this pair: 5 → 4000 ms
    expect(await delayOf(email, "10.5.200.1")).toBe(4000);
    // another address with no failures of its own: the account's 1500 ms
    expect(await delayOf(email, "10.5.201.1")).toBe(1500);
  });
});

describe("the address's limit", () => {
  it("99 failures in a day from one address (any accounts) let it try; the 100th blocks it for one hour, other addresses go on", async () => {
    const ip = "10.6.0.1";
    for (let n = 1; n <= 99; n++) await recordLoginFailure(`conta${n}@teste.com.br`, ip);
    expect(await checkLoginAllowed("nova@teste.com.br", ip)).toEqual({ ok: true, delayMs: 0 });
    await recordLoginFailure("conta100@teste.com.br", ip);
    expect(await checkLoginAllowed("nova@teste.com.br", ip)).toEqual({ ok: false, retryAfterSeconds: 3600 });
    expect(await checkLoginAllowed("nova@teste.com.br", "10.6.0.2")).toEqual({ ok: true, delayMs: 0 });
    at(59 * MIN + 59 * S);
    expect(await checkLoginAllowed("nova@teste.com.br", ip)).toEqual({ ok: false, retryAfterSeconds: 1 });
    at(H + S);
    expect(await checkLoginAllowed("nova@teste.com.br", ip)).toEqual({ ok: true, delayMs: 0 });
  });

  it("counts for 24 hours from its first failure: the 100th a minute before the day ends blocks, a minute after it does not", async () => {
    for (let n = 1; n <= 99; n++) await recordLoginFailure(`conta${n}@teste.com.br`, "10.6.1.1");
    for (let n = 1; n <= 99; n++) await recordLoginFailure(`conta${n}@teste.com.br`, "10.6.1.2");
    at(24 * H - MIN);
    await recordLoginFailure("ultima@teste.com.br", "10.6.1.1");
    expect((await checkLoginAllowed("nova@teste.com.br", "10.6.1.1")).ok).toBe(false);
    at(24 * H + MIN);
    await recordLoginFailure("ultima@teste.com.br", "10.6.1.2");
    expect(await checkLoginAllowed("nova@teste.com.br", "10.6.1.2")).toEqual({ ok: true, delayMs: 0 });
  });
});

describe("the pair's window and block", () => {
  it("9 failures then the 10th a minute before 24 hours blocks; a minute after 24 hours it starts a new count", async () => {
    for (let n = 0; n < 9; n++) await recordLoginFailure("janela@teste.com.br", "10.7.0.1");
    for (let n = 0; n < 9; n++) await recordLoginFailure("janela@teste.com.br", "10.7.0.2");
    at(24 * H - MIN);
    await recordLoginFailure("janela@teste.com.br", "10.7.0.1");
    expect((await checkLoginAllowed("janela@teste.com.br", "10.7.0.1")).ok).toBe(false);
    at(24 * H + MIN);
    await recordLoginFailure("janela@teste.com.br", "10.7.0.2");
    expect(await checkLoginAllowed("janela@teste.com.br", "10.7.0.2")).toEqual({ ok: true, delayMs: 0 });
  });

  it("Retry-After counts down the 15 minutes in whole seconds, rounded up, never 0", async () => {
    const broker = await makeBroker();
    const signIn = (password: string) => unwrap(() => brokerLoginAction(routeArgs(formRequest("/broker/login", { email: broker.email, password }, { ip: "10.7.1.1" }))));
    for (let n = 0; n < config().RATE_LIMIT_MAX; n++) expect((await signIn("errada")).status).toBe(401);
    const blocked = await signIn(broker.password);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).toBe("900");
    at(500);
    expect((await signIn(broker.password)).headers.get("Retry-After")).toBe("900");
    at(14 * MIN + 58 * S + 500);
    expect((await signIn(broker.password)).headers.get("Retry-After")).toBe("2");
    at(15 * MIN - 1);
    expect((await signIn(broker.password)).headers.get("Retry-After")).toBe("1");
    at(15 * MIN + S);
    expect((await signIn(broker.password)).location).toBe("/broker/dashboard");
  });

  it("the counts are kept in the database: they hold when the database is closed and opened again (a restart)", async () => {
    for (let n = 0; n < config().RATE_LIMIT_MAX; n++) await recordLoginFailure("reinicio@teste.com.br", "10.7.2.1");
    await closeDb();
    expect(await checkLoginAllowed("reinicio@teste.com.br", "10.7.2.1")).toEqual({ ok: false, retryAfterSeconds: 900 });
    await recordLoginFailure("reinicio@teste.com.br", "10.7.2.2");
    expect(await checkLoginAllowed("reinicio@teste.com.br", "10.7.2.2")).toEqual({ ok: true, delayMs: 0 });
  });
});

describe("resetRateLimits (the tests' own reset)", () => {
  it("forgets every count: a blocked pair and a spent form are let in again", async () => {
    for (let n = 0; n < config().RATE_LIMIT_MAX; n++) await recordLoginFailure("zerar@teste.com.br", "10.7.3.1");
    await hitFormLimit("form_f", "10.7.3.1", { max: 1, windowSeconds: 60 });
    expect((await checkLoginAllowed("zerar@teste.com.br", "10.7.3.1")).ok).toBe(false);
    expect((await hitFormLimit("form_f", "10.7.3.1", { max: 1, windowSeconds: 60 })).ok).toBe(false);
    await resetRateLimits();
    expect(await checkLoginAllowed("zerar@teste.com.br", "10.7.3.1")).toEqual({ ok: true, delayMs: 0 });
    expect(await hitFormLimit("form_f", "10.7.3.1", { max: 1, windowSeconds: 60 })).toEqual({ ok: true });
  });
});

describe("public forms", () => {
  it("max posts in the window pass, the next is refused until the window ends; counted per form and per key", async () => {
    const hit = (name: string, key: string) => hitFormLimit(name, key, { max: 3, windowSeconds: 60 });
    for (let n = 0; n < 3; n++) expect(await hit("form_a", "10.8.0.1")).toEqual({ ok: true });
    expect(await hit("form_a", "10.8.0.1")).toEqual({ ok: false, retryAfterSeconds: 60 });
    // another form, and another address on this form, have counts of their own
    expect(await hit("form_b", "10.8.0.1")).toEqual({ ok: true });
    expect(await hit("form_a", "10.8.0.2")).toEqual({ ok: true });
    // the same form name with another limit is another count
    expect(await hitFormLimit("form_a", "10.8.0.1", { max: 5, windowSeconds: 60 })).toEqual({ ok: true });
    at(59 * S);
    expect(await hit("form_a", "10.8.0.1")).toEqual({ ok: false, retryAfterSeconds: 1 });
    at(60 * S + 1);
    expect(await hit("form_a", "10.8.0.1")).toEqual({ ok: true });
  });

  it("without a max of its own a form allows RATE_LIMIT_MAX posts (10 here), and refuses the 11th", async () => {
    for (let n = 0; n < 10; n++) expect((await hitFormLimit("form_c", "10.8.1.1", { windowSeconds: 600 })).ok).toBe(true);
    expect(await hitFormLimit("form_c", "10.8.1.1", { windowSeconds: 600 })).toEqual({ ok: false, retryAfterSeconds: 600 });
  });

  it("a refusal carries its seconds in Retry-After", async () => {
    for (let n = 0; n < 2; n++) await hitFormLimit("form_e", "10.8.3.1", { max: 2, windowSeconds: 90 });
    const refused = await hitFormLimit("form_e", "10.8.3.1", { max: 2, windowSeconds: 90 });
    expect(refused).toEqual({ ok: false, retryAfterSeconds: 90 });
    expect(Object.fromEntries(new Headers(retryAfterHeaders(refused as { retryAfterSeconds: number })))).toEqual({ "retry-after": "90" });
  });

  it("a database failure while counting is an error, not a 'too many tries' answer", async () => {
    const restore = await refuseInserts("rate_limits", "key", "form_d:10.8.2.1");
    try {
      await expect(hitFormLimit("form_d", "10.8.2.1", { max: 3, windowSeconds: 60 })).rejects.toThrow(/recusado/);
    } finally {
      await restore();
    }
    expect(await hitFormLimit("form_d", "10.8.2.1", { max: 3, windowSeconds: 60 })).toEqual({ ok: true });
  });
});

describe("the wait itself", () => {
  const saved = process.env.LOGIN_SLOWDOWN;
  afterEach(() => {
    process.env.LOGIN_SLOWDOWN = saved;
  });

  async function settledAfter(delayMs: number, advanceMs: number[]): Promise<boolean[]> {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout"] });
    let done = false;
    void applyLoginDelay(delayMs).then(() => (done = true));
    const seen: boolean[] = [];
    await vi.advanceTimersByTimeAsync(0);
    seen.push(done);
    for (const ms of advanceMs) {
      await vi.advanceTimersByTimeAsync(ms);
      seen.push(done);
    }
    return seen;
  }

  it("sleeps exactly the delay: not done 1 ms before it, done at it", async () => {
    delete process.env.LOGIN_SLOWDOWN;
    expect(await settledAfter(2000, [1999, 1])).toEqual([false, false, true]);
  });

  it("no delay, no wait (not even a turn of the timers)", async () => {
    delete process.env.LOGIN_SLOWDOWN;
    vi.useFakeTimers({ toFake: ["Date", "setTimeout"] });
    let done = false;
    void applyLoginDelay(0).then(() => (done = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(done).toBe(true);
  });

  it("LOGIN_SLOWDOWN=off (tests that count attempts) skips it; any other value does not", async () => {
    process.env.LOGIN_SLOWDOWN = "off";
    expect(await settledAfter(2000, [])).toEqual([true]);
    process.env.LOGIN_SLOWDOWN = "on";
    expect(await settledAfter(2000, [1999, 1])).toEqual([false, false, true]);
  });
});
