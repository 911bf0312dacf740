import { getErrorMessage } from "~/utils/errors";
import { redactUrl } from "../../../server/request-guards.mjs";
/** Structured logs: one JSON object per line on stdout/stderr. */
type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

function threshold(): number {
  const level = (process.env.LOG_LEVEL ?? "info") as Level | "silent";
  return order[level] ?? order.info;
}

/** Fields that may carry a URL are logged with their secrets redacted (the request log's rule). */
const URL_FIELDS = new Set(["url", "path", "href", "location"]);

function write(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (order[level] < threshold()) return;
  const safe = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, URL_FIELDS.has(k) && typeof v === "string" ? redactUrl(v) : v]));
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...safe });
  if (level === "error" || level === "warn") process.stderr.write(line + "\n");
  else process.stdout.write(line + "\n");
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};

export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: error.message, stack: error.stack };
  return { error: getErrorMessage(error, String(error)) };
}
