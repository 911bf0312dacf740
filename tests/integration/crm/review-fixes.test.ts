import { describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { createLeadActivity } from "~/modules/crm/activities.server";
import { createStage } from "~/modules/crm/pipeline.server";
import { createTemplate } from "~/modules/crm/stage-templates.server";
import { templateSchema } from "~/modules/crm/stage-forms";
import * as activitiesRoute from "~/routes/broker/crm/activities";
import * as newDealRoute from "~/routes/broker/crm/new-deal";
import * as stagesRoute from "~/routes/broker/crm/stages";
import * as leadRoute from "~/routes/broker/leads/lead";
import * as listRoute from "~/routes/broker/leads/list";
import { formRequest, getRequest, routeArgs } from "../../helpers/requests";
import { reply, unwrap } from "../../helpers/responses";
import { adminUser, brokerUser, makeLead, stagesByName } from "./crm-helpers";

/** Issue 24, CRM (spec 02): the review's findings, through the routes a person uses. */

/** The toast a redirect carries (the signed `__flash` cookie's JSON). */
function flash(r: { headers: Headers }): string {
  const value = /__flash=([^.;]+)/.exec(r.headers.get("Set-Cookie") ?? "")?.[1] ?? "";
  return Buffer.from(decodeURIComponent(value), "base64").toString("utf8");
}

describe("values a person types are refused with a message, never cut or rounded", () => {
  it("the Negócio card refuses a 30-digit value and a tag over 40 characters; nothing is saved and the typing comes back", async () => {
    const a = await brokerUser();
    const id = await makeLead(a.brokerId);
    const post = (fields: Record<string, string>) => unwrap(() => leadRoute.action(routeArgs(formRequest(`/broker/lead/${id}`, { intent: "business", rating: "3", ...fields }, { cookie: a.cookie }), { id: String(id) })));

    const huge = "9".repeat(30);
    const r1 = await post({ total_value: huge, tags: "vip" });
    expect(r1.status).toBe(400);
    expect(reply(r1.data).fieldErrors.total_value).toBe("Informe um valor de no máximo 1.000.000.000.000");
    expect(reply(r1.data).values).toMatchObject({ total_value: huge, tags: "vip" });

    const long = "x".repeat(41);
    const r2 = await post({ total_value: "1.500,00", tags: `vip, ${long}` });
    expect(r2.status).toBe(400);
    expect(reply(r2.data).fieldErrors.tags).toBe(`Cada tag pode ter no máximo 40 caracteres: "${long}" tem 41.`);
    expect(reply(r2.data).values.tags).toBe(`vip, ${long}`);

    const row = await db().selectFrom("leads").select(["total_value", "tags", "rating"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.total_value ?? null).toBeNull();
    expect(row.rating ?? 0).toBe(0);

    // the boundary: exactly 40 characters is a tag
    const forty = "y".repeat(40);
    const ok = await post({ total_value: "1.000.000.000.000", tags: forty });
    expect(ok.status).toBe(302);
    const saved = await db().selectFrom("leads").select(["total_value", "tags"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(saved.total_value).toBe(1_000_000_000_000);
    expect(String(saved.tags)).toContain(forty);
  });

  it("'Criar oportunidade' refuses a 30-digit value beside the field and keeps the rest", async () => {
    const stages = await stagesByName();
    const a = await brokerUser();
    const before = await db().selectFrom("crm_deals").select(db().fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const r = await unwrap(() =>
      newDealRoute.action(routeArgs(formRequest("/broker/crm/oportunidade", { contactName: "João", title: "Casa", stageId: String(stages["Entrada"]), amount: "1".repeat(30) }, { cookie: a.cookie }))),
    );
    expect(r.status).toBe(400);
    expect(reply(r.data).fieldErrors.amount).toBeTruthy();
    expect(reply(r.data).values).toMatchObject({ contactName: "João", title: "Casa" });
    const after = await db().selectFrom("crm_deals").select(db().fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe("reassigning a lead", () => {
  it("offers only active brokers and refuses an inactive one sent by hand", async () => {
    const admin = await adminUser();
    const owner = await brokerUser("Dono Ativo");
    const gone = await brokerUser("Saiu da Equipe");
    await db().updateTable("brokers").set({ is_active: 0 }).where("id", "=", gone.brokerId).execute();
    const lead = await makeLead(owner.brokerId);

    const page = await unwrap(() => listRoute.loader(routeArgs(getRequest("/broker/leads", { cookie: admin.cookie }))));
    const offered = (page.data as { activeBrokers: { id: string }[] }).activeBrokers.map((b) => b.id);
    expect(offered).toContain(owner.brokerId);
    expect(offered).not.toContain(gone.brokerId);

    const r = await unwrap(() => listRoute.action(routeArgs(formRequest("/broker/leads", { intent: "reassign", lead: String(lead), broker: gone.brokerId }, { cookie: admin.cookie }))));
    expect(r.status).toBe(400);
    expect(reply(r.data).formErrors.join(" ")).toMatch(/corretor/i);
    expect((await db().selectFrom("leads").select("broker_id").where("id", "=", lead).executeTakeFirstOrThrow()).broker_id).toBe(owner.brokerId);
  });
});

describe("Gerenciar Etapas", () => {
  it("refuses a duplicate name (case and accents aside) beside the field; removing an automatic activity says 'removida'", async () => {
    const admin = await adminUser();
    const post = (fields: Record<string, string>) => unwrap(() => stagesRoute.action(routeArgs(formRequest("/broker/crm/stages", fields, { cookie: admin.cookie }))));
    const dup = await post({ intent: "create", name: "negociaçao" });
    expect(dup.status).toBe(409);
    expect(reply(dup.data).fieldErrors.name).toBe("Já existe uma etapa com esse nome");
    expect(reply(dup.data).values.name).toBe("negociaçao");
    expect((await db().selectFrom("crm_stages").select("id").where("name", "=", "negociaçao").execute()).length).toBe(0);

    const stageId = await createStage(admin.user, { name: `Etapa ${Date.now()}` });
    const renamed = await post({ intent: "update", stageId: String(stageId), name: "PROPOSTA" });
    expect(renamed.status).toBe(409);
    expect(reply(renamed.data).fieldErrors.name).toBe("Já existe uma etapa com esse nome");

    const templateId = await createTemplate(admin.user, stageId, templateSchema.parse({ subject: "Ligar", offsetHours: "2", active: "on" }));
    const removed = await post({ intent: "template-delete", stageId: String(stageId), templateId: String(templateId) });
    expect(removed.status).toBe(302);
    expect(flash(removed)).toContain("Atividade automática removida");
    expect(flash(removed)).not.toMatch(/salva/i);
  });
});

describe("activities can be deleted", () => {
  it("from the lead page, and from /broker/crm/activities after a question (without JavaScript a state of the URL)", async () => {
    const a = await brokerUser();
    const b = await brokerUser();
    const lead = await makeLead(a.brokerId);
    const first = await createLeadActivity(a.user, lead, { subject: "Ligar" });
    const second = await createLeadActivity(a.user, lead, { subject: "Visitar" });
    const exists = async (id: number) => (await db().selectFrom("crm_activities").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;

    // another broker's activity: refused, kept
    const foreign = await unwrap(() => leadRoute.action(routeArgs(formRequest(`/broker/lead/${lead}`, { intent: "activity-delete", activity: String(first) }, { cookie: b.cookie }), { id: String(lead) })));
    expect(foreign.status).toBe(404);
    expect(await exists(first)).toBe(true);

    const fromPage = await unwrap(() => leadRoute.action(routeArgs(formRequest(`/broker/lead/${lead}`, { intent: "activity-delete", activity: String(first) }, { cookie: a.cookie }), { id: String(lead) })));
    expect(fromPage.location).toBe(`/broker/lead/${lead}#atividades`);
    expect(await exists(first)).toBe(false);

    const ask = await unwrap(() => activitiesRoute.action(routeArgs(formRequest("/broker/crm/activities?status=all", { intent: "delete", ids: String(second) }, { cookie: a.cookie }))));
    expect(ask.status).toBe(303);
    expect(ask.location).toBe(`/broker/crm/activities?status=all&excluir=1&ids=${second}`);
    expect(await exists(second)).toBe(true);
    const question = await unwrap(() => activitiesRoute.loader(routeArgs(getRequest(ask.location!, { cookie: a.cookie }))));
    expect((question.data as { confirmIds: number[] }).confirmIds).toEqual([second]);

    const done = await unwrap(() => activitiesRoute.action(routeArgs(formRequest("/broker/crm/activities?status=all", { intent: "delete", ids: String(second), confirm: "yes" }, { cookie: a.cookie }))));
    expect(done.location).toBe("/broker/crm/activities?status=all");
    expect(flash(done)).toContain("Atividade excluída");
    expect(await exists(second)).toBe(false);
  });
});
