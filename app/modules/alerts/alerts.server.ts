import crypto from "node:crypto";
import type { AlertFrequency, AlertStatus } from "#db/schema";
import { createLead } from "~/modules/leads/leads.server";
import { parseRef, withRef } from "~/modules/leads/referral";
import { sendMail } from "~/modules/messaging/mail.server";
import { config } from "~/modules/platform/config.server";
import { db } from "~/modules/platform/db.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { FREQUENCY_LABELS } from "./alert-form";
import { confirmationMail } from "./alert-mail.server";
import { alertScope, canonicalSearchQuery, describeSearch, searchFilters } from "./search";

/**
 * Saved-search alerts (issue 28): double opt-in. subscribe() keeps one row
 * per e-mail and search and mails a confirmation link; nothing else is ever
 * sent to a row that is not active. confirm() activates it and creates the
 * lead (source 'alerta', routed like every lead, with the visitor's ref);
 * unsubscribe() stops it. The digest job is alert-job.server.ts.
 */

/** A confirmation link works for this long. */
export const CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** 128 random bits, URL-safe. */
export function newToken(): string {
  return crypto.randomBytes(16).toString("base64url");
}

export function tokenHash(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export function alertUrls(alert: { unsubscribe_token: string; broker_id: string | null }, confirmToken?: string) {
  const base = config().publicUrl;
  return {
    confirm: confirmToken ? `${base}/alertas/confirmar/${confirmToken}` : null,
    unsubscribe: `${base}/alertas/cancelar/${alert.unsubscribe_token}`,
    link: (path: string) => `${base}${withRef(path, alert.broker_id)}`,
  };
}

export type SubscribeInput = { email: string; name?: string; frequency: AlertFrequency; path: string; query?: string; ref?: string | null };
export type SubscribeResult = { ok: true; description: string } | { ok: false; reason: "search" | "send" };

export async function subscribe(input: SubscribeInput, now: Date = new Date()): Promise<SubscribeResult> {
  const scope = alertScope(input.path);
  if (!scope) return { ok: false, reason: "search" };
  const query = canonicalSearchQuery(scope, searchFilters(scope, input.query ?? ""));
  const description = describeSearch(scope, searchFilters(scope, query));
  const email = input.email.trim().toLowerCase();
  const ref = parseRef(input.ref);
  const broker = ref ? await db().selectFrom("brokers").select("id").where("id", "=", ref).where("is_active", "=", 1).executeTakeFirst() : undefined;
  const at = now.toISOString();

  const existing = await db().selectFrom("search_alerts").selectAll().where("email", "=", email).where("path", "=", scope.path).where("query", "=", query).executeTakeFirst();
  // Already confirmed: nothing to do, and nothing said that would tell a stranger so.
  if (existing?.status === "active") return { ok: true, description };

  const token = newToken();
  const values = { name: input.name?.trim() ?? "", frequency: input.frequency, broker_id: broker?.id ?? existing?.broker_id ?? null, confirm_token_hash: tokenHash(token), confirm_sent_at: at };
  let id: number;
  if (existing) {
    await db()
      .updateTable("search_alerts")
      .set({ ...values, status: "pending", confirmed_at: null, cancelled_at: null })
      .where("id", "=", existing.id)
      .execute();
    id = existing.id;
  } else {
    const row = await db()
      .insertInto("search_alerts")
      .values({ ...values, email, path: scope.path, query, status: "pending", unsubscribe_token: newToken(), created_at: at })
      .returning("id")
      .executeTakeFirst()
      .catch(async (error: unknown) => {
        // the same subscription posted twice at once: the other request made the row and sends its link
        const twin = await db().selectFrom("search_alerts").select("id").where("email", "=", email).where("path", "=", scope.path).where("query", "=", query).executeTakeFirst();
        if (twin) return null;
        throw error;
      });
    if (!row) return { ok: true, description };
    id = row.id;
  }
  const alert = await db().selectFrom("search_alerts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  try {
    await sendMail(confirmationMail(alert, description, alertUrls(alert, token)));
  } catch (error) {
    log.error("alert confirmation mail failed", { ...errorFields(error), alertId: id });
    // nothing half-saved: a new row goes, an older one keeps its previous state
    if (existing) await db().updateTable("search_alerts").set({ status: existing.status, confirm_token_hash: existing.confirm_token_hash, confirm_sent_at: existing.confirm_sent_at, confirmed_at: existing.confirmed_at, cancelled_at: existing.cancelled_at }).where("id", "=", id).execute();
    else await db().deleteFrom("search_alerts").where("id", "=", id).execute();
    return { ok: false, reason: "send" };
  }
  return { ok: true, description };
}

export type AlertView = { id: number; email: string; description: string; frequencyLabel: string; status: AlertStatus; searchUrl: string };

async function viewOf(alert: { id: number; email: string; path: string; query: string; frequency: AlertFrequency; status: AlertStatus; broker_id: string | null }): Promise<AlertView> {
  const scope = alertScope(alert.path);
  const description = scope ? describeSearch(scope, searchFilters(scope, alert.query)) : "Imóveis";
  return { id: alert.id, email: alert.email, description, frequencyLabel: FREQUENCY_LABELS[alert.frequency], status: alert.status, searchUrl: withRef(`${alert.path}${alert.query}`, alert.broker_id) };
}

/** The pending alert a confirmation token names (for the page that asks to confirm), or null. */
export async function findPendingByToken(token: string, now: Date = new Date()) {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  const alert = await db().selectFrom("search_alerts").selectAll().where("confirm_token_hash", "=", tokenHash(token)).where("status", "=", "pending").executeTakeFirst();
  if (!alert || !alert.confirm_sent_at || now.getTime() - Date.parse(alert.confirm_sent_at) > CONFIRM_TTL_MS) return null;
  return viewOf(alert);
}

/** Activates the alert and creates its lead; null when the link is unknown, used or expired. */
export async function confirmAlert(token: string, now: Date = new Date()): Promise<AlertView | null> {
  const pending = await findPendingByToken(token, now);
  if (!pending) return null;
  const at = now.toISOString();
  // Only the request that flips the row creates the lead (two clicks, one lead).
  const updated = await db()
    .updateTable("search_alerts")
    .set({ status: "active", confirmed_at: at, confirm_token_hash: null, last_run_at: at })
    .where("id", "=", pending.id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return null;
  const alert = await db().selectFrom("search_alerts").selectAll().where("id", "=", pending.id).executeTakeFirstOrThrow();
  try {
    const view = await viewOf(alert);
    const lead = await createLead({
      name: alert.name || alert.email,
      email: alert.email,
      phone: "",
      message: `Alerta de imóveis confirmado (${view.frequencyLabel.toLowerCase()}): ${view.description}.\nBusca: ${config().publicUrl}${alert.path}${alert.query}`,
      brokerId: alert.broker_id,
      source: "alerta",
    });
    await db().updateTable("search_alerts").set({ lead_id: lead.id }).where("id", "=", alert.id).execute();
  } catch (error) {
    // the alert stands; the lead is the agency's bonus, logged when it fails
    log.error("alert lead creation failed", { ...errorFields(error), alertId: alert.id });
  }
  return viewOf({ ...alert, status: "active" });
}

export async function findByUnsubscribeToken(token: string): Promise<AlertView | null> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  const alert = await db().selectFrom("search_alerts").selectAll().where("unsubscribe_token", "=", token).executeTakeFirst();
  return alert ? viewOf(alert) : null;
}

/** Stops the alert (idempotent); null for an unknown token. */
export async function unsubscribe(token: string, now: Date = new Date()): Promise<AlertView | null> {
  const alert = await findByUnsubscribeToken(token);
  if (!alert) return null;
  if (alert.status !== "cancelled") {
    await db().updateTable("search_alerts").set({ status: "cancelled", cancelled_at: now.toISOString(), confirm_token_hash: null }).where("id", "=", alert.id).execute();
  }
  return { ...alert, status: "cancelled" };
}

/** How many alerts exist, by state (the admin's line). */
export async function alertCounts(): Promise<Record<AlertStatus, number>> {
  const rows = await db().selectFrom("search_alerts").select(["status", (e) => e.fn.countAll<number>().as("n")]).groupBy("status").execute();
  const counts: Record<AlertStatus, number> = { pending: 0, active: 0, cancelled: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}


