import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { storeRateLimiter } from "#db/rate-limit-store";
import { config } from "~/modules/platform/config.server";
import { db, postgresPool, sqliteHandle } from "~/modules/platform/db.server";

/**
 * Rate limits, on rate-limiter-flexible with a store that survives restarts.
 *
 * Sign-in (the library's "consecutive failures by username and IP" pattern):
 * only failures count; a success resets its pair. From the 3rd consecutive
 * failure of one account from one address each attempt waits a little longer
 * (1, 2, 4… up to 8 s); at RATE_LIMIT_MAX failures that pair is blocked for
 * 15 minutes. An address is blocked only after 100 failures in a day (any
 * accounts), and an account is never blocked for everyone: failures spread
 * over many addresses only slow it down. So a correct password from an
 * address that has not failed always gets in, and an office of brokers
 * behind one address is never locked out by its own successful sign-ins.
 *
 * Public forms (lead form, forgot password) count every post, valid or not.
 */
export const RATE_LIMIT_MESSAGE = "Muitas tentativas. Aguarde alguns minutos e tente novamente.";

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

const limiters = new Map<string, RateLimiterAbstract>();
let limitersStore: object | null = null;
function limiter(name: string, points: number, durationSeconds: number, blockSeconds = 0): RateLimiterAbstract {
  const pool = postgresPool();
  const sqlite = pool ? null : sqliteHandle()!;
  // A reopened database (tests switch files) gets limiters of its own.
  const owner: object = pool ?? sqlite!;
  if (limitersStore !== owner) {
    limiters.clear();
    limitersStore = owner;
  }
  const key = `${name}:${points}:${durationSeconds}:${blockSeconds}`;
  let l = limiters.get(key);
  if (!l) {
    l = storeRateLimiter(pool ? { pool } : { sqlite: sqlite! }, { keyPrefix: name, points, duration: durationSeconds, blockDuration: blockSeconds });
    limiters.set(key, l);
  }
  return l;
}

const PAIR_WINDOW_S = 24 * 3600;
const PAIR_BLOCK_S = 15 * 60;
const IP_FAILURES_PER_DAY = 100;
const SLOWDOWN_FROM = 3;
const MAX_DELAY_MS = 8_000;
const ACCOUNT_SLOWDOWN_FROM = 20;

const pairLimiter = () => limiter("login_pair", config().RATE_LIMIT_MAX, PAIR_WINDOW_S);
const ipLimiter = () => limiter("login_ip", IP_FAILURES_PER_DAY, PAIR_WINDOW_S);
const accountLimiter = () => limiter("login_account", 1_000_000, 3600);

function retryOf(res: RateLimiterRes | null): number {
  return Math.max(1, Math.ceil((res?.msBeforeNext ?? 1000) / 1000));
}

export type LoginGate = { ok: true; delayMs: number } | { ok: false; retryAfterSeconds: number };

/** Before checking a password: blocked pair or address → refuse; repeated failures → how long to wait. */
export async function checkLoginAllowed(email: string, ip: string): Promise<LoginGate> {
  const [pair, byIp, account] = await Promise.all([pairLimiter().get(`${email}_${ip}`), ipLimiter().get(ip), accountLimiter().get(email)]);
  for (const res of [pair, byIp]) {
    if (res && res.remainingPoints <= 0) return { ok: false, retryAfterSeconds: retryOf(res) };
  }
  const pairFails = pair?.consumedPoints ?? 0;
  const accountFails = account?.consumedPoints ?? 0;
  let delayMs = 0;
  if (pairFails >= SLOWDOWN_FROM) delayMs = Math.min(MAX_DELAY_MS, 1000 * 2 ** (pairFails - SLOWDOWN_FROM));
  if (accountFails >= ACCOUNT_SLOWDOWN_FROM) delayMs = Math.max(delayMs, Math.min(MAX_DELAY_MS, 250 * (accountFails - ACCOUNT_SLOWDOWN_FROM + 1)));
  return { ok: true, delayMs };
}

/** The wait itself; LOGIN_SLOWDOWN=off skips it (integration tests that count attempts, never production). */
export async function applyLoginDelay(delayMs: number): Promise<void> {
  if (delayMs > 0 && process.env.LOGIN_SLOWDOWN !== "off") await sleep(delayMs);
}

async function countFailure(l: RateLimiterAbstract, key: string, blockSeconds: number): Promise<void> {
  try {
    const res = await l.consume(key, 1);
    if (blockSeconds && res.remainingPoints <= 0) await l.block(key, blockSeconds);
  } catch {
    // already blocked: nothing more to count
  }
}

export async function recordLoginFailure(email: string, ip: string): Promise<void> {
  await Promise.all([countFailure(pairLimiter(), `${email}_${ip}`, PAIR_BLOCK_S), countFailure(ipLimiter(), ip, 3600), countFailure(accountLimiter(), email, 0)]);
}

/** A correct password clears that pair's failures (not the address's or the account's totals). */
export async function recordLoginSuccess(email: string, ip: string): Promise<void> {
  await pairLimiter().delete(`${email}_${ip}`).catch(() => false);
}

/** Counts one post of a public form; refused once `max` posts were made in the window. */
export async function hitFormLimit(name: string, key: string, options: { max?: number; windowSeconds: number }): Promise<RateLimitResult> {
  try {
    await limiter(name, options.max ?? config().RATE_LIMIT_MAX, options.windowSeconds).consume(key, 1);
    return { ok: true };
  } catch (error) {
    if (error instanceof RateLimiterRes) return { ok: false, retryAfterSeconds: retryOf(error) };
    throw error;
  }
}

export function retryAfterHeaders(result: { retryAfterSeconds: number }): HeadersInit {
  return { "Retry-After": String(result.retryAfterSeconds) };
}

/** Tests: forget every count. */
export async function resetRateLimits(): Promise<void> {
  try {
    await db().deleteFrom("rate_limits").execute();
  } catch {
    // table not created yet
  }
}

/** The client address set by server.mjs from the socket or the trusted proxy hops (never from the client's own header). */
export function clientIp(request: Request): string {
  return request.headers.get("x-client-ip") ?? "unknown";
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
