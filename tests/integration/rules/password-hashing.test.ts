import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { dummyPasswordHash, hashPassword, verifyPassword } from "~/modules/auth/passwords.server";
import { config } from "~/modules/platform/config.server";
import { action as brokerLoginAction } from "~/routes/broker/login";
import { db } from "~/modules/platform/db.server";
import { formRequest, routeArgs } from "../../helpers/requests";
import { reply, unwrap } from "../../helpers/responses";
import { makeBroker } from "../../helpers/factories";

/**
 * How passwords are stored (passwords.server.ts): scrypt, a random 16-byte
 * salt and a 64-byte key, written `scrypt$N$r$p$salt$hash` so that each hash
 * carries its own parameters; the password is NFKC-normalised first; any
 * other or broken stored form never verifies.
 */
process.env.LOGIN_SLOWDOWN = "off";

/** A stored hash made outside the module, with parameters of our choosing (as an older release would have). */
function storedWith(password: string, N: number, options: { r?: number; p?: number; keyLength?: number } = {}) {
  const { r = 8, p = 1, keyLength = 64 } = options;
  const salt = crypto.randomBytes(16);
  const hash = crypto.scryptSync(password, salt, keyLength, { N, r, p, maxmem: 64 * 1024 * 1024 });
  return ["scrypt", N, r, p, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

describe("the stored form", () => {
  it("is scrypt$N$8$1$salt$hash, N the configured cost, a 16-byte salt and a 64-byte key, base64url", async () => {
    const stored = await hashPassword("cavalo-bateria-grampo");
    const [scheme, n, r, p, salt, hash, ...rest] = stored.split("$");
    expect(rest).toEqual([]);
    expect({ scheme, n, r, p }).toEqual({ scheme: "scrypt", n: String(config().PASSWORD_HASH_COST), r: "8", p: "1" });
    expect(Buffer.from(salt!, "base64url")).toHaveLength(16);
    expect(salt).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(hash!, "base64url")).toHaveLength(64);
    expect(hash).toMatch(/^[A-Za-z0-9_-]{86}$/);
    // the key is scrypt's with exactly those parameters: recomputed outside the module, it matches
    const again = crypto.scryptSync("cavalo-bateria-grampo", Buffer.from(salt!, "base64url"), 64, { N: Number(n), r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    expect(again.toString("base64url")).toBe(hash);
  });

  it("a new salt every time: the same password twice gives two different hashes, both verifying", async () => {
    const a = await hashPassword("cavalo-bateria-grampo");
    const b = await hashPassword("cavalo-bateria-grampo");
    expect(a).not.toBe(b);
    expect(await verifyPassword("cavalo-bateria-grampo", a)).toBe(true);
    expect(await verifyPassword("cavalo-bateria-grampo", b)).toBe(true);
  });
});

describe("verifying", () => {
  it("the right password verifies; one character off, another case, or empty does not", async () => {
    const stored = await hashPassword("cavalo-bateria-grampo");
    expect(await verifyPassword("cavalo-bateria-grampo", stored)).toBe(true);
    expect(await verifyPassword("cavalo-bateria-grampa", stored)).toBe(false);
    expect(await verifyPassword("Cavalo-bateria-grampo", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("a hash carries its parameters: one made with another cost, block size or parallelism still verifies", async () => {
    expect(await verifyPassword("senha-de-outra-epoca", storedWith("senha-de-outra-epoca", 2048))).toBe(true);
    expect(await verifyPassword("senha-de-outra-epoca", storedWith("senha-de-outra-epoca", 1024, { r: 4, p: 2 }))).toBe(true);
    expect(await verifyPassword("outra", storedWith("senha-de-outra-epoca", 2048))).toBe(false);
  });

  it("the password is NFKC-normalised on both sides: the composed and decomposed 'ç', the 'ﬁ' ligature and 'fi' are the same", async () => {
    const stored = await hashPassword("maçã-ﬁcou-verde");
    expect(await verifyPassword("maçã-ficou-verde", stored)).toBe(true);
    expect(await verifyPassword("mac\u0327a\u0303-ficou-verde", stored)).toBe(true);
    expect(await verifyPassword("maca-ficou-verde", stored)).toBe(false);
  });

  it("any other scheme, or a stored form without its salt or its hash, never verifies", async () => {
    const good = await hashPassword("cavalo-bateria-grampo");
    const [, n, r, p, salt, hash] = good.split("$");
    const parts = (...xs: unknown[]) => xs.join("$");
    expect(await verifyPassword("cavalo-bateria-grampo", parts("bcrypt", n, r, p, salt, hash))).toBe(false);
    expect(await verifyPassword("cavalo-bateria-grampo", parts("", n, r, p, salt, hash))).toBe(false);
    expect(await verifyPassword("cavalo-bateria-grampo", parts("scrypt", n, r, p, "", hash))).toBe(false);
    expect(await verifyPassword("cavalo-bateria-grampo", parts("scrypt", n, r, p, salt))).toBe(false);
    // an empty key would otherwise compare equal to any password's empty key
    expect(await verifyPassword("qualquer-uma", parts("scrypt", n, r, p, salt, ""))).toBe(false);
    expect(await verifyPassword("cavalo-bateria-grampo", "")).toBe(false);
  });

  it("the key is checked whole: a stored key cut short verifies only the same prefix of the right password's key", async () => {
    const stored = storedWith("cavalo-bateria-grampo", 1024, { keyLength: 32 });
    expect(await verifyPassword("cavalo-bateria-grampo", stored)).toBe(true);
    expect(await verifyPassword("cavalo-bateria-grampa", stored)).toBe(false);
  });
});

describe("the hash of nothing, for unknown e-mails", () => {
  it("is made once, is a scrypt hash of the configured cost, and no password verifies against it", async () => {
    const first = await dummyPasswordHash();
    expect(await dummyPasswordHash()).toBe(first);
    expect(first.split("$").slice(0, 4)).toEqual(["scrypt", String(config().PASSWORD_HASH_COST), "8", "1"]);
    for (const guess of ["", "12345678", "cavalo-bateria-grampo"]) expect(await verifyPassword(guess, first)).toBe(false);
  });

  it("an unknown e-mail is answered like a wrong password (401, same message), and a broker whose stored hash is broken cannot sign in", async () => {
    const signIn = (email: string, password: string) => unwrap(() => brokerLoginAction(routeArgs(formRequest("/broker/login", { email, password }, { ip: "10.7.0.1" }))));
    const broker = await makeBroker();
    const wrong = await signIn(broker.email, "senha-errada-1");
    const unknown = await signIn("ninguem-aqui@teste.com.br", "senha-errada-1");
    expect(unknown.status).toBe(401);
    expect(reply(unknown.data).formErrors).toEqual(["Credenciais inválidas. Por favor, verifique e tente novamente."]);
    expect(reply(unknown.data).formErrors).toEqual(reply(wrong.data).formErrors);
    const [, n, r, p, salt] = (await hashPassword("x")).split("$");
    await db().updateTable("users").set({ password_hash: ["scrypt", n, r, p, salt, ""].join("$") }).where("id", "=", broker.userId).execute();
    expect((await signIn(broker.email, broker.password)).status).toBe(401);
    expect((await signIn(broker.email, "")).status).toBe(400);
  });
});
