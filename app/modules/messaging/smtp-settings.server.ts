import { db, nowIso } from "~/modules/platform/db.server";
import { decryptSecret as decrypt, encryptSecret as encrypt } from "~/modules/platform/secrets.server";
import type { SessionUser } from "~/modules/auth/session.server";
import type { SmtpOverride } from "./mail.server";
import { EMPTY_SMTP, type SmtpSettingsInput, type SmtpSettingsView } from "./smtp-settings";

/**
 * A broker's own SMTP server (02 §2.8, §3 broker_smtp_settings). The password
 * is stored encrypted (platform/secrets.server.ts: AES-256-GCM, key derived
 * from the server secret) in password_secret; it never leaves the server and the form
 * never shows it (an empty password field keeps the stored one).
 */
const PURPOSE = "broker-smtp-password";
const encryptSecret = (plain: string) => encrypt(plain, PURPOSE);
const decryptSecret = (stored: string | null | undefined) => decrypt(stored, PURPOSE);

function brokerIdOf(user: SessionUser): string | null {
  return user.broker?.id ?? null;
}

/** Active when host and from e-mail exist (02 §4 SMTP badge). */
export function isSmtpActive(s: { host: string | null; from_email: string | null } | undefined | null): boolean {
  return !!(s?.host && s.from_email);
}

export async function getSmtpSettings(user: SessionUser): Promise<SmtpSettingsView> {
  const brokerId = brokerIdOf(user);
  if (!brokerId) return EMPTY_SMTP;
  const row = await db().selectFrom("broker_smtp_settings").selectAll().where("broker_id", "=", brokerId).executeTakeFirst();
  if (!row) return EMPTY_SMTP;
  return {
    host: row.host ?? "",
    port: row.port,
    username: row.username ?? "",
    hasPassword: !!row.password_secret,
    secure: row.secure === 1,
    fromName: row.from_name ?? "",
    fromEmail: row.from_email ?? "",
    active: isSmtpActive(row),
  };
}

/** Saves the section only when any SMTP field is non-empty (02 §5). Returns whether it saved. */
export async function saveSmtpSettings(user: SessionUser, input: SmtpSettingsInput): Promise<boolean> {
  const brokerId = brokerIdOf(user);
  if (!brokerId) return false;
  const any = [input.smtp_host, input.smtp_username, input.smtp_password, input.smtp_from_name, input.smtp_from_email].some(Boolean);
  if (!any) return false;
  const values = {
    host: input.smtp_host ?? null,
    port: input.smtp_port,
    username: input.smtp_username ?? null,
    secure: input.smtp_secure ? 1 : 0,
    from_name: input.smtp_from_name ?? null,
    from_email: input.smtp_from_email?.toLowerCase() ?? null,
    updated_at: nowIso(),
    ...(input.smtp_password ? { password_secret: encryptSecret(input.smtp_password) } : {}),
  };
  await db()
    .insertInto("broker_smtp_settings")
    .values({ broker_id: brokerId, password: null, ...values })
    .onConflict((oc) => oc.column("broker_id").doUpdateSet(values))
    .execute();
  return true;
}

export async function clearSmtpPassword(user: SessionUser): Promise<void> {
  const brokerId = brokerIdOf(user);
  if (!brokerId) return;
  await db().updateTable("broker_smtp_settings").set({ password_secret: null, updated_at: nowIso() }).where("broker_id", "=", brokerId).execute();
}

/** The override for sendMail, or null when the broker has no active SMTP. */
export async function smtpOverrideFor(brokerId: string | null | undefined): Promise<SmtpOverride | null> {
  if (!brokerId) return null;
  const row = await db().selectFrom("broker_smtp_settings").selectAll().where("broker_id", "=", brokerId).executeTakeFirst();
  if (!row || !isSmtpActive(row)) return null;
  return {
    host: row.host as string,
    port: row.port,
    secure: row.secure === 1,
    username: row.username,
    password: decryptSecret(row.password_secret),
    fromName: row.from_name,
    fromEmail: row.from_email as string,
  };
}
