import crypto from "node:crypto";
import { signedCookie } from "~/modules/platform/cookies.server";
import { db, nowIso } from "~/modules/platform/db.server";

/**
 * Server-side sessions: the cookie holds only a signed random id; the
 * sessions table holds who it belongs to and when it expires.
 */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Staff sessions also end after 8 hours without a request (idle timeout). */
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

const cookie = signedCookie("__session", SESSION_TTL_MS / 1000);

export async function readSessionId(request: Request): Promise<string | null> {
  const value: unknown = await cookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

export async function createSession(userId: string): Promise<string> {
  const id = crypto.randomBytes(32).toString("base64url");
  await db()
    .insertInto("sessions")
    .values({ id, user_id: userId, created_at: nowIso(), last_seen_at: nowIso(), expires_at: new Date(Date.now() + SESSION_TTL_MS).toISOString() })
    .execute();
  return cookie().serialize(id);
}

export async function destroySession(request: Request): Promise<string> {
  const id = await readSessionId(request);
  if (id) await db().deleteFrom("sessions").where("id", "=", id).execute();
  return cookie().serialize("", { maxAge: 0 });
}

export async function destroyAllSessionsOf(userId: string): Promise<void> {
  await db().deleteFrom("sessions").where("user_id", "=", userId).execute();
}

/** Ends every session of the user but `keepSessionId` (the one changing the password). */
export async function destroyOtherSessionsOf(userId: string, keepSessionId: string | null): Promise<void> {
  let query = db().deleteFrom("sessions").where("user_id", "=", userId);
  if (keepSessionId) query = query.where("id", "!=", keepSessionId);
  await query.execute();
}

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  role: "admin" | "broker";
  broker: { id: string; name: string; isActive: boolean; profileImage: string | null; phone: string } | null;
  /** A broker granted CRM admin rights (table crm_admins, /admin/crm); loaded with the session, so checks need no query. */
  crmAdmin?: boolean;
};

/**
 * The signed-in user, or null. Expired sessions are removed on sight. A
 * request counts as activity (idle timeout) unless `touch` is false: the
 * back office's periodic session check only looks.
 */
export async function getSessionUser(request: Request, options: { touch?: boolean } = {}): Promise<SessionUser | null> {
  const id = await readSessionId(request);
  if (!id) return null;
  const row = await db()
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .leftJoin("brokers", "brokers.user_id", "users.id")
    .leftJoin("crm_admins", "crm_admins.broker_id", "brokers.id")
    .select([
      "sessions.expires_at", "sessions.last_seen_at", "sessions.created_at",
      "users.id as user_id", "users.email", "users.name", "users.role",
      "brokers.id as broker_id", "brokers.name as broker_name", "brokers.is_active", "brokers.profile_image", "brokers.phone",
      "crm_admins.broker_id as crm_admin_broker_id",
    ])
    .where("sessions.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const now = Date.now();
  const lastSeen = Date.parse(row.last_seen_at ?? row.created_at);
  if (row.expires_at < nowIso() || now - lastSeen > SESSION_IDLE_MS) {
    await db().deleteFrom("sessions").where("id", "=", id).execute();
    return null;
  }
  if (options.touch !== false && now - lastSeen > TOUCH_EVERY_MS) await db().updateTable("sessions").set({ last_seen_at: new Date(now).toISOString() }).where("id", "=", id).execute();
  return {
    id: row.user_id,
    email: row.email,
    name: row.broker_name ?? row.name,
    role: row.role,
    broker: row.broker_id
      ? {
          id: row.broker_id,
          name: row.broker_name ?? row.name,
          isActive: row.is_active === 1,
          profileImage: row.profile_image ?? null,
          phone: row.phone ?? "",
        }
      : null,
    crmAdmin: row.broker_id != null && row.crm_admin_broker_id != null,
  };
}

export async function purgeExpiredSessions(now: Date = new Date()): Promise<void> {
  await db().deleteFrom("sessions").where("expires_at", "<", now.toISOString()).execute();
}

// Toasts live in toast.server.ts; this re-export keeps branches written against the old path compiling.
export { redirectWithToast } from "./toast.server";
