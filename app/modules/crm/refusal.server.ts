/**
 * The CRM and lead services refuse with `data({ message }, { status })`
 * (404 'Lead não encontrado.' for someone else's lead, 403 for an admin-only
 * action, 400/409 for a broken rule). An action turns such a refusal into the
 * form's message; anything else is a bug and is rethrown.
 */
export type Refusal = { message: string; status: number };

export function refusalOf(error: unknown): Refusal | null {
  if (!error || typeof error !== "object" || !("data" in error) || !("init" in error)) return null;
  const message = (error as { data?: { message?: unknown } }).data?.message;
  const status = (error as { init?: { status?: unknown } | null }).init?.status;
  if (typeof message !== "string" || !message) return null;
  return { message, status: typeof status === "number" ? status : 400 };
}
