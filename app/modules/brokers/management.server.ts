import { assertCan } from "~/modules/auth/permissions.server";
import { passwordProblem, passwordProblemMessage } from "~/modules/auth/password-policy.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { destroyAllSessionsOf } from "~/modules/auth/session.server";
import { createBroker, setPassword } from "~/modules/auth/users.server";
import { db, nowIso } from "~/modules/platform/db.server";
import { BROKER_ADMIN_MESSAGES, type BrokerAccountInput } from "./broker-form";
import { SettingsError, prepareBrokerPhoto, putBrokerPhoto, removeBrokerPhoto } from "./profile.server";

/**
 * Broker management for admins (spec 03 §2.11): accounts are created with a
 * hashed password (never stored or shown), e-mail and custom address are
 * unique, deactivation keeps the data, deletion leaves the broker's leads
 * and listings without a broker (foreign keys set null).
 */
export class BrokerFormError extends Error {
  constructor(
    readonly field: "name" | "email" | "phone" | "customUrlPath" | "password" | "photo",
    message: string,
  ) {
    super(message);
  }
}

/** The one password rule (password-policy.server.ts), as this form's field error. */
function checkPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new BrokerFormError("password", passwordProblemMessage(problem));
}

async function assertUnique(input: BrokerAccountInput, currentUserId: string | null, currentBrokerId: string | null): Promise<void> {
  const emailOwner = await db().selectFrom("users").select("id").where("email", "=", input.email).executeTakeFirst();
  if (emailOwner && emailOwner.id !== currentUserId) throw new BrokerFormError("email", BROKER_ADMIN_MESSAGES.emailTaken);
  if (input.customUrlPath) {
    const pathOwner = await db().selectFrom("brokers").select("id").where("custom_url_path", "=", input.customUrlPath).executeTakeFirst();
    if (pathOwner && pathOwner.id !== currentBrokerId) throw new BrokerFormError("customUrlPath", BROKER_ADMIN_MESSAGES.pathTaken);
  }
}

export async function findBrokerForEdit(user: SessionUser, brokerId: string) {
  assertCan(user, "update", "broker");
  return (
    (await db()
      .selectFrom("brokers")
      .select(["id", "user_id", "name", "email", "phone", "custom_url_path", "is_active", "profile_image"])
      .where("id", "=", brokerId)
      .executeTakeFirst()) ?? null
  );
}

/** The photo part of the admin's form: new bytes to store, or the current one removed. */
export type BrokerPhotoChange = { data: Buffer | null; remove: boolean };

/** Checks the photo's bytes before anything is written (a refused photo saves nothing). */
async function preparePhoto(change: BrokerPhotoChange | undefined): Promise<Buffer | null> {
  if (!change?.data) return null;
  try {
    return await prepareBrokerPhoto(change.data);
  } catch (error) {
    if (error instanceof SettingsError) throw new BrokerFormError("photo", error.message);
    throw error;
  }
}

export async function createBrokerAccount(user: SessionUser, input: BrokerAccountInput, photo?: BrokerPhotoChange): Promise<string> {
  assertCan(user, "create", "broker");
  if (!input.password) throw new BrokerFormError("password", BROKER_ADMIN_MESSAGES.passwordRequired);
  checkPassword(input.password);
  await assertUnique(input, null, null);
  const webp = await preparePhoto(photo);
  let stored: string | null = null;
  try {
    return await db()
      .transaction()
      .execute(async (trx) => {
        const { brokerId } = await createBroker({ name: input.name, email: input.email, password: input.password, phone: input.phone, customUrlPath: input.customUrlPath }, trx);
        if (webp) {
          stored = (await putBrokerPhoto(brokerId, webp)).url;
          await trx.updateTable("brokers").set({ profile_image: stored }).where("id", "=", brokerId).execute();
        }
        return brokerId;
      });
  } catch (error) {
    await removeBrokerPhoto(stored);
    throw error;
  }
}

export async function updateBrokerAccount(user: SessionUser, brokerId: string, input: BrokerAccountInput, photo?: BrokerPhotoChange): Promise<void> {
  assertCan(user, "update", "broker");
  const current = await findBrokerForEdit(user, brokerId);
  if (!current) throw new BrokerFormError("name", BROKER_ADMIN_MESSAGES.notFound);
  if (input.password) checkPassword(input.password);
  await assertUnique(input, current.user_id, current.id);
  const webp = await preparePhoto(photo);
  const stored = webp ? (await putBrokerPhoto(brokerId, webp)).url : null;
  const profileImage = stored ?? (photo?.remove ? null : current.profile_image);
  const now = nowIso();
  try {
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable("brokers")
          .set({ name: input.name, email: input.email, phone: input.phone, custom_url_path: input.customUrlPath, profile_image: profileImage, updated_at: now })
          .where("id", "=", brokerId)
          .execute();
        await trx.updateTable("users").set({ name: input.name, email: input.email, updated_at: now }).where("id", "=", current.user_id).execute();
        if (input.password) await setPassword(current.user_id, input.password, trx);
      });
  } catch (error) {
    await removeBrokerPhoto(stored);
    throw error;
  }
  // the replaced photo goes only after the row no longer points at it
  if (current.profile_image && current.profile_image !== profileImage) await removeBrokerPhoto(current.profile_image);
  // a new password signs the broker out everywhere
  if (input.password) await destroyAllSessionsOf(current.user_id);
}

export async function setBrokerActive(user: SessionUser, brokerId: string, active: boolean): Promise<boolean> {
  assertCan(user, "update", "broker");
  const result = await db().updateTable("brokers").set({ is_active: active ? 1 : 0, updated_at: nowIso() }).where("id", "=", brokerId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the broker's account; leads, deals and listings stay, without a broker. */
export async function deleteBrokerAccount(user: SessionUser, brokerId: string): Promise<boolean> {
  assertCan(user, "delete", "broker");
  const row = await db().selectFrom("brokers").select("user_id").where("id", "=", brokerId).executeTakeFirst();
  if (!row) return false;
  if (row.user_id === user.id) return false; // an admin never deletes their own account from here
  await db().deleteFrom("users").where("id", "=", row.user_id).execute(); // cascades to the broker row and sessions
  return true;
}
