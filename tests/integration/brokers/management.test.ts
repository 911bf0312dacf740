import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { verifyPassword } from "~/modules/auth/passwords.server";
import { BROKER_ADMIN_MESSAGES } from "~/modules/brokers/broker-form";
import { action as editorAction, loader as editorLoader } from "~/routes/admin/brokers/editor";
import { action as listAction, loader as listLoader } from "~/routes/admin/brokers/list";
import { formRequest, getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { unwrap } from "../../helpers/responses";
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

describe("creating a broker", () => {
  it("refuses missing or wrong fields with pt-BR messages and saves nothing", async () => {
    const email = uniqueEmail("nao-salva");
    const r = await create({ name: " ", email: "não é e-mail", phone: "1".repeat(40), customUrlPath: "Com Espaço/../x", password: "123" });
    expect(r.status).toBe(400);
    expect(r.data).toMatchObject({
      errors: { name: BROKER_ADMIN_MESSAGES.nameRequired, email: BROKER_ADMIN_MESSAGES.emailInvalid, customUrlPath: BROKER_ADMIN_MESSAGES.pathInvalid, password: "Senha muito curta. Use pelo menos 8 caracteres." },
    });
    const noPassword = await create({ name: "Sem Senha", email, phone: "", customUrlPath: "", password: "" });
    expect(noPassword.data).toMatchObject({ errors: { password: BROKER_ADMIN_MESSAGES.passwordRequired } });
    const common = await create({ name: "Senha Comum", email, phone: "", customUrlPath: "", password: "12345678" });
    expect(common.data).toMatchObject({ errors: { password: "Senha muito comum: escolha outra, mais difícil de adivinhar." } });
    expect(await brokerByEmail(email)).toBeUndefined();
  });

  it("creates the account with a hashed password; e-mail and address must be free", async () => {
    const email = uniqueEmail("novo-corretor");
    const path = `corretor-${Date.now().toString(36)}`;
    const r = await create({ name: "Nova <b>Corretora</b>", email: `  ${email.toUpperCase()} `, phone: "(11) 98888-7777", customUrlPath: path, password: "senha-forte-2026" });
    expect(r.status).toBe(302);
    expect(r.location).toBe("/admin/corretores");
    const row = (await brokerByEmail(email))!;
    expect(row).toMatchObject({ name: "Nova <b>Corretora</b>", phone: "(11) 98888-7777", custom_url_path: path, is_active: 1, role: "broker" });
    expect(row.password_hash).not.toContain("senha-forte-2026");
    expect(await verifyPassword("senha-forte-2026", row.password_hash)).toBe(true);

    expect((await create({ name: "Outra", email, phone: "", customUrlPath: "", password: "senha-forte-2026" })).data).toMatchObject({ errors: { email: BROKER_ADMIN_MESSAGES.emailTaken } });
    expect((await create({ name: "Outra", email: uniqueEmail("x"), phone: "", customUrlPath: path, password: "senha-forte-2026" })).data).toMatchObject({ errors: { customUrlPath: BROKER_ADMIN_MESSAGES.pathTaken } });
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
    expect((await edit(b.brokerId, { name: "Nome Novo", email: b.email, phone: "", customUrlPath: "", password: "" })).status).toBe(302);
    const kept = (await brokerByEmail(b.email))!;
    expect(kept.name).toBe("Nome Novo");
    expect(kept.password_hash).toBe(before.password_hash);
    expect((await edit(b.brokerId, { name: "Nome Novo", email: b.email, phone: "", customUrlPath: "", password: "senha-nova-4567" })).status).toBe(302);
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
    expect((await act({ intent: "delete", id: b.brokerId })).data).toMatchObject({ error: BROKER_ADMIN_MESSAGES.deleteFailed });
    expect((await act({ intent: "delete", id: "'; drop table brokers; --" })).status).toBe(400);
  });

  it("is for admins only", async () => {
    const broker = await sessionCookie((await makeBroker()).userId);
    const r = await unwrap(() => listLoader(routeArgs(getRequest("/admin/corretores", { cookie: broker }))));
    expect(r.status).toBe(302);
    expect(r.location).toMatch(/^\/login/);
  });
});
