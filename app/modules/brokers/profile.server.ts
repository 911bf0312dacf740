import fs from "node:fs/promises";
import sharp from "sharp";
import { verifyPassword } from "~/modules/auth/passwords.server";
import { passwordProblem, passwordProblemMessage } from "~/modules/auth/password-policy.server";
import { destroyOtherSessionsOf } from "~/modules/auth/session.server";
import { setPassword } from "~/modules/auth/users.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { ImageError, MAX_IMAGE_PIXELS, inspectImage } from "~/modules/files/images.server";
import { deleteFile, isUrlInFolder, keyFromUrl, publicUrl, putFile, uniqueFileName } from "~/modules/files/storage.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { db, nowIso } from "~/modules/platform/db.server";
import { type MultipartOutcome, fileOf } from "~/modules/files/multipart.server";
import { MSG_PASSWORD_CURRENT, MSG_PASSWORD_WEAK, MSG_PHOTO_FAILED, MSG_PHOTO_TOO_LARGE, PROFILE_PHOTO_MAX_BYTES, type ProfileInput } from "./profile";

export { MSG_PHOTO_FAILED, MSG_PHOTO_SENT, PROFILE_PHOTO_MAX_BYTES, passwordSchema, profileSchema, settingsSchema } from "./profile";

/**
 * Broker settings (02 §2.8, §5): profile (name, phone, photo) and password
 * change. The e-mail is read-only: it is never taken from the form.
 */
export const PROFILE_PHOTO_FOLDER = "profile-images";
export const PROFILE_PHOTO_SIZE = 400;

export class SettingsError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export async function loadProfile(user: SessionUser) {
  if (!user.broker) return null;
  return db()
    .selectFrom("brokers")
    .select(["id", "name", "email", "phone", "profile_image"])
    .where("id", "=", user.broker.id)
    .executeTakeFirst();
}

/** The photo key a broker may confirm: only one of their own uploads. */
export function ownsPhotoKey(user: SessionUser, key: string): boolean {
  return !!user.broker && key.startsWith(`${PROFILE_PHOTO_FOLDER}/${user.broker.id}/`) && !key.includes("..");
}

/**
 * The one upload reader's limits for a form carrying a profile photo (settings, the admin's broker editor):
 * the body up to the server guard's 16 MB, so a photo over 8 MB is cut off and answered beside its field
 * while every other field typed is still read.
 */
export const PHOTO_FORM_LIMITS = { maxRequestBytes: 16 * 1024 * 1024, files: { photo: { maxBytes: PROFILE_PHOTO_MAX_BYTES, maxFiles: 1 } }, maxFields: 40, maxFieldBytes: 16 * 1024 };

/**
 * The photo of a form read with PHOTO_FORM_LIMITS: its bytes (null when none was chosen), or the pt-BR
 * refusal for the photo field — a photo over 8 MB is cut off by the reader (400, the rest of the form read);
 * a body over the form's limit is 413.
 */
export async function receivedPhoto(read: MultipartOutcome | null): Promise<{ data: Buffer | null } | { refusal: { message: string; status: 400 | 413 } }> {
  if (!read) return { data: null };
  const file = fileOf(read, "photo");
  if (read.problem === "too-large") return { refusal: { message: MSG_PHOTO_TOO_LARGE, status: 413 } };
  if (file?.tooLarge) return { refusal: { message: MSG_PHOTO_TOO_LARGE, status: 400 } };
  if (read.problem || file?.failed) return { refusal: { message: MSG_PHOTO_FAILED, status: 400 } };
  return { data: file && file.size > 0 ? await fs.readFile(file.path) : null };
}

/** Decodes, squares and shrinks the photo to 400 px WebP; returns its storage key (not yet saved on the profile). */
export async function uploadProfilePhoto(user: SessionUser, data: Buffer): Promise<{ key: string; url: string }> {
  if (!user.broker) throw new SettingsError("Corretor não identificado.");
  return storeBrokerPhoto(user.broker.id, data);
}

/** The one way a broker's photo is stored (settings and the admin's editor): checked by its bytes, 400 px WebP, no metadata. */
export async function storeBrokerPhoto(brokerId: string, data: Buffer): Promise<{ key: string; url: string }> {
  return putBrokerPhoto(brokerId, await prepareBrokerPhoto(data));
}

/** Checks a photo by its bytes and makes the 400 px WebP (nothing stored yet); SettingsError on the photo field when refused. */
export async function prepareBrokerPhoto(data: Buffer): Promise<Buffer> {
  if (data.length === 0) throw new SettingsError(MSG_PHOTO_FAILED, "photo");
  if (data.length > PROFILE_PHOTO_MAX_BYTES) throw new SettingsError(MSG_PHOTO_TOO_LARGE, "photo");
  try {
    await inspectImage(data);
  } catch (error) {
    if (error instanceof ImageError) throw new SettingsError(MSG_PHOTO_FAILED, "photo");
    throw error;
  }
  try {
    return await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate().resize(PROFILE_PHOTO_SIZE, PROFILE_PHOTO_SIZE, { fit: "cover" }).webp({ quality: 80 }).toBuffer();
  } catch (error) {
    // the header read well but the picture does not decode (a truncated file): the file is the problem
    log.info("broker photo refused", errorFields(error));
    throw new SettingsError(MSG_PHOTO_FAILED, "photo");
  }
}

/** Writes a prepared photo under the broker's folder. */
export async function putBrokerPhoto(brokerId: string, webp: Buffer): Promise<{ key: string; url: string }> {
  const key = `${PROFILE_PHOTO_FOLDER}/${brokerId}/${uniqueFileName("webp")}`;
  await putFile(key, webp);
  return { key, url: publicUrl(key) };
}

/** Removes a stored broker photo (a replaced one, or one stored for a save that then failed); never throws. */
export async function removeBrokerPhoto(url: string | null | undefined): Promise<void> {
  if (!url || !isUrlInFolder(url, PROFILE_PHOTO_FOLDER)) return;
  const key = keyFromUrl(url);
  if (key) await deleteFile(key).catch((error) => log.warn("broker photo not removed", { url, ...errorFields(error) }));
}

/** Saves name, phone and (when one was sent and is the broker's own) the staged photo; the replaced photo is removed. */
export async function saveProfile(user: SessionUser, input: ProfileInput): Promise<void> {
  if (!user.broker) throw new SettingsError("Corretor não identificado.");
  const set: { name: string; phone: string; updated_at: string; profile_image?: string } = { name: input.name, phone: input.phone, updated_at: nowIso() };
  if (input.photoKey) {
    if (!ownsPhotoKey(user, input.photoKey)) throw new SettingsError(MSG_PHOTO_FAILED, "photo");
    set.profile_image = publicUrl(input.photoKey);
  }
  const before = await db().selectFrom("brokers").select("profile_image").where("id", "=", user.broker.id).executeTakeFirst();
  await db().transaction().execute(async (tx) => {
    await tx.updateTable("brokers").set(set).where("id", "=", user.broker!.id).execute();
    await tx.updateTable("users").set({ name: input.name, updated_at: set.updated_at }).where("id", "=", user.id).execute();
  });
  if (set.profile_image && before?.profile_image && before.profile_image !== set.profile_image) await removeBrokerPhoto(before.profile_image);
}

/**
 * Checks the current password, then stores the new one under the site's one
 * password rule (a weak one is the new password field's error), and ends
 * every OTHER session of this user (ASVS 3.3): a stolen session does not
 * outlive the change; the one making it stays signed in.
 */
export async function changePassword(user: SessionUser, input: { currentPassword: string; newPassword: string }, keepSessionId: string | null): Promise<void> {
  const row = await db().selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirst();
  if (!row || !(await verifyPassword(input.currentPassword, row.password_hash))) throw new SettingsError(MSG_PASSWORD_CURRENT, "currentPassword");
  const problem = passwordProblem(input.newPassword);
  if (problem) throw new SettingsError(problem === "too-short" ? MSG_PASSWORD_WEAK : passwordProblemMessage(problem), "newPassword");
  await setPassword(user.id, input.newPassword);
  await destroyOtherSessionsOf(user.id, keepSessionId);
}
