import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { config } from "~/modules/platform/config.server";
import { requestPasswordReset } from "~/modules/auth/password-reset.server";
import { action as resetAction } from "~/routes/broker/reset-password";
import { loader as blockedLoader } from "~/routes/broker/blocked";
import { parseEml } from "../../mocks/eml";
import { formRequest, getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { run } from "../../helpers/responses";
import { makeAdmin, makeBroker } from "../../helpers/factories";

/** Issue 7 item 12: reset-password messages and who may see /broker/bloqueado. */
async function tokenFor(): Promise<string> {
  const broker = await makeBroker();
  await requestPasswordReset(broker.email);
  const dir = config().outboxDir;
  const mail = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .map((f) => parseEml(fs.readFileSync(path.join(dir, f), "utf8")))
    .find((m) => m.to === broker.email)!;
  return new URL(mail.text.match(/https?:\/\/\S+\/broker\/reset-password\?token=[A-Za-z0-9_-]+/)![0]).searchParams.get("token")!;
}

function body(result: Awaited<ReturnType<typeof run>>): { status: number; error: Record<string, string[]> } {
  const v = result.value as { init?: { status?: number }; data: { error: Record<string, string[]> } };
  return { status: v.init?.status ?? 200, error: v.data.error ?? {} };
}

describe("reset password messages", () => {
  it("an empty submit says only 'Senha muito curta' (no 'Senhas não conferem')", async () => {
    const token = await tokenFor();
    const r = body(await run(() => resetAction(routeArgs(formRequest("/broker/reset-password", { token, password: "", confirm: "" })))));
    expect(r.status).toBe(400);
    expect(r.error.password).toEqual(["Senha muito curta"]);
    expect(r.error.confirm).toBeUndefined();
  });

  it("a short password uses the same single wording", async () => {
    const token = await tokenFor();
    const r = body(await run(() => resetAction(routeArgs(formRequest("/broker/reset-password", { token, password: "123", confirm: "123" })))));
    expect(r.error.password).toEqual(["Senha muito curta. Use pelo menos 8 caracteres."]);
  });

  it("a good password with an empty confirmation: 'Senhas não conferem'", async () => {
    const token = await tokenFor();
    const r = body(await run(() => resetAction(routeArgs(formRequest("/broker/reset-password", { token, password: "senha-longa-1", confirm: "" })))));
    expect(r.error.confirm).toEqual(["Senhas não conferem"]);
    expect(r.error.password).toBeUndefined();
  });
});

describe("/broker/bloqueado", () => {
  const location = async (cookie?: string) => (await run(() => blockedLoader(routeArgs(getRequest("/broker/bloqueado", { cookie }))))).response?.headers.get("Location") ?? null;

  it("sends anonymous visitors to the login, active brokers to the dashboard, admins to /admin", async () => {
    expect(await location()).toBe("/broker/login");
    const active = await makeBroker();
    expect(await location(await sessionCookie(active.userId))).toBe("/broker/dashboard");
    const admin = await makeAdmin();
    expect(await location(await sessionCookie(admin.id))).toBe("/admin");
  });

  it("opens for a signed-in inactive broker", async () => {
    const inactive = await makeBroker({ isActive: false });
    const cookie = await sessionCookie(inactive.userId);
    const result = await run(() => blockedLoader(routeArgs(getRequest("/broker/bloqueado", { cookie }))));
    expect(result.response).toBeUndefined();
    expect(result.thrown).toBeUndefined();
  });
});
