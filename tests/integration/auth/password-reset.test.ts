import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { config } from "~/modules/platform/config.server";
import { db } from "~/modules/platform/db.server";
import { checkResetToken, requestPasswordReset, resetPassword } from "~/modules/auth/password-reset.server";
import { resetRateLimits } from "~/modules/auth/rate-limit.server";
import { getSessionUser } from "~/modules/auth/session.server";
import { action as forgotAction } from "~/routes/broker/forgot-password";
import { action as brokerLoginAction } from "~/routes/broker/login";
import { action as resetAction, loader as resetLoader } from "~/routes/broker/reset-password";
import { parseEml, type ParsedMail } from "../../mocks/eml";
import { formRequest, getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { run, unwrap, type Unwrapped } from "../../helpers/responses";
import { makeBroker } from "../../helpers/factories";

function outboxFiles(): string[] {
  const dir = config().outboxDir;
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((f) => f.endsWith(".eml")).map((f) => path.join(dir, f));
}

/** The newest .eml sent to this address, decoded. */
function lastMailTo(email: string): ParsedMail {
  const mails = outboxFiles()
    .sort()
    .map((f) => parseEml(fs.readFileSync(f, "utf8")))
    .filter((m) => m.to === email);
  expect(mails.length, `an e-mail to ${email} in the outbox`).toBeGreaterThan(0);
  return mails[mails.length - 1];
}

function linkIn(mail: ParsedMail): URL {
  const match = mail.text.match(/https?:\/\/\S+\/broker\/reset-password\?token=[A-Za-z0-9_-]+/);
  expect(match, "a reset link in the e-mail").not.toBeNull();
  return new URL(match![0]);
}

const hash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

beforeEach(() => resetRateLimits());

describe("password reset, happy path through the routes", () => {
  it("mails a link to the outbox, accepts a new password once, and the broker signs in with it", async () => {
    const broker = await makeBroker({ name: "Paula Reset" });
    const oldSession = await sessionCookie(broker.userId);

    const sent = await unwrap(() => forgotAction(routeArgs(formRequest("/broker/forgot-password", { email: `  ${broker.email.toUpperCase()} ` }))));
    expect(sent.status).toBe(200);
    expect(sent.data?.sent).toBe(true);

    const mail = lastMailTo(broker.email);
    expect(mail.subject).toBe("Redefinição de senha");
    expect(mail.from).toContain("nao-responda@larimoveis.com.br");
    expect(mail.text).toContain("Olá, Paula Reset!");
    const link = linkIn(mail);
    expect(link.origin).toBe(config().publicUrl);
    const token = link.searchParams.get("token")!;
    // Only the hash is stored.
    const row = await db().selectFrom("password_reset_tokens").selectAll().where("user_id", "=", broker.userId).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hash(token));
    expect(row.token_hash).not.toContain(token);
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(60 * 60 * 1000);

    const page = await unwrap(() => resetLoader(routeArgs(getRequest(link.pathname + link.search))));
    expect(page.data).toEqual({ token, invalid: null });

    const done = await run(() => resetAction(routeArgs(formRequest("/broker/reset-password", { token, password: "nova-senha-1", confirm: "nova-senha-1" }))));
    expect(done.response?.status).toBe(302);
    expect(done.response?.headers.get("Location")).toBe("/broker/login");

    // Old sessions end with the password change.
    expect(await getSessionUser(getRequest("/", { cookie: oldSession }))).toBeNull();

    const oldLogin = await unwrap(() => brokerLoginAction(routeArgs(formRequest("/broker/login", { email: broker.email, password: broker.password }))));
    expect(oldLogin.status).toBe(401);
    const login = await run(() => brokerLoginAction(routeArgs(formRequest("/broker/login", { email: broker.email, password: "nova-senha-1" }))));
    expect(login.response?.headers.get("Location")).toBe("/broker/dashboard");

    // The same link a second time is refused, on the page and on submit.
    const again = await unwrap(() => resetLoader(routeArgs(getRequest(link.pathname + link.search))));
    expect(again.data?.invalid).toBe("Este link de redefinição já foi usado. Peça um novo.");
    const reuse = await unwrap(() => resetAction(routeArgs(formRequest("/broker/reset-password", { token, password: "outra-senha", confirm: "outra-senha" }))));
    expect(reuse.status).toBe(400);
    expect(reuse.data?.error?.[""]).toEqual(["Este link de redefinição já foi usado. Peça um novo."]);
  });
});

describe("refused tokens", () => {
  it("a token is valid up to its expiry and expired from then on (fixed clock)", async () => {
    const broker = await makeBroker();
    const asked = new Date("2026-03-10T12:00:00.000Z");
    await requestPasswordReset(broker.email, asked);
    const token = linkIn(lastMailTo(broker.email)).searchParams.get("token")!;
    const row = await db().selectFrom("password_reset_tokens").selectAll().where("token_hash", "=", hash(token)).executeTakeFirstOrThrow();
    expect(row.created_at).toBe("2026-03-10T12:00:00.000Z");
    expect(row.expires_at).toBe("2026-03-10T13:00:00.000Z"); // one hour
    expect(await checkResetToken(token, new Date("2026-03-10T12:59:59.999Z"))).toEqual({ ok: true, userId: broker.userId });
    expect(await checkResetToken(token, new Date("2026-03-10T13:00:00.000Z"))).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses an expired token (a row whose expiry has passed)", async () => {
    const broker = await makeBroker();
    const token = crypto.randomBytes(32).toString("base64url");
    const past = new Date(Date.now() - 60_000).toISOString();
    await db()
      .insertInto("password_reset_tokens")
      .values({ token_hash: hash(token), user_id: broker.userId, created_at: new Date(Date.now() - 3_660_000).toISOString(), expires_at: past, used_at: null })
      .execute();
    expect(await checkResetToken(token)).toEqual({ ok: false, reason: "expired" });
    const page = await unwrap(() => resetLoader(routeArgs(getRequest(`/broker/reset-password?token=${token}`))));
    expect(page.data?.invalid).toBe("Este link de redefinição expirou. Peça um novo.");
    const submit = await unwrap(() => resetAction(routeArgs(formRequest("/broker/reset-password", { token, password: "nova-senha-1", confirm: "nova-senha-1" }))));
    expect(submit.status).toBe(400);
    expect(submit.data?.error?.[""]).toEqual(["Este link de redefinição expirou. Peça um novo."]);
    // The password did not change.
    const login = await run(() => brokerLoginAction(routeArgs(formRequest("/broker/login", { email: broker.email, password: broker.password }))));
    expect(login.response?.headers.get("Location")).toBe("/broker/dashboard");
  });

  it.each([
    ["garbage", "x"],
    ["empty", ""],
    ["forged (right shape, never issued)", crypto.randomBytes(32).toString("base64url")],
    ["too long", "a".repeat(500)],
  ])("refuses a %s token", async (_label, token) => {
    expect(await checkResetToken(token)).toEqual({ ok: false, reason: "invalid" });
    const page = await unwrap(() => resetLoader(routeArgs(getRequest(`/broker/reset-password?token=${encodeURIComponent(token)}`))));
    expect(page.data?.invalid).toBe("Este link de redefinição é inválido.");
  });

  it("a token cannot be consumed twice even by two racing submits", async () => {
    const broker = await makeBroker();
    await requestPasswordReset(broker.email);
    const token = linkIn(lastMailTo(broker.email)).searchParams.get("token")!;
    const [a, b] = await Promise.all([resetPassword(token, "primeira-senha"), resetPassword(token, "segunda-senha")]);
    expect([a.ok, b.ok].filter(Boolean)).toHaveLength(1);
  });
});

describe("form messages", () => {
  async function tokenFor() {
    const broker = await makeBroker();
    await requestPasswordReset(broker.email);
    return linkIn(lastMailTo(broker.email)).searchParams.get("token")!;
  }

  it("a password under 8 characters (one rule with the settings page): 'Senha muito curta'", async () => {
    const token = await tokenFor();
    const r = await unwrap(() => resetAction(routeArgs(formRequest("/broker/reset-password", { token, password: "Xq7!mz2", confirm: "Xq7!mz2" }))));
    expect(r.status).toBe(400);
    expect(r.data?.error?.password?.join(" ")).toContain("Senha muito curta");
    // The token is still good after a refused form.
    expect((await checkResetToken(token)).ok).toBe(true);
  });

  it("different confirmation: 'Senhas não conferem'", async () => {
    const token = await tokenFor();
    const r = await unwrap(() => resetAction(routeArgs(formRequest("/broker/reset-password", { token, password: "senha-boa-1", confirm: "senha-boa-2" }))));
    expect(r.status).toBe(400);
    expect(r.data?.error?.confirm).toEqual(["Senhas não conferem"]);
    // Passwords are never echoed back.
    expect(JSON.stringify(r.data)).not.toContain("senha-boa");
  });

  it("an unknown e-mail gets the same answer as an account (no enumeration), and its mailbox is told no account uses it", async () => {
    const broker = await makeBroker();
    const known = await unwrap(() => forgotAction(routeArgs(formRequest("/broker/forgot-password", { email: broker.email }, { ip: "10.7.0.1" }))));
    const before = outboxFiles().length;
    const unknown = await unwrap(() => forgotAction(routeArgs(formRequest("/broker/forgot-password", { email: "ninguem@teste.com.br" }, { ip: "10.7.0.2" }))));
    expect(unknown.status).toBe(known.status);
    expect(JSON.stringify(unknown.data)).toBe(JSON.stringify(known.data));
    expect(outboxFiles().length).toBe(before + 1);
    const mail = JSON.stringify(lastMailTo("ninguem@teste.com.br"));
    expect(mail).toContain("nenhuma conta usa este endere");
    expect(mail).not.toContain("reset-password?token=");
  });


  it("empty e-mail: 'Informe seu email'", async () => {
    const r = await unwrap(() => forgotAction(routeArgs(formRequest("/broker/forgot-password", { email: "   " }))));
    expect(r.status).toBe(400);
    expect(r.data?.result.error?.email).toEqual(["Informe seu email"]);
  });

  it("an admin e-mail is not a broker: the same answer, and no reset link is sent", async () => {
    const { makeAdmin } = await import("../../helpers/factories");
    const admin = await makeAdmin();
    const r = await unwrap(() => forgotAction(routeArgs(formRequest("/broker/forgot-password", { email: admin.email }, { ip: "10.7.0.3" }))));
    expect(r.data?.sent).toBe(true);
    const mail = JSON.stringify(lastMailTo(admin.email));
    expect(mail).not.toContain("reset-password?token=");
  });

});

describe("forgot-password rate limit", () => {
  it("refuses the 6th request from one address within the window with the pt-BR message", async () => {
    const broker = await makeBroker();
    const statuses: number[] = [];
    let last: Unwrapped<Awaited<ReturnType<typeof forgotAction>>> | null = null;
    for (let i = 0; i < 6; i++) {
      last = await unwrap(() => forgotAction(routeArgs(formRequest("/broker/forgot-password", { email: broker.email }, { ip: "10.9.9.9" }))));
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last!.data?.result.error?.[""]).toEqual(["Muitas tentativas. Aguarde alguns minutos e tente novamente."]);
    // Another address asking for the same e-mail is limited too (per e-mail key).
    const other = await unwrap(() => forgotAction(routeArgs(formRequest("/broker/forgot-password", { email: broker.email }, { ip: "10.9.9.10" }))));
    expect(other.status).toBe(429);
  });
});
