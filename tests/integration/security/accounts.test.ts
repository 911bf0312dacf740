import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { config } from "~/modules/platform/config.server";
import { parseEml } from "../../mocks/eml";
import { requestPasswordReset, resetPassword, WeakPasswordError } from "~/modules/auth/password-reset.server";
import { isCommonPassword, passwordProblem } from "~/modules/auth/password-policy.server";
import { getSessionUser, SESSION_IDLE_MS } from "~/modules/auth/session.server";
import { createLead } from "~/modules/leads/leads.server";
import { db } from "~/modules/platform/db.server";
import { action as brokerLoginAction } from "~/routes/broker/login";
import { makeBroker } from "../../helpers/factories";
import { formRequest, getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { run } from "../../helpers/responses";

async function tokensOf(userId: string) {
  return db().selectFrom("password_reset_tokens").selectAll().where("user_id", "=", userId).orderBy("created_at").execute();
}

describe("one password rule", () => {
  it("refuses short and common passwords, accepts a long uncommon one", () => {
    expect(passwordProblem("123456")).toBe("too-short");
    expect(passwordProblem("12345678")).toBe("common");
    expect(passwordProblem("Senha123")).toBe("common");
    expect(isCommonPassword("PASSWORD1")).toBe(true);
    expect(passwordProblem("casa-amarela-no-morro")).toBeNull();
  });

  it("a reset with a weak password is refused and the link stays usable", async () => {
    const broker = await makeBroker();
    await requestPasswordReset(broker.email);
    const dir = config().outboxDir;
    const mail = fs
      .readdirSync(dir)
      .sort()
      .map((f) => parseEml(fs.readFileSync(path.join(dir, f), "utf8")))
      .filter((m) => m.to === broker.email)
      .at(-1)!;
    const token = mail.text.match(/token=([A-Za-z0-9_-]+)/)![1];
    await expect(resetPassword(token, "12345678")).rejects.toBeInstanceOf(WeakPasswordError);
    await expect(resetPassword(token, "1234")).rejects.toThrow("Senha muito curta");
    const [row] = await tokensOf(broker.userId);
    expect(row.used_at).toBeNull();
    await expect(resetPassword(token, "casa-amarela-no-morro")).resolves.toMatchObject({ ok: true });
  });


  it("a newer reset link makes the older ones useless", async () => {
    const broker = await makeBroker();
    await requestPasswordReset(broker.email);
    await requestPasswordReset(broker.email);
    const tokens = await tokensOf(broker.userId);
    expect(tokens).toHaveLength(2);
    expect(tokens[0].used_at).not.toBeNull();
    expect(tokens[1].used_at).toBeNull();
  });
});

describe("sessions", () => {
  it("a sign-in gets a new session id and drops the one the browser had", async () => {
    const broker = await makeBroker();
    const old = await sessionCookie(broker.userId);
    const r = await run(() => brokerLoginAction(routeArgs(formRequest("/broker/login", { email: broker.email, password: broker.password }, { cookie: old }))));
    const setCookie = r.response?.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toContain("__session=");
    expect(setCookie.split(";")[0]).not.toBe(old);
    expect(await getSessionUser(getRequest("/broker/dashboard", { cookie: old }))).toBeNull();
  });

  it("ends after 8 hours without a request", async () => {
    const broker = await makeBroker();
    const cookie = await sessionCookie(broker.userId);
    expect(await getSessionUser(getRequest("/broker/dashboard", { cookie }))).not.toBeNull();
    const idle = new Date(Date.now() - SESSION_IDLE_MS - 60_000).toISOString();
    await db().updateTable("sessions").set({ last_seen_at: idle }).where("user_id", "=", broker.userId).execute();
    expect(await getSessionUser(getRequest("/broker/dashboard", { cookie }))).toBeNull();
  });
});

describe("double submit", () => {
  it("the same lead sent twice in a row is one lead", async () => {
    const input = { name: "Duplo", email: "duplo@teste.com.br", phone: "(11) 91234-5678", message: "Quero visitar", source: "site" as const };
    const [a, b] = await Promise.all([createLead(input), createLead(input)]);
    expect(a.id).toBe(b.id);
    const rows = await db().selectFrom("leads").select("id").where("email", "=", "duplo@teste.com.br").execute();
    expect(rows).toHaveLength(1);
    // a different message is a new lead
    await createLead({ ...input, message: "Outra pergunta" });
    expect(await db().selectFrom("leads").select("id").where("email", "=", "duplo@teste.com.br").execute()).toHaveLength(2);
  });
});
