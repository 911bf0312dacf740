import { assertPasswordAllowed } from "./password-policy.server";
import crypto from "node:crypto";
import { config } from "~/modules/platform/config.server";
import { db, nowIso } from "~/modules/platform/db.server";
import { sendMail } from "~/modules/messaging/mail.server";
import { destroyAllSessionsOf } from "./session.server";
import { normaliseEmail, setPassword } from "./users.server";

/**
 * Single-use reset links that expire in an hour. Only a hash of the token is
 * stored, so a copy of the database cannot be used to reset passwords.
 */
export const RESET_TTL_MS = 60 * 60 * 1000;

function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export type ForgotResult = { ok: true } | { ok: false; error: "not-found" };

export async function requestPasswordReset(emailInput: string, now: Date = new Date()): Promise<ForgotResult> {
  const email = normaliseEmail(emailInput);
  const broker = await db()
    .selectFrom("brokers")
    .innerJoin("users", "users.id", "brokers.user_id")
    .select(["users.id as userId", "brokers.name"])
    .where("brokers.email", "=", email)
    .executeTakeFirst();
  if (!broker) {
    // Only the mailbox's owner learns that no account uses it; the screen says the same as for an account.
    await sendMail({
      to: email,
      subject: "Redefinição de senha",
      text: `Olá!\n\nRecebemos um pedido para redefinir a senha de uma conta da Lar Imóveis com este e-mail, mas nenhuma conta usa este endereço.\n\nSe foi você, confira o e-mail cadastrado com a imobiliária. Se não foi, ignore esta mensagem.`,
    });
    return { ok: true };
  }
  const token = crypto.randomBytes(32).toString("base64url");
  // A newer link makes the older ones useless.
  await db().updateTable("password_reset_tokens").set({ used_at: nowIso() }).where("user_id", "=", broker.userId).where("used_at", "is", null).execute();
  await db()
    .insertInto("password_reset_tokens")
    .values({
      token_hash: hashToken(token),
      user_id: broker.userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + RESET_TTL_MS).toISOString(),
      used_at: null,
    })
    .execute();
  const link = `${config().publicUrl}/broker/reset-password?token=${token}`;
  await sendMail({
    to: email,
    subject: "Redefinição de senha",
    text: `Olá, ${broker.name}!\n\nRecebemos um pedido para redefinir sua senha. Use o link abaixo (válido por 1 hora, uma única vez):\n\n${link}\n\nSe não foi você, ignore este e-mail.`,
  });
  return { ok: true };
}

export type TokenCheck = { ok: true; userId: string } | { ok: false; reason: "invalid" | "expired" | "used" };

/** `now` is the clock the expiry is read against (tests pass a fixed one). */
export async function checkResetToken(token: string | null | undefined, now: Date = new Date()): Promise<TokenCheck> {
  if (!token || token.length < 20 || token.length > 200) return { ok: false, reason: "invalid" };
  const row = await db().selectFrom("password_reset_tokens").selectAll().where("token_hash", "=", hashToken(token)).executeTakeFirst();
  if (!row) return { ok: false, reason: "invalid" };
  if (row.used_at) return { ok: false, reason: "used" };
  if (row.expires_at <= now.toISOString()) return { ok: false, reason: "expired" };
  return { ok: true, userId: row.user_id };
}

export { WeakPasswordError } from "./password-policy.server";

/** Consumes the token and sets the password (the one password rule) in one transaction; old sessions end. */
export async function resetPassword(token: string, password: string): Promise<TokenCheck> {
  const check = await checkResetToken(token);
  if (!check.ok) return check;
  assertPasswordAllowed(password);
  const consumed = await db().transaction().execute(async (tx) => {
    const result = await tx
      .updateTable("password_reset_tokens")
      .set({ used_at: nowIso() })
      .where("token_hash", "=", hashToken(token))
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await setPassword(check.userId, password, tx);
    return true;
  });
  if (!consumed) return { ok: false, reason: "used" };
  await destroyAllSessionsOf(check.userId);
  return check;
}
