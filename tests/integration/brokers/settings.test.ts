import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { verifyPassword } from "~/modules/auth/passwords.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { changePassword, loadProfile, passwordSchema, profileSchema, saveProfile, uploadProfilePhoto } from "~/modules/brokers/profile.server";
import { resolveKey } from "~/modules/files/storage.server";
import { db } from "~/modules/platform/db.server";
import * as settingsRoute from "~/routes/broker/settings";
import { formRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { reply, run, unwrap } from "../../helpers/responses";
import { MSG_PHOTO_MISSING, MSG_PHOTO_TOO_LARGE } from "~/modules/brokers/profile";
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

  it("the route answers 400 with the message beside its field and changes nothing on bad input", async () => {
    const b = await broker();
    const bad = await unwrap(() =>
      settingsRoute.action(routeArgs(formRequest("/broker/settings", { intent: "password", currentPassword: "errada", newPassword: "nova-senha-1", confirmPassword: "nova-senha-1" }, { cookie: b.cookie }))),
    );
    expect(bad.status).toBe(400);
    expect(reply(bad.data).fieldErrors).toEqual({ currentPassword: "Senha atual incorreta." });
    // passwords never travel back
    expect(reply(bad.data).values).not.toHaveProperty("currentPassword");
    expect(reply(bad.data).values).not.toHaveProperty("newPassword");
    const emptyName = await unwrap(() => settingsRoute.action(routeArgs(formRequest("/broker/settings", { intent: "profile", name: "", phone: "(11) 97777-1111", smtp_host: "smtp.meu.com" }, { cookie: b.cookie }))));
    expect(emptyName.status).toBe(400);
    expect(reply(emptyName.data).fieldErrors).toEqual({ name: "Informe o nome" });
    expect(reply(emptyName.data).values).toMatchObject({ phone: "(11) 97777-1111", smtp_host: "smtp.meu.com" });
    const injected = await unwrap(() => settingsRoute.action(routeArgs(formRequest("/broker/settings", { intent: "profile", name: "Nome", phone: "<script>alert(1)</script>" }, { cookie: b.cookie }))));
    expect(reply(injected.data).fieldErrors).toEqual({ phone: "Telefone inválido" });
    const tampered = await unwrap(() => settingsRoute.action(routeArgs(formRequest("/broker/settings", { intent: "apagar", name: "X" }, { cookie: b.cookie }))));
    expect(tampered.status).toBe(400);
    expect(JSON.stringify(tampered.data)).not.toMatch(/Invalid|expected/);
    expect((await loadProfile(b.user))?.name).toBe("Corretor Teste");
    const anon = await run(() => settingsRoute.action(routeArgs(formRequest("/broker/settings", { intent: "profile", name: "X" }))));
    expect(anon.response?.headers.get("Location")).toMatch(/^\/broker\/login/);
  });
});

function multipart(cookie: string, fields: Record<string, string>, photo?: Buffer) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (photo) form.set("photo", new File([new Uint8Array(photo)], "foto.jpg", { type: "image/jpeg" }));
  return new Request("http://localhost/broker/settings", { method: "POST", body: form, headers: { Cookie: cookie } });
}
const typed = { name: "Nome Digitado", phone: "(11) 96666-5555", smtp_host: "smtp.digitado.com", smtp_port: "2525", smtp_from_email: "eu@digitado.com", smtp_password: "segredo-smtp" };

describe("settings photo (02 §2.8, issue 24)", () => {
  it("a 9 MB photo says so beside the field, keeps everything else typed (not the passwords) and saves nothing", async () => {
    const b = await broker();
    const r = await unwrap(() => settingsRoute.action(routeArgs(multipart(b.cookie, { intent: "profile", ...typed }, Buffer.alloc(9 * 1024 * 1024, 7)))));
    expect(r.status).toBe(400);
    const answer = reply(r.data);
    expect(answer.fieldErrors).toEqual({ photo: MSG_PHOTO_TOO_LARGE });
    expect(answer.values).toMatchObject({ name: typed.name, phone: typed.phone, smtp_host: typed.smtp_host, smtp_port: "2525", smtp_from_email: typed.smtp_from_email });
    expect(answer.values).not.toHaveProperty("smtp_password");
    expect(answer.values).not.toHaveProperty("photo");
    expect(await loadProfile(b.user)).toMatchObject({ name: "Corretor Teste", profile_image: null });
    expect(await db().selectFrom("broker_smtp_settings").select("host").where("broker_id", "=", b.brokerId).executeTakeFirst()).toBeUndefined();
    // not an image at all
    const fake = await unwrap(() => settingsRoute.action(routeArgs(multipart(b.cookie, { intent: "photo", ...typed }, Buffer.from("MZ não é imagem")))));
    expect(reply(fake.data).fieldErrors).toEqual({ photo: "Não foi possível enviar a imagem..." });
    const none = await unwrap(() => settingsRoute.action(routeArgs(multipart(b.cookie, { intent: "photo", ...typed }))));
    expect(reply(none.data).fieldErrors).toEqual({ photo: MSG_PHOTO_MISSING });
  });

  it("'Enviar imagem' stages the photo with everything typed kept; 'Salvar alterações' confirms it; a photo sent with 'Salvar' is saved at once", async () => {
    const b = await broker();
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#aa3366" } }).jpeg().toBuffer();
    const staged = await unwrap(() => settingsRoute.action(routeArgs(multipart(b.cookie, { intent: "photo", ...typed }, jpeg))));
    expect(staged.status).toBe(200);
    const data = staged.data as unknown as { staged: { key: string; url: string; message: string } };
    expect(data.staged.message).toBe("Imagem enviada: Clique em Salvar para confirmar");
    expect(reply(staged.data).values).toMatchObject({ name: typed.name, smtp_host: typed.smtp_host });
    expect((await loadProfile(b.user))?.profile_image).toBeNull();
    const saved = await unwrap(() => settingsRoute.action(routeArgs(multipart(b.cookie, { intent: "profile", ...typed, photoKey: data.staged.key }))));
    expect(saved.status).toBe(302);
    expect(await loadProfile(b.user)).toMatchObject({ name: typed.name, phone: typed.phone, profile_image: data.staged.url });

    const once = await unwrap(() => settingsRoute.action(routeArgs(multipart(b.cookie, { intent: "profile", ...typed, name: "Com Foto Direta" }, jpeg))));
    expect(once.status).toBe(302);
    const after = (await loadProfile(b.user))!;
    expect(after.name).toBe("Com Foto Direta");
    expect(after.profile_image).not.toBe(data.staged.url);
    // the replaced photo is removed
    expect(fs.existsSync(resolveKey(data.staged.key))).toBe(false);
  });
});

describe("settings SMTP section", () => {
  it("saves SMTP with the profile; a bad port (0, 70000, letters) saves neither and says which rule", async () => {
    const b = await broker();
    const cases: [string, string][] = [
      ["0", "Porta inválida (mínimo 1)"],
      ["70000", "Porta inválida (máximo 65535)"],
      ["25a", "Informe a porta com números (de 1 a 65535)."],
      ["9".repeat(400), "Informe a porta com números (de 1 a 65535)."],
    ];
    for (const [port, message] of cases) {
      const bad = await unwrap(() =>
        settingsRoute.action(routeArgs(formRequest("/broker/settings", { intent: "profile", name: "Nome Novo", smtp_host: "smtp.x.com", smtp_port: port, smtp_password: "segredo" }, { cookie: b.cookie }))),
      );
      expect(bad.status).toBe(400);
      expect(reply(bad.data).fieldErrors).toEqual({ smtp_port: message });
      expect(reply(bad.data).values).toMatchObject({ name: "Nome Novo", smtp_host: "smtp.x.com", smtp_port: port });
      expect(reply(bad.data).values).not.toHaveProperty("smtp_password");
    }
    expect((await loadProfile(b.user))?.name).toBe("Corretor Teste");
    const host = await unwrap(() => settingsRoute.action(routeArgs(formRequest("/broker/settings", { intent: "profile", name: "Nome Novo", smtp_host: "evil.com\r\nRCPT TO:<x>" }, { cookie: b.cookie }))));
    expect(reply(host.data).fieldErrors).toEqual({ smtp_host: "Servidor SMTP inválido" });
    await run(() =>
      settingsRoute.action(routeArgs(formRequest("/broker/settings", { intent: "profile", name: "Nome Novo", smtp_host: "smtp.x.com", smtp_from_email: "eu@x.com", smtp_secure: "on" }, { cookie: b.cookie }))),
    );
    const row = await db().selectFrom("broker_smtp_settings").select(["host", "port", "secure", "from_email"]).where("broker_id", "=", b.brokerId).executeTakeFirstOrThrow();
    expect(row).toEqual({ host: "smtp.x.com", port: 587, secure: 1, from_email: "eu@x.com" });
    expect((await loadProfile(b.user))?.name).toBe("Nome Novo");
    await run(() => settingsRoute.action(routeArgs(formRequest("/broker/settings", { intent: "profile", name: "Nome Novo", smtp_host: "smtp.x.com", smtp_port: "65535", smtp_from_email: "eu@x.com" }, { cookie: b.cookie }))));
    expect(await db().selectFrom("broker_smtp_settings").select(["port", "secure"]).where("broker_id", "=", b.brokerId).executeTakeFirstOrThrow()).toEqual({ port: 65535, secure: 0 });
  });
});
