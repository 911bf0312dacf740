import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { config } from "./config.server";

/**
 * Secrets we must store and later use ourselves (a broker's SMTP password,
 * the WhatsApp gateway key), encrypted at rest with AES-256-GCM. The key is
 * derived from the server's session secret, so a copy of app.db alone does
 * not reveal them. Format: "v1:<iv>:<tag>:<ciphertext>" in base64url.
 */
const PREFIX = "v1";

function key(purpose: string): Buffer {
  return createHash("sha256").update(`lar-imoveis:${purpose}:`).update(config().sessionSecret).digest();
}

export function encryptSecret(plain: string, purpose = "stored-secret"): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(purpose), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [PREFIX, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(":");
}

/** Null when the value is missing or cannot be decrypted (e.g. the session secret changed). */
export function decryptSecret(stored: string | null | undefined, purpose = "stored-secret"): string | null {
  if (!stored) return null;
  const [prefix, iv, tag, body] = stored.split(":");
  if (prefix !== PREFIX || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(purpose), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
