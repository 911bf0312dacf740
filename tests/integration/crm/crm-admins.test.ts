import { describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { getSessionUser } from "~/modules/auth/session.server";
import { can, canAdministerCrm } from "~/modules/auth/permissions.server";
import * as leadRoute from "~/routes/broker/leads/lead";
import { crmAdminRights } from "~/modules/crm/crm-admins.server";
import { CRM_ADMIN_MESSAGES } from "~/modules/crm/crm-admins";
import * as crmAdminRoute from "~/routes/admin/crm";
import * as listRoute from "~/routes/broker/leads/list";
import * as stagesRoute from "~/routes/broker/crm/stages";
import * as boardRoute from "~/routes/broker/crm/board";
import { formRequest, getRequest, routeArgs } from "../../helpers/requests";
import { reply, unwrap } from "../../helpers/responses";
import { adminUser, brokerUser, makeLead } from "./crm-helpers";

/** /admin/crm (spec 03 §2.11) and what a CRM admin grant gives, through the real route modules on the real database. */
const grants = () => db().selectFrom("crm_admins").select(["broker_id", "granted_by"]).orderBy("broker_id").execute();
const post = (cookie: string | undefined, fields: Record<string, string>) => unwrap(() => crmAdminRoute.action(routeArgs(formRequest("/admin/crm", fields, { cookie }))));
const page = (cookie: string | undefined, url = "/admin/crm") => unwrap(() => crmAdminRoute.loader(routeArgs(getRequest(url, { cookie }))));

describe("/admin/crm guard", () => {
  it("sends anonymous visitors to /login and an inactive broker to /broker/bloqueado, loader and action, and changes nothing", async () => {
    const inactive = await brokerUser("Corretor Inativo");
    await db().updateTable("brokers").set({ is_active: 0 }).where("id", "=", inactive.brokerId).execute();
    const before = await grants();
    for (const [cookie, where] of [[undefined, "/login"], [inactive.cookie, "/broker/bloqueado"]] as const) {
      const loaded = await page(cookie);
      expect(loaded.status).toBe(302);
      expect(new URL(loaded.location!, "http://localhost").pathname).toBe(where);
      const posted = await post(cookie, { intent: "grant", id: inactive.brokerId });
      expect(posted.status).toBe(302);
      expect(new URL(posted.location!, "http://localhost").pathname).toBe(where);
    }
    expect(await grants()).toEqual(before);
  });

  it("a plain broker sees only their own row, 'negado' and 'somente a si mesmo' (spec 03 §6), and cannot grant", async () => {
    const plain = await brokerUser("Corretor Curioso");
    const other = await brokerUser("Outro Corretor");
    const before = await grants();
    const loaded = await page(plain.cookie);
    expect(loaded.status).toBe(200);
    expect(loaded.data).toMatchObject({ total: 1, rights: { grant: "negado", revoke: "somente a si mesmo" } });
    expect(loaded.data!.rows.map((r) => r.id)).toEqual([plain.brokerId]);
    for (const id of [plain.brokerId, other.brokerId]) {
      const posted = await post(plain.cookie, { intent: "grant", id });
      expect(posted.status).toBe(403);
      expect(reply(posted.data).formErrors).toEqual([CRM_ADMIN_MESSAGES.cannotGrant]);
    }
    expect((await post(plain.cookie, { intent: "revoke", id: other.brokerId })).status).toBe(403);
    expect(await grants()).toEqual(before);
  });
});

describe("granting and removing CRM admin", () => {
  it("lists brokers with the flag; grant and revoke answer 303 with a pt-BR toast", async () => {
    const admin = await adminUser();
    const target = await brokerUser("Zacarias Admin CRM");
    const listed = await page(admin.cookie, "/admin/crm?q=Zacarias");
    expect(listed.data).toMatchObject({ total: 1, rights: { grant: "permitido", revoke: "permitido" }, error: null });
    expect(listed.data!.rows).toEqual([expect.objectContaining({ id: target.brokerId, name: "Zacarias Admin CRM", crmAdmin: false })]);

    const granted = await post(admin.cookie, { intent: "grant", id: target.brokerId, back: "?q=Zacarias" });
    expect(granted.status).toBe(303);
    expect(granted.location).toBe("/admin/crm?q=Zacarias");
    expect(granted.headers.get("Set-Cookie")).toBeTruthy();
    expect(await db().selectFrom("crm_admins").selectAll().where("broker_id", "=", target.brokerId).executeTakeFirst()).toMatchObject({ granted_by: admin.user.id });
    expect((await page(admin.cookie, "/admin/crm?q=Zacarias")).data!.rows[0]).toMatchObject({ crmAdmin: true });
    // the flag rides on the session user
    expect((await getSessionUser(getRequest("/", { cookie: target.cookie })))?.crmAdmin).toBe(true);
    // granting twice is harmless
    expect((await post(admin.cookie, { intent: "grant", id: target.brokerId })).status).toBe(303);

    const revoked = await post(admin.cookie, { intent: "revoke", id: target.brokerId, back: "https://evil.example/" });
    expect(revoked.status).toBe(303);
    expect(revoked.location).toBe("/admin/crm");
    expect(await db().selectFrom("crm_admins").selectAll().where("broker_id", "=", target.brokerId).executeTakeFirst()).toBeUndefined();
    expect((await getSessionUser(getRequest("/", { cookie: target.cookie })))?.crmAdmin).toBe(false);
  });

  it("refuses bad input with a pt-BR error and changes nothing", async () => {
    const admin = await adminUser();
    const noEmail = await brokerUser("Sem Email");
    await db().updateTable("brokers").set({ email: "sem-email" }).where("id", "=", noEmail.brokerId).execute();
    const before = await grants();
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "grant", id: "00000000-0000-4000-8000-000000000000" }, 404, CRM_ADMIN_MESSAGES.notFound],
      [{ intent: "grant", id: "abc" }, 404, CRM_ADMIN_MESSAGES.notFound],
      [{ intent: "grant", id: "42" }, 404, CRM_ADMIN_MESSAGES.notFound],
      [{ intent: "revoke", id: admin.user.id }, 404, CRM_ADMIN_MESSAGES.notFound],
      [{ intent: "promote", id: noEmail.brokerId }, 400, CRM_ADMIN_MESSAGES.notFound],
      [{ intent: "grant" }, 400, CRM_ADMIN_MESSAGES.notFound],
      [{ intent: "grant", id: noEmail.brokerId }, 400, "Corretor sem e-mail válido"],
    ];
    for (const [fields, status, error] of cases) {
      const r = await post(admin.cookie, fields);
      expect(r.status, JSON.stringify(fields)).toBe(status);
      expect(reply(r.data).formErrors).toEqual([error]);
    }
    expect(await grants()).toEqual(before);
  });

  it("summarises the rights of spec 03 §6: admins and CRM admins may do all, others only remove themselves", async () => {
    const admin = await adminUser();
    const plain = await brokerUser("Sem Direito");
    expect(crmAdminRights(admin.user)).toEqual({ grant: "permitido", revoke: "permitido" });
    expect(crmAdminRights({ ...plain.user, crmAdmin: true })).toEqual({ grant: "permitido", revoke: "permitido" });
    expect(crmAdminRights(plain.user)).toEqual({ grant: "negado", revoke: "somente a si mesmo" });
    expect(crmAdminRights(null)).toEqual({ grant: "negado", revoke: "somente a si mesmo" });
  });

  it("canAdministerCrm: admins and active granted brokers; the grant adds CRM powers only", async () => {
    const admin = await adminUser();
    const b = await brokerUser("Beto Limites");
    const granted = { ...b.user, crmAdmin: true };
    expect(canAdministerCrm(admin.user)).toBe(true);
    expect(canAdministerCrm(granted)).toBe(true);
    expect(canAdministerCrm(b.user)).toBe(false);
    expect(canAdministerCrm(null)).toBe(false);
    expect(canAdministerCrm({ ...granted, broker: { ...granted.broker!, isActive: false } })).toBe(false);
    const other = { brokerId: "someone-else" };
    for (const [action, entity] of [["read", "lead"], ["delete", "lead"], ["update", "note"], ["delete", "note"], ["update", "stage"], ["update", "activity"]] as const) {
      expect(can(granted, action, entity, other), `${action}:${entity}`).toBe(true);
      expect(can(b.user, action, entity, other), `${action}:${entity}`).toBe(false);
    }
    for (const [action, entity] of [["read", "admin-area"], ["read", "broker"], ["update", "webhook"], ["update", "blog"], ["update", "roulette"], ["delete", "material"], ["update", "crm-admin"], ["read", "campaign"]] as const) {
      expect(can(granted, action, entity, other), `${action}:${entity}`).toBe(false);
    }
  });

  it("a deleted broker's grant goes with it", async () => {
    const admin = await adminUser();
    const b = await brokerUser("Dora Apagada");
    expect((await post(admin.cookie, { intent: "grant", id: b.brokerId })).status).toBe(303);
    await db().deleteFrom("users").where("id", "=", b.user.id).execute();
    expect(await db().selectFrom("crm_admins").selectAll().where("broker_id", "=", b.brokerId).executeTakeFirst()).toBeUndefined();
  });
});

describe("what the grant gives, through the broker area's routes", () => {
  it("a CRM admin sees every lead, filters by broker, reassigns and manages stages; a plain broker still sees only own leads", async () => {
    const admin = await adminUser();
    const crmAdmin = await brokerUser("Cida Admin");
    const plain = await brokerUser("Paulo Comum");
    const tag = `poderes${Date.now().toString(36)}`;
    const ownOfAdmin = await makeLead(crmAdmin.brokerId, { name: `${tag} da Cida` });
    const ofPlain = await makeLead(plain.brokerId, { name: `${tag} do Paulo` });
    await makeLead(null, { name: `${tag} sem corretor` });

    const leadsOf = async (cookie: string, extra = "") => {
      const r = await unwrap(() => listRoute.loader(routeArgs(getRequest(`/broker/leads?q=${tag}${extra}`, { cookie }))));
      const d = r.data as { page: { total: number; rows: { name: string }[] }; isAdmin: boolean };
      return { total: d.page.total, isAdmin: d.isAdmin, names: d.page.rows.map((x) => x.name).sort() };
    };
    const stagesPage = (cookie: string) => unwrap(() => stagesRoute.loader(routeArgs(getRequest("/broker/crm/stages", { cookie }))));
    const createStage = (cookie: string, name: string) => unwrap(() => stagesRoute.action(routeArgs(formRequest("/broker/crm/stages", { intent: "create", name, probability: "10" }, { cookie }))));
    const reassign = (cookie: string, lead: number, broker: string) => unwrap(() => listRoute.action(routeArgs(formRequest("/broker/leads", { intent: "reassign", lead: String(lead), broker }, { cookie }))));

    // before the grant: both are plain brokers
    expect(await leadsOf(crmAdmin.cookie)).toMatchObject({ total: 1, isAdmin: false });
    expect((await stagesPage(crmAdmin.cookie)).status).toBe(403);
    expect((await reassign(crmAdmin.cookie, ofPlain, crmAdmin.brokerId)).status).toBe(403);

    expect((await post(admin.cookie, { intent: "grant", id: crmAdmin.brokerId })).status).toBe(303);

    // after: the CRM admin sees all three, can filter by broker, sees the admin columns
    expect(await leadsOf(crmAdmin.cookie)).toEqual({ total: 3, isAdmin: true, names: [`${tag} da Cida`, `${tag} do Paulo`, `${tag} sem corretor`] });
    expect((await leadsOf(crmAdmin.cookie, `&broker=${plain.brokerId}`)).names).toEqual([`${tag} do Paulo`]);
    const board = await unwrap(() => boardRoute.loader(routeArgs(getRequest("/broker/crm?owner=all", { cookie: crmAdmin.cookie }))));
    expect(board.data).toMatchObject({ mode: "board", isAdmin: true });
    // opens another broker's lead, may edit notes there
    const leadPage = await unwrap(() => leadRoute.loader(routeArgs(getRequest(`/broker/lead/${ofPlain}`, { cookie: crmAdmin.cookie }), { id: String(ofPlain) })));
    expect(leadPage.status).toBe(200);
    expect(leadPage.data).toMatchObject({ canEditNotes: true });
    // manages stages
    expect((await stagesPage(crmAdmin.cookie)).status).toBe(200);
    const stageName = `Etapa ${tag}`;
    expect((await createStage(crmAdmin.cookie, stageName)).status).toBe(302);
    expect(await db().selectFrom("crm_stages").select("id").where("name", "=", stageName).executeTakeFirst()).toBeTruthy();
    // reassigns another broker's lead
    const moved = await reassign(crmAdmin.cookie, ofPlain, crmAdmin.brokerId);
    expect([302, 303]).toContain(moved.status);
    expect((await db().selectFrom("leads").select("broker_id").where("id", "=", ofPlain).executeTakeFirstOrThrow()).broker_id).toBe(crmAdmin.brokerId);

    // the plain broker: still only own leads (now none), no stages, no reassigning
    await db().updateTable("leads").set({ broker_id: plain.brokerId }).where("id", "=", ofPlain).execute();
    expect(await leadsOf(plain.cookie)).toEqual({ total: 1, isAdmin: false, names: [`${tag} do Paulo`] });
    expect((await leadsOf(plain.cookie, `&broker=${crmAdmin.brokerId}`)).total).toBe(1);
    expect((await stagesPage(plain.cookie)).status).toBe(403);
    expect((await createStage(plain.cookie, `${stageName} 2`)).status).toBe(403);
    expect((await reassign(plain.cookie, ownOfAdmin, plain.brokerId)).status).toBe(403);
    expect((await db().selectFrom("leads").select("broker_id").where("id", "=", ownOfAdmin).executeTakeFirstOrThrow()).broker_id).toBe(crmAdmin.brokerId);

    // the CRM admin opens /admin/crm (not sent to /login) and grants CRM admin to another broker (spec 03 §6)
    const asCrmAdmin = await page(crmAdmin.cookie, `/admin/crm?q=${encodeURIComponent("Paulo Comum")}`);
    expect(asCrmAdmin.status).toBe(200);
    expect(asCrmAdmin.data).toMatchObject({ rights: { grant: "permitido", revoke: "permitido" } });
    expect((await post(crmAdmin.cookie, { intent: "grant", id: plain.brokerId })).status).toBe(303);
    expect(await db().selectFrom("crm_admins").select("granted_by").where("broker_id", "=", plain.brokerId).executeTakeFirst()).toEqual({ granted_by: crmAdmin.user.id });
    expect((await post(crmAdmin.cookie, { intent: "revoke", id: plain.brokerId })).status).toBe(303);

    // revoked: back to own leads at the next request
    expect((await post(admin.cookie, { intent: "revoke", id: crmAdmin.brokerId })).status).toBe(303);
    expect(await leadsOf(crmAdmin.cookie)).toMatchObject({ total: 1, isAdmin: false });
    expect((await stagesPage(crmAdmin.cookie)).status).toBe(403);
  });
});
