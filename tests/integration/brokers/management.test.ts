import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { verifyPassword } from "~/modules/auth/passwords.server";
import { BROKER_ADMIN_MESSAGES } from "~/modules/brokers/broker-form";
import { action as editorAction, loader as editorLoader } from "~/routes/admin/brokers/editor";
import { action as listAction, loader as listLoader } from "~/routes/admin/brokers/list";
import { formRequest, getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { reply, unwrap } from "../../helpers/responses";
import sharp from "sharp";
import fs from "node:fs";
import { keyFromUrl, resolveKey } from "~/modules/files/storage.server";
import { MSG_PHOTO_FAILED, MSG_PHOTO_TOO_LARGE } from "~/modules/brokers/profile";
import { makeAdmin, makeBroker, makeLead, uniqueEmail } from "../../helpers/factories";

/** /admin/corretores (issue 10, spec 03 §2.11): the admin's broker management through its route modules, on the real database. */
let admin = "";
beforeAll(async () => {
  admin = await sessionCookie((await makeAdmin()).id);
});

const create = (fields: Record<string, string>) => unwrap(() => editorAction(routeArgs(formRequest("/admin/corretores/novo", fields, { cookie: admin }))));
const edit = (id: string, fields: Record<string, string>) => unwrap(() => editorAction(routeArgs(formRequest(`/admin/corretores/${id}/editar`, fields, { cookie: admin }), { id })));
const act = (fields: Record<string, string>) => unwrap(() => listAction(routeArgs(formRequest("/admin/corretores", fields, { cookie: admin }))));
const brokerByEmail = (email: string) => db().selectFrom("brokers").innerJoin("users", "users.id", "brokers.user_id").select(["brokers.id", "brokers.name", "brokers.phone", "brokers.custom_url_path", "brokers.is_active", "users.password_hash", "users.id as user_id", "users.role"]).where("brokers.email", "=", email).executeTakeFirst();

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
const good = (over: Record<string, string> = {}) => {
  const t = stamp();
  return { name: `Corretor ${t}`, email: uniqueEmail(`c${t}`), phone: "(11) 98888-7777", customUrlPath: `corretor-${t}`, password: "senha-forte-2026", ...over };
};
function multipart(url: string, fields: Record<string, string>, photo?: { data: Buffer; name: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (photo) form.set("photo", new File([new Uint8Array(photo.data)], photo.name, { type: "image/jpeg" }));
  return new Request(`http://localhost${url}`, { method: "POST", body: form, headers: { Cookie: admin } });
}

describe("creating a broker", () => {
  it("refuses missing or wrong fields with pt-BR messages, gives back what was typed (never the password) and saves nothing", async () => {
    const email = uniqueEmail("nao-salva");
    const r = await create({ name: " ", email: "não é e-mail", phone: "1".repeat(40), customUrlPath: "Com Espaço/../x", password: "123" });
    expect(r.status).toBe(400);
    const answer = reply(r.data);
    expect(answer.fieldErrors).toMatchObject({
      name: BROKER_ADMIN_MESSAGES.nameRequired,
      email: BROKER_ADMIN_MESSAGES.emailInvalid,
      phone: "No máximo 30 caracteres",
      customUrlPath: BROKER_ADMIN_MESSAGES.pathInvalid,
      password: "Senha muito curta. Use pelo menos 8 caracteres.",
    });
    expect(answer.values).toMatchObject({ email: "não é e-mail", customUrlPath: "Com Espaço/../x" });
    expect(answer.values).not.toHaveProperty("password");
    // phone and custom address are required (spec 03 §5)
    const missing = reply((await create({ name: "Sem Telefone", email, phone: "", customUrlPath: "", password: "senha-forte-2026" })).data);
    expect(missing.fieldErrors).toMatchObject({ phone: BROKER_ADMIN_MESSAGES.phoneRequired, customUrlPath: BROKER_ADMIN_MESSAGES.pathRequired });
    expect(missing.values).toMatchObject({ name: "Sem Telefone", email });
    const shortPhone = reply((await create(good({ email, phone: "9876-5432" }))).data);
    expect(shortPhone.fieldErrors).toEqual({ phone: BROKER_ADMIN_MESSAGES.phoneInvalid });
    const noPassword = await create(good({ email, password: "" }));
    expect(reply(noPassword.data).fieldErrors).toEqual({ password: BROKER_ADMIN_MESSAGES.passwordRequired });
    const common = await create(good({ email, password: "12345678" }));
    expect(reply(common.data).fieldErrors).toEqual({ password: "Senha muito comum: escolha outra, mais difícil de adivinhar." });
    // wrong types and injection strings
    const injected = reply((await create(good({ email: "x@y.com'; drop table users; --", customUrlPath: "<script>alert(1)</script>" }))).data);
    expect(injected.fieldErrors).toMatchObject({ email: BROKER_ADMIN_MESSAGES.emailInvalid, customUrlPath: BROKER_ADMIN_MESSAGES.pathInvalid });
    const huge = reply((await create(good({ email, name: "N".repeat(10_000) }))).data);
    expect(huge.fieldErrors).toEqual({ name: "No máximo 120 caracteres" });
    expect(JSON.stringify([answer, missing, injected, huge])).not.toMatch(/expected|Invalid|Too (big|small)/);
    expect(await brokerByEmail(email)).toBeUndefined();
  });

  it("creates the account with a hashed password and the phone in its mask; e-mail and address must be free", async () => {
    const email = uniqueEmail("novo-corretor");
    const path = `corretor-${Date.now().toString(36)}`;
    const r = await create({ name: "Nova <b>Corretora</b>", email: `  ${email.toUpperCase()} `, phone: "+55 11 98888-7777", customUrlPath: path.toUpperCase(), password: "senha-forte-2026" });
    expect(r.status).toBe(302);
    expect(r.location).toBe("/admin/corretores");
    const row = (await brokerByEmail(email))!;
    expect(row).toMatchObject({ name: "Nova <b>Corretora</b>", phone: "(11) 98888-7777", custom_url_path: path, is_active: 1, role: "broker" });
    expect(row.password_hash).not.toContain("senha-forte-2026");
    expect(await verifyPassword("senha-forte-2026", row.password_hash)).toBe(true);

    const takenEmail = reply((await create(good({ email }))).data);
    expect(takenEmail.fieldErrors).toEqual({ email: BROKER_ADMIN_MESSAGES.emailTaken });
    expect(takenEmail.values).toMatchObject({ email });
    expect(reply((await create(good({ customUrlPath: path }))).data).fieldErrors).toEqual({ customUrlPath: BROKER_ADMIN_MESSAGES.pathTaken });
  });

  it("stores the photo the admin chose (400 px, without metadata); a corrupt or 9 MB photo is refused beside its field and nothing is saved", async () => {
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#3366aa" } }).jpeg().withExif({ IFD0: { Artist: "Segredo" } }).toBuffer();
    const fields = good();
    const corrupt = await unwrap(() => editorAction(routeArgs(multipart("/admin/corretores/novo", fields, { data: Buffer.from("não é imagem"), name: "foto.jpg" }))));
    expect(corrupt.status).toBe(400);
    expect(reply(corrupt.data).fieldErrors).toEqual({ photo: MSG_PHOTO_FAILED });
    expect(reply(corrupt.data).values).toMatchObject({ name: fields.name, phone: fields.phone });
    const big = await unwrap(() => editorAction(routeArgs(multipart("/admin/corretores/novo", fields, { data: Buffer.alloc(9 * 1024 * 1024, 1), name: "foto.jpg" }))));
    expect(reply(big.data).fieldErrors).toEqual({ photo: MSG_PHOTO_TOO_LARGE });
    expect(await brokerByEmail(fields.email)).toBeUndefined();

    const ok = await unwrap(() => editorAction(routeArgs(multipart("/admin/corretores/novo", fields, { data: jpeg, name: "foto.jpg" }))));
    expect(ok.status).toBe(302);
    const row = await db().selectFrom("brokers").select(["id", "profile_image"]).where("email", "=", fields.email).executeTakeFirstOrThrow();
    expect(row.profile_image).toMatch(new RegExp(`^/uploads/profile-images/${row.id}/`));
    const file = resolveKey(keyFromUrl(row.profile_image!)!);
    const meta = await sharp(fs.readFileSync(file)).metadata();
    expect([meta.width, meta.height, meta.format, meta.exif]).toEqual([400, 400, "webp", undefined]);

    // replacing it removes the old file; 'Remover a foto atual' clears it
    const edit = (extra: Record<string, string>, photo?: { data: Buffer; name: string }) =>
      unwrap(() => editorAction(routeArgs(multipart(`/admin/corretores/${row.id}/editar`, { ...fields, password: "", ...extra }, photo), { id: row.id })));
    expect((await edit({}, { data: jpeg, name: "nova.jpg" })).status).toBe(302);
    const replaced = (await db().selectFrom("brokers").select("profile_image").where("id", "=", row.id).executeTakeFirstOrThrow()).profile_image!;
    expect(replaced).not.toBe(row.profile_image);
    expect(fs.existsSync(file)).toBe(false);
    expect((await edit({ removePhoto: "on" })).status).toBe(302);
    expect((await db().selectFrom("brokers").select("profile_image").where("id", "=", row.id).executeTakeFirstOrThrow()).profile_image).toBeNull();
    expect(fs.existsSync(resolveKey(keyFromUrl(replaced)!))).toBe(false);
  });
});

describe("editing, activating and deleting", () => {
  it("keeps the password when left blank; a new one replaces the hash and signs the broker out", async () => {
    const b = await makeBroker({ password: "senha-antiga-123" });
    const session = await sessionCookie(b.userId);
    expect(session).toBeTruthy();
    const before = (await brokerByEmail(b.email))!;
    const page = await unwrap(() => editorLoader(routeArgs(getRequest(`/admin/corretores/${b.brokerId}/editar`, { cookie: admin }), { id: b.brokerId })));
    expect(page.data).toMatchObject({ broker: { id: b.brokerId, email: b.email } });
    const rest = { phone: "(21) 3333-4444", customUrlPath: `nome-novo-${stamp()}` };
    expect((await edit(b.brokerId, { name: "Nome Novo", email: b.email, ...rest, password: "" })).status).toBe(302);
    const kept = (await brokerByEmail(b.email))!;
    expect(kept.name).toBe("Nome Novo");
    expect(kept.password_hash).toBe(before.password_hash);
    expect((await edit(b.brokerId, { name: "Nome Novo", email: b.email, ...rest, password: "senha-nova-4567" })).status).toBe(302);
    expect(await verifyPassword("senha-nova-4567", (await brokerByEmail(b.email))!.password_hash)).toBe(true);
    expect(await db().selectFrom("sessions").select("id").where("user_id", "=", b.userId).execute()).toHaveLength(0);
    const missing = await unwrap(() => editorLoader(routeArgs(getRequest("/admin/corretores/00000000-0000-4000-8000-000000000000/editar", { cookie: admin }), { id: "00000000-0000-4000-8000-000000000000" })));
    expect(missing.status).toBe(404);
  });

  it("deactivates and activates; deleting keeps the broker's leads, without a broker", async () => {
    const b = await makeBroker();
    expect((await act({ intent: "deactivate", id: b.brokerId, back: "?q=x" })).location).toBe("/admin/corretores?q=x");
    expect((await brokerByEmail(b.email))!.is_active).toBe(0);
    await act({ intent: "activate", id: b.brokerId });
    expect((await brokerByEmail(b.email))!.is_active).toBe(1);

    const lead = await makeLead({ brokerId: b.brokerId });
    const list = await unwrap(() => listLoader(routeArgs(getRequest(`/admin/corretores?q=${encodeURIComponent(b.email)}&confirmDelete=${b.brokerId}`, { cookie: admin }))));
    expect(list.data).toMatchObject({ confirm: { id: b.brokerId } });
    const deleted = await act({ intent: "delete", id: b.brokerId, back: "https://evil.example/" });
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe("/admin/corretores"); // never leaves the page
    expect(await brokerByEmail(b.email)).toBeUndefined();
    expect(await db().selectFrom("users").select("id").where("id", "=", b.userId).executeTakeFirst()).toBeUndefined();
    expect((await db().selectFrom("leads").select("broker_id").where("id", "=", lead.id).executeTakeFirstOrThrow()).broker_id).toBeNull();
    expect(reply((await act({ intent: "delete", id: b.brokerId })).data).formErrors).toEqual([BROKER_ADMIN_MESSAGES.deleteFailed]);
    const injected = await act({ intent: "delete", id: "'; drop table brokers; --" });
    expect(injected.status).toBe(400);
    expect(reply(injected.data).formErrors).toEqual([BROKER_ADMIN_MESSAGES.notFound]);
    expect((await act({ intent: "promote", id: b.brokerId })).status).toBe(400);
  });

  it("/admin/brokers answers with a permanent redirect to /admin/corretores, path and query kept", async () => {
    const { loader } = await import("~/routes/admin/brokers/legacy");
    const list = await unwrap(() => loader(routeArgs(getRequest("/admin/brokers?q=ana", { cookie: admin }))));
    expect([list.status, list.location]).toEqual([301, "/admin/corretores?q=ana"]);
    const novo = await unwrap(() => loader(routeArgs(getRequest("/admin/brokers/novo", { cookie: admin }), { "*": "novo" })));
    expect(novo.location).toBe("/admin/corretores/novo");
    const anonymous = await unwrap(() => loader(routeArgs(getRequest("/admin/brokers"))));
    expect(anonymous.location).toMatch(/^\/login\?redirectTo=/);
  });

  it("is for admins only", async () => {
    const broker = await sessionCookie((await makeBroker()).userId);
    const r = await unwrap(() => listLoader(routeArgs(getRequest("/admin/corretores", { cookie: broker }))));
    expect(r.status).toBe(302);
    expect(r.location).toMatch(/^\/login/);
  });
});
