import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "~/modules/platform/db.server";
import { ConfigError, loadConfig } from "~/modules/platform/config.server";
import { passwordProblem, WeakPasswordError } from "~/modules/auth/password-policy.server";
import { PASSWORD_MESSAGES } from "~/modules/auth/password-rules";
import { createAdmin, createBroker, ensureAdmin, setPassword } from "~/modules/auth/users.server";
import { getSessionUser } from "~/modules/auth/session.server";
import { MSG_PASSWORD_WEAK } from "~/modules/brokers/profile";
import * as settingsRoute from "~/routes/broker/settings";
import { action as brokerEditorAction } from "~/routes/admin/brokers/editor";
import { runCli } from "../../../server/cli";
import { formRequest, getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { reply, unwrap } from "../../helpers/responses";
import { makeAdmin, makeBroker, uniqueEmail } from "../../helpers/factories";

/**
 * One password rule (issue 23), in auth/password-policy.server.ts, used by
 * every way a password is set; a password change in settings ends the
 * user's other sessions (ASVS 3.3).
 */
afterEach(() => {
  vi.restoreAllMocks();
});

const WEAK = ["12345678", "Password", "senha123", "qwertyuiop"];

describe("the password rule", () => {
  it("refuses short, overlong and common passwords (any case), accepts a strong one", () => {
    expect(passwordProblem("1234567")).toBe("too-short");
    expect(passwordProblem("a".repeat(201))).toBe("too-long");
    for (const weak of WEAK) expect(passwordProblem(weak), weak).toBe("common");
    expect(passwordProblem("12345678".toUpperCase())).toBe("common");
    expect(passwordProblem("cavalo-bateria-grampo")).toBeNull();
  });

  it("holds in the accounts module itself: no admin, broker or new password below it", async () => {
    await expect(createAdmin({ email: uniqueEmail("fraco"), password: "12345678" })).rejects.toBeInstanceOf(WeakPasswordError);
    await expect(ensureAdmin(uniqueEmail("fraco"), "12345678")).rejects.toBeInstanceOf(WeakPasswordError);
    await expect(createBroker({ name: "Fraco", email: uniqueEmail("fraco"), password: "12345678" })).rejects.toBeInstanceOf(WeakPasswordError);
    const b = await makeBroker();
    await expect(setPassword(b.userId, "12345678")).rejects.toBeInstanceOf(WeakPasswordError);
    expect(await db().selectFrom("users").select("id").where("email", "like", "fraco%").execute()).toHaveLength(0);
  });

  it("ADMIN_PASSWORD=12345678 stops the start with a message naming the variable", () => {
    const env = { DATA_DIR: process.env.DATA_DIR!, ADMIN_EMAIL: "dona@larimoveis.com.br" };
    expect(() => loadConfig({ ...env, ADMIN_PASSWORD: "12345678" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, ADMIN_PASSWORD: "12345678" })).toThrow(/ADMIN_PASSWORD: is a common password/);
    expect(() => loadConfig({ ...env, ADMIN_PASSWORD: "uma-senha-bem-longa" })).not.toThrow();
  });

  it("npm run admin:create refuses 12345678", async () => {
    const out: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void out.push(args.join(" ")));
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    expect(await runCli(["admin:create", "--email", "cli-fraco@larimoveis.com.br", "--password", "12345678"])).toBe(1);
    expect(out.join("\n")).toContain("common");
    expect(await db().selectFrom("users").select("id").where("email", "=", "cli-fraco@larimoveis.com.br").executeTakeFirst()).toBeUndefined();
  });

  it("an admin creating or editing a broker gets the rule's message beside the field", async () => {
    const admin = await sessionCookie((await makeAdmin()).id);
    const email = uniqueEmail("corretor-fraco");
    const r = await unwrap(() => brokerEditorAction(routeArgs(formRequest("/admin/corretores/novo", { name: "Fraco", email, phone: "(11) 98765-4321", customUrlPath: `fraco-${Date.now()}`, password: "12345678" }, { cookie: admin }))));
    expect(r.status).toBe(400);
    expect(reply(r.data).fieldErrors).toEqual({ password: PASSWORD_MESSAGES.common });
  });
});

describe("changing the password in settings", () => {
  async function signedInTwice() {
    const b = await makeBroker({ password: "senha-antiga-1" });
    return { ...b, here: await sessionCookie(b.userId), elsewhere: await sessionCookie(b.userId) };
  }
  const change = (cookie: string, newPassword: string, currentPassword = "senha-antiga-1") =>
    unwrap(() => settingsRoute.action(routeArgs(formRequest("/broker/settings", { intent: "password", currentPassword, newPassword, confirmPassword: newPassword }, { cookie }))));

  it("refuses 12345678 beside the new password field, and nothing changes", async () => {
    const b = await signedInTwice();
    const r = await change(b.here, "12345678");
    expect(r.status).toBe(400);
    expect(reply(r.data).fieldErrors).toEqual({ newPassword: PASSWORD_MESSAGES.common });
    expect(MSG_PASSWORD_WEAK).toBe("Senha fraca");
    expect(await getSessionUser(getRequest("/", { cookie: b.elsewhere }))).not.toBeNull();
  });

  it("ends every other session of the user and keeps this one (ASVS 3.3)", async () => {
    const b = await signedInTwice();
    const other = await makeBroker();
    const bystander = await sessionCookie(other.userId);
    const r = await change(b.here, "cavalo-bateria-grampo");
    expect(r.status).toBe(302);
    expect(await getSessionUser(getRequest("/", { cookie: b.here }))).not.toBeNull();
    expect(await getSessionUser(getRequest("/", { cookie: b.elsewhere }))).toBeNull();
    expect(await getSessionUser(getRequest("/", { cookie: bystander }))).not.toBeNull();
  });
});
