import crypto from "node:crypto";
import { db, nowIso, type DbOrTx } from "~/modules/platform/db.server";
import { hashPassword } from "./passwords.server";
import { assertPasswordAllowed } from "./password-policy.server";
import { parseRef } from "~/modules/leads/referral";

/** Accounts: admins and brokers (a broker has a users row plus a brokers profile). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(email: string) {
  return db().selectFrom("users").selectAll().where("email", "=", normaliseEmail(email)).executeTakeFirst();
}

/** Accounts get passwords only through these three functions, each under the one password rule (password-policy.server.ts). */
export async function createAdmin(input: { email: string; password: string; name?: string }, conn: DbOrTx = db()) {
  assertPasswordAllowed(input.password);
  const now = nowIso();
  const id = crypto.randomUUID();
  await conn
    .insertInto("users")
    .values({
      id,
      email: normaliseEmail(input.email),
      password_hash: await hashPassword(input.password),
      role: "admin",
      name: input.name ?? "Administrador",
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Creates the admin named by ADMIN_EMAIL/ADMIN_PASSWORD when it does not exist yet. */
export async function ensureAdmin(email: string, password: string): Promise<"created" | "exists"> {
  const existing = await findUserByEmail(email);
  if (existing) return "exists";
  await createAdmin({ email, password });
  return "created";
}

export async function createBroker(
  input: {
    name: string;
    email: string;
    password: string;
    phone?: string;
    customUrlPath?: string | null;
    profileImage?: string | null;
    isActive?: boolean;
  },
  conn: DbOrTx = db(),
): Promise<{ userId: string; brokerId: string }> {
  assertPasswordAllowed(input.password);
  const now = nowIso();
  const userId = crypto.randomUUID();
  const brokerId = crypto.randomUUID();
  const email = normaliseEmail(input.email);
  await conn
    .insertInto("users")
    .values({ id: userId, email, password_hash: await hashPassword(input.password), role: "broker", name: input.name, created_at: now, updated_at: now })
    .execute();
  await conn
    .insertInto("brokers")
    .values({
      id: brokerId,
      user_id: userId,
      name: input.name,
      email,
      phone: input.phone ?? "",
      custom_url_path: input.customUrlPath ?? null,
      profile_image: input.profileImage ?? null,
      is_active: input.isActive === false ? 0 : 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { userId, brokerId };
}

export async function setPassword(userId: string, password: string, conn: DbOrTx = db()): Promise<void> {
  assertPasswordAllowed(password);
  await conn
    .updateTable("users")
    .set({ password_hash: await hashPassword(password), updated_at: nowIso() })
    .where("id", "=", userId)
    .execute();
}


export type PublicBroker = { id: string; name: string; email: string; phone: string; profileImage: string | null };

/** An active broker's public card, or null for anything else. */
export async function findActiveBroker(id: string | null | undefined): Promise<PublicBroker | null> {
  const brokerId = parseRef(id);
  if (!brokerId) return null;
  const row = await db()
    .selectFrom("brokers")
    .select(["id", "name", "email", "phone", "profile_image"])
    .where("id", "=", brokerId)
    .where("is_active", "=", 1)
    .executeTakeFirst();
  return row ? { id: row.id, name: row.name, email: row.email, phone: row.phone, profileImage: row.profile_image } : null;
}

export async function findActiveBrokerByPath(customUrlPath: string): Promise<PublicBroker | null> {
  const row = await db()
    .selectFrom("brokers")
    .select(["id", "name", "email", "phone", "profile_image"])
    .where("custom_url_path", "=", customUrlPath.trim().toLowerCase())
    .where("is_active", "=", 1)
    .executeTakeFirst();
  return row ? { id: row.id, name: row.name, email: row.email, phone: row.phone, profileImage: row.profile_image } : null;
}
