import { describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { createStage, deleteStage, listStages, moveStage, reorderStages, setEntryStage, stageSchema, updateStage } from "~/modules/crm/pipeline.server";
import { createTemplate, listTemplates, setTemplateActive, templateSchema } from "~/modules/crm/stage-templates.server";
import { moveLeadToStage } from "~/modules/crm/deals.server";
import { entryStageId } from "~/modules/crm/stages.server";
import { formRequest, getRequest, routeArgs } from "../../helpers/requests";
import { reply, run } from "../../helpers/responses";
import { adminUser, brokerUser, makeLead, stagesByName, statusOf } from "./crm-helpers";
import * as stagesRoute from "~/routes/broker/crm/stages";

describe("stage management (02 §5, §6)", () => {
  it("creates a stage at the end, edits, reorders and sets the entry stage", async () => {
    const { user } = await adminUser();
    await stagesByName();
    const before = await listStages();
    const id = await createStage(user, { name: "Pós-venda", probability: 100 });
    const after = await listStages();
    expect(after.at(-1)).toMatchObject({ id, name: "Pós-venda", position: Math.max(...before.map((s) => s.position)) + 1 });
    await updateStage(user, id, { name: "Pós venda", probability: 95 });
    expect((await listStages()).find((s) => s.id === id)).toMatchObject({ name: "Pós venda", probability: 95 });
    await moveStage(user, id, "up");
    const moved = await listStages();
    expect(moved.at(-2)?.id).toBe(id);
    await reorderStages(user, [...moved.map((s) => s.id)].reverse());
    expect((await listStages())[0].id).toBe(moved.at(-1)!.id);
    await expect(reorderStages(user, [id])).rejects.toThrow("Ordem de etapas inválida.");
    await setEntryStage(user, id);
    expect(await entryStageId()).toBe(id);
  });

  it("validates the name and the probability with the spec's message", () => {
    const empty = stageSchema.safeParse({ name: "  " });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0].message).toBe("Nome da etapa é obrigatório");
    expect(stageSchema.safeParse({ name: "X", probability: "101" }).success).toBe(false);
    expect(stageSchema.safeParse({ name: "X", probability: "-1" }).success).toBe(false);
    expect(stageSchema.safeParse({ name: "X", probability: "abc" }).success).toBe(false);
    expect(stageSchema.parse({ name: "X", probability: "40" }).probability).toBe(40);
  });

  it("refuses to delete a stage holding a lead ('Não é possível excluir') and deletes an empty one", async () => {
    const { user } = await adminUser();
    const { brokerId } = await brokerUser();
    const stageId = await createStage(user, { name: "Temporária" });
    await makeLead(brokerId, { stageId });
    await expect(deleteStage(user, stageId)).rejects.toThrow("Não é possível excluir");
    expect((await listStages()).some((s) => s.id === stageId)).toBe(true);
    const empty = await createStage(user, { name: "Vazia" });
    await createTemplate(user, empty, templateSchema.parse({ subject: "Ligar", offsetHours: "2", active: "on" }));
    await deleteStage(user, empty);
    expect((await listStages()).some((s) => s.id === empty)).toBe(false);
    expect(await db().selectFrom("crm_stage_activity_templates").select("id").where("stage_id", "=", empty).execute()).toHaveLength(0);
  });

  it("templates: offset ≥ 0, active by default on the form, and entering the stage creates the activity", async () => {
    const { user: admin } = await adminUser();
    const { user, brokerId } = await brokerUser();
    expect(templateSchema.safeParse({ subject: "Ligar", offsetHours: "-1" }).success).toBe(false);
    expect(templateSchema.safeParse({ subject: "", offsetHours: "1" }).success).toBe(false);
    const stageId = await createStage(admin, { name: "Visita agendada 2" });
    const tpl = await createTemplate(admin, stageId, templateSchema.parse({ subject: "Confirmar visita", type: "call", offsetHours: "24", active: "on" }));
    const off = await createTemplate(admin, stageId, templateSchema.parse({ subject: "Desligada", offsetHours: "0" }));
    expect((await listTemplates(stageId)).find((t) => t.id === off)?.active).toBe(0);
    await setTemplateActive(admin, off, false);
    const leadId = await makeLead(brokerId);
    const result = await moveLeadToStage(user, leadId, stageId);
    expect(result.createdActivities).toBe(1);
    const acts = await db().selectFrom("crm_activities").select(["subject", "template_id", "due_at"]).where("deal_id", "=", result.dealId ?? -1).execute();
    const deal = await db().selectFrom("crm_deals").select("id").where("external_source_id", "=", leadId).executeTakeFirstOrThrow();
    const rows = acts.length ? acts : await db().selectFrom("crm_activities").select(["subject", "template_id", "due_at"]).where("deal_id", "=", deal.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: "Confirmar visita", template_id: tpl });
  });

  it("brokers cannot manage stages: services and the route answer 403", async () => {
    const { user, cookie } = await brokerUser();
    const stages = await listStages();
    await expect(createStage(user, { name: "Minha" })).rejects.toSatisfy((e) => statusOf(e) === 403);
    await expect(deleteStage(user, stages[0].id)).rejects.toSatisfy((e) => statusOf(e) === 403);
    await expect(setEntryStage(user, stages[0].id)).rejects.toSatisfy((e) => statusOf(e) === 403);
    const loaded = await run(() => stagesRoute.loader(routeArgs(getRequest("/broker/crm/stages", { cookie }))));
    expect(statusOf(loaded.thrown)).toBe(403);
    const posted = await run(() => stagesRoute.action(routeArgs(formRequest("/broker/crm/stages", { intent: "create", name: "X" }, { cookie }))));
    expect(statusOf(posted.thrown)).toBe(403);
    expect((await listStages()).some((s) => s.name === "X")).toBe(false);
  });

  it("the route refuses deleting a stage with deals with 409 and the message", async () => {
    const { user, cookie } = await adminUser();
    const { brokerId } = await brokerUser();
    const stageId = await createStage(user, { name: "Com lead" });
    await makeLead(brokerId, { stageId });
    const res = await run(() => stagesRoute.action(routeArgs(formRequest("/broker/crm/stages", { intent: "delete", stageId: String(stageId), confirm: "yes" }, { cookie }))));
    const value = res.value as unknown as { init: { status: number }; data: unknown };
    expect(value.init.status).toBe(409);
    expect(reply(value.data).formErrors).toEqual(["Não é possível excluir"]);
  });
});
