import { config } from "~/modules/platform/config.server";

/**
 * Fixed-window counters in memory: this app runs as one process on one box,
 * so a shared store would add a moving part without adding safety.
 */
const windows = new Map<string, { count: number; resetAt: number }>();

export const RATE_LIMIT_MESSAGE = "Muitas tentativas. Aguarde alguns minutos e tente novamente.";

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

export function hitRateLimit(key: string, options: { max?: number; windowMs?: number } = {}): RateLimitResult {
  const max = options.max ?? config().RATE_LIMIT_MAX;
  const windowMs = options.windowMs ?? 15 * 60 * 1000;
  const now = Date.now();
  const entry = windows.get(key);
  if (!entry || entry.resetAt <= now) {
    windows.set(key, { count: 1, resetAt: now + windowMs });
    if (windows.size > 50_000) sweep(now);
    return { ok: true };
  }
  entry.count += 1;
  if (entry.count > max) return { ok: false, retryAfterSeconds: Math.ceil((entry.resetAt - now) / 1000) };
  return { ok: true };
}

/** Checks several keys (per IP and per e-mail); all are counted, any may refuse. */
export function hitRateLimits(keys: string[], options?: { max?: number; windowMs?: number }): RateLimitResult {
  let result: RateLimitResult = { ok: true };
  for (const key of keys) {
    const r = hitRateLimit(key, options);
    if (!r.ok) result = r;
  }
  return result;
}

function sweep(now: number) {
  for (const [key, entry] of windows) if (entry.resetAt <= now) windows.delete(key);
}

export function resetRateLimits(): void {
  windows.clear();
}

/** The client address set by server.mjs from the socket (never trusted from the client). */
export function clientIp(request: Request): string {
  return request.headers.get("x-client-ip") ?? "unknown";
}
