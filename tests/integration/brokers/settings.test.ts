import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { verifyPassword } from "~/modules/auth/passwords.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { changePassword, loadProfile, passwordSchema, profileSchema, saveProfile, uploadProfilePhoto } from "~/modules/brokers/profile.server";
import { resolveKey } from "~/modules/files/storage.server";
import { db } from "~/modules/platform/db.server";
import * as settingsRoute from "~/routes/broker/settings";
import { formRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { run } from "../../helpers/responses";
import { makeBroker } from "../../helpers/factories";
import fs from "node:fs";

async function broker() {
  const b = await makeBroker({ password: "senha-antiga-1" });
  const user: SessionUser = { id: b.userId, email: b.email, name: "Corretor Teste", role: "broker", broker: { id: b.brokerId, name: "Corretor Teste", isActive: true, profileImage: null, phone: "" } };
  return { ...b, user, cookie: await sessionCookie(b.userId) };
}

describe("broker settings (02 §2.8, §5)", () => {
  it("saves name and phone, never the e-mail", async () => {
    const b = await broker();
    await saveProfile(b.user, profileSchema.parse({ name: "Novo Nome", phone: "(11) 98888-7777", email: "outro@x.com" }));
    const p = await loadProfile(b.user);
    expect(p).toMatchObject({ name: "Novo Nome", phone: "(11) 98888-7777", email: b.email });
    expect(profileSchema.safeParse({ name: "" }).success).toBe(false);
    expect(profileSchema.safeParse({ name: "A".repeat(500) }).success).toBe(false);
    expect(profileSchema.safeParse({ name: "A", phone: "<script>" }).success).toBe(false);
  });

  it("resizes the photo to 400 px and only confirms the broker's own upload", async () => {
    const b = await broker();
    const big = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#3366aa" } }).jpeg().toBuffer();
    const { key } = await uploadProfilePhoto(b.user, big);
    const meta = await sharp(fs.readFileSync(resolveKey(key))).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([400, 400, "webp"]);
    // Not saved until 'Salvar'.
    expect((await loadProfile(b.user))?.profile_image).toBeNull();
    await saveProfile(b.user, { name: "Com Foto", phone: "", photoKey: key });
    expect((await loadProfile(b.user))?.profile_image).toBe(`/uploads/${key}`);
    const other = await broker();
    await expect(saveProfile(other.user, { name: "Ladrão", phone: "", photoKey: key })).rejects.toThrow("Não foi possível enviar a imagem...");
    await expect(uploadProfilePhoto(b.user, Buffer.from("not an image"))).rejects.toThrow("Não foi possível enviar a imagem...");
  });

  it("password change messages: required, weak, confirmation, current", async () => {
    const msg = (v: Record<string, string>) => {
      const r = passwordSchema.safeParse(v);
      return r.success ? null : r.error.issues[0].message;
    };
    expect(msg({ currentPassword: "", newPassword: "x", confirmPassword: "x" })).toBe("Campos obrigatórios");
    expect(msg({ currentPassword: "a", newPassword: "1234567", confirmPassword: "1234567" })).toBe("Senha fraca");
    expect(msg({ currentPassword: "a", newPassword: "12345678", confirmPassword: "12345679" })).toBe("Confirmação incorreta");
    expect(msg({ currentPassword: "a", newPassword: "12345678", confirmPassword: "12345678" })).toBeNull();
    const b = await broker();
    await expect(changePassword(b.user, { currentPassword: "errada", newPassword: "nova-senha-1" }, null)).rejects.toThrow("Senha atual incorreta.");
    await changePassword(b.user, { currentPassword: "senha-antiga-1", newPassword: "nova-senha-1" }, null);
    const row = await db().selectFrom("users").select("password_hash").where("id", "=", b.userId).executeTakeFirstOrThrow();
    expect(await verifyPassword("nova-senha-1", row.password_hash)).toBe(true);
  });

  it("the route answers 400 with the message and changes nothing on bad input", async () => {
    const b = await broker();
    const bad = await run(() =>
      settingsRoute.action(routeArgs(formRequest("/broker/settings", { intent: "password", currentPassword: "errada", newPassword: "nova-senha-1", confirmPassword: "nova-senha-1" }, { cookie: b.cookie }))),
    );
    const v = bad.value as { init: { status: number }; data: { result: { error: Record<string, string[]> } } };
    expect(v.init.status).toBe(400);
    expect(v.data.result.error.currentPassword).toEqual(["Senha atual incorreta."]);
    const emptyName = await run(() => settingsRoute.action(routeArgs(formRequest("/broker/settings", { intent: "profile", name: "" }, { cookie: b.cookie }))));
    expect((emptyName.value as { init: { status: number } }).init.status).toBe(400);
    expect((await loadProfile(b.user))?.name).toBe("Corretor Teste");
    const anon = await run(() => settingsRoute.action(routeArgs(formRequest("/broker/settings", { intent: "profile", name: "X" }))));
    expect(anon.response?.headers.get("Location")).toMatch(/^\/broker\/login/);
  });
});

describe("settings SMTP section", () => {
  it("saves SMTP with the profile; a bad port saves neither", async () => {
    const b = await broker();
    const bad = await run(() =>
      settingsRoute.action(routeArgs(formRequest("/broker/settings", { intent: "profile", name: "Nome Novo", smtp_host: "smtp.x.com", smtp_port: "0" }, { cookie: b.cookie }))),
    );
    const v = bad.value as unknown as { init: { status: number }; data: { smtpErrors: Record<string, string> } };
    expect(v.init.status).toBe(400);
    expect(v.data.smtpErrors.smtp_port).toBe("Porta inválida (mínimo 1)");
    expect((await loadProfile(b.user))?.name).toBe("Corretor Teste");
    await run(() =>
      settingsRoute.action(routeArgs(formRequest("/broker/settings", { intent: "profile", name: "Nome Novo", smtp_host: "smtp.x.com", smtp_from_email: "eu@x.com", smtp_secure: "on" }, { cookie: b.cookie }))),
    );
    const row = await db().selectFrom("broker_smtp_settings").select(["host", "port", "secure", "from_email"]).where("broker_id", "=", b.brokerId).executeTakeFirstOrThrow();
    expect(row).toEqual({ host: "smtp.x.com", port: 587, secure: 1, from_email: "eu@x.com" });
    expect((await loadProfile(b.user))?.name).toBe("Nome Novo");
  });
});
