import { describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { moveLeadToStage, leadDealFor, positionBetween, reassignLeadBroker } from "~/modules/crm/deals.server";
import { stageHistory, leadTimeline } from "~/modules/crm/history.server";
import { addNote, deleteNote, listNotes, updateNote } from "~/modules/crm/notes.server";
import { completeActivity, createLeadActivity, listLeadActivities, reopenActivity } from "~/modules/crm/activities.server";
import { listLeads } from "~/modules/leads/lead-list.server";
import { findDuplicateLead } from "~/modules/leads/duplicates.server";
import { requireLead } from "~/modules/leads/lead-access.server";
import { adminUser, brokerUser, makeLead, messageOf, stagesByName, statusOf } from "./crm-helpers";

async function expectRefused(p: Promise<unknown>, status: number, message?: string) {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "should have been refused").not.toBeNull();
  expect(statusOf(error)).toBe(status);
  if (message) expect(messageOf(error)).toBe(message);
}

describe("lead access", () => {
  it("a broker can neither read nor change another broker's lead (404 'Lead não encontrado.')", async () => {
    const a = await brokerUser("Ana");
    const b = await brokerUser("Bruno");
    const stages = await stagesByName();
    const leadOfB = await makeLead(b.brokerId);
    await expectRefused(requireLead(a.user, leadOfB), 404, "Lead não encontrado.");
    await expectRefused(moveLeadToStage(a.user, leadOfB, stages["Proposta"]), 404, "Lead não encontrado.");
    await expectRefused(addNote(a.user, leadOfB, "oi"), 404, "Lead não encontrado.");
    await expectRefused(createLeadActivity(a.user, leadOfB, { subject: "Ligar" }), 404, "Lead não encontrado.");
    await expectRefused(listNotes(a.user, leadOfB), 404);
    await expectRefused(stageHistory(a.user, leadOfB), 404);
    await expectRefused(leadDealFor(a.user, leadOfB), 404);
    // nothing changed
    const lead = await db().selectFrom("leads").select(["stage_id"]).where("id", "=", leadOfB).executeTakeFirstOrThrow();
    expect(lead.stage_id).toBe(stages["Entrada"]);
    expect(await db().selectFrom("crm_deals").select("id").where("external_source_id", "=", leadOfB).execute()).toHaveLength(0);
    // and a missing id answers the same
    await expectRefused(requireLead(a.user, 99_999_999), 404, "Lead não encontrado.");
  });

  it("the list shows a broker only their own leads; an admin all, filtered by broker", async () => {
    const a = await brokerUser("Ana");
    const b = await brokerUser("Bruno");
    const admin = await adminUser();
    await makeLead(a.brokerId, { name: "Carla Souza" });
    await makeLead(b.brokerId, { name: "Carla Pereira" });
    const mine = await listLeads(a.user, { q: "Carla", page: 1 });
    expect(mine.rows.map((r) => r.name)).toEqual(["Carla Souza"]);
    const all = await listLeads(admin.user, { q: "carla", page: 1 });
    expect(all.rows.map((r) => r.name).sort()).toEqual(["Carla Pereira", "Carla Souza"]);
    const onlyB = await listLeads(admin.user, { q: "carla", broker: b.brokerId, page: 1 });
    expect(onlyB.rows.map((r) => r.name)).toEqual(["Carla Pereira"]);
    // accents folded, substring, phone digits, in both search paths (one broker: search_key; admin: trigram index)
    await makeLead(a.brokerId, { name: "João da Conceição", phone: "(11) 97777-1234" });
    expect((await listLeads(a.user, { q: "souz", page: 1 })).total).toBe(1);
    expect((await listLeads(a.user, { q: "joao conceicao", page: 1 })).rows.map((r) => r.name)).toEqual(["João da Conceição"]);
    expect((await listLeads(admin.user, { q: "Conceição", page: 1 })).rows.map((r) => r.name)).toContain("João da Conceição");
    expect((await listLeads(a.user, { q: "977771234", page: 1 })).total).toBe(1);
  });
});

describe("stage moves", () => {
  it("writes the lead's stage, a position at the end of the target stage, the inferred status and a history entry with who/when", async () => {
    const a = await brokerUser();
    const stages = await stagesByName();
    const first = await makeLead(a.brokerId);
    const second = await makeLead(a.brokerId);
    const r1 = await moveLeadToStage(a.user, first, stages["Proposta"]);
    const r2 = await moveLeadToStage(a.user, second, stages["Proposta"]);
    expect(r2.position).toBeGreaterThan(r1.position);
    const lead = await db().selectFrom("leads").select(["stage_id", "status", "order_index"]).where("id", "=", second).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ stage_id: stages["Proposta"], status: "negociacao", order_index: r2.position });
    const history = await stageHistory(a.user, second);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ fromStage: "Entrada", toStage: "Proposta", changedBy: a.email });
    expect(positionBetween(1, 2)).toBe(1.5);
  });

  it("creates the target stage's active template activities (the deal is created when first needed)", async () => {
    const a = await brokerUser();
    const stages = await stagesByName();
    await db().insertInto("crm_stage_activity_templates").values({ stage_id: stages["Visita agendada"], subject: "Confirmar visita", offset_hours: 2, created_at: new Date().toISOString() }).execute();
    const lead = await makeLead(a.brokerId);
    const before = await db().selectFrom("crm_deals").select("id").where("external_source_id", "=", lead).execute();
    expect(before).toHaveLength(0);
    await moveLeadToStage(a.user, lead, stages["Visita agendada"]);
    const acts = await listLeadActivities(a.user, lead);
    expect(acts.map((x) => [x.subject, x.state])).toEqual([["Confirmar visita", "scheduled"]]);
    await db().deleteFrom("crm_stage_activity_templates").execute();
  });
});

describe("notes and activities", () => {
  it("a broker adds notes; only admins edit or delete them", async () => {
    const a = await brokerUser();
    const admin = await adminUser();
    const lead = await makeLead(a.brokerId);
    const noteId = await addNote(a.user, lead, "  Cliente quer visitar sábado  ");
    expect((await listNotes(a.user, lead))[0]).toMatchObject({ body: "Cliente quer visitar sábado" });
    await expectRefused(updateNote(a.user, lead, noteId, "x"), 403, "Permissão negada: Apenas administradores podem editar/excluir anotações.");
    await expectRefused(deleteNote(a.user, lead, noteId), 403, "Permissão negada: Apenas administradores podem editar/excluir anotações.");
    await expectRefused(addNote(a.user, lead, "   "), 400);
    await updateNote(admin.user, lead, noteId, "Editado");
    expect((await listNotes(a.user, lead))[0].body).toBe("Editado");
    await deleteNote(admin.user, lead, noteId);
    expect(await listNotes(a.user, lead)).toHaveLength(0);
    // only one deal for the lead, whatever was added
    await createLeadActivity(a.user, lead, { subject: "Ligar" });
    expect(await db().selectFrom("crm_deals").select("id").where("external_source_id", "=", lead).execute()).toHaveLength(1);
  });

  it("Concluir and Reabrir; subject or content required", async () => {
    const a = await brokerUser();
    const b = await brokerUser();
    const lead = await makeLead(a.brokerId);
    await expectRefused(createLeadActivity(a.user, lead, { subject: " ", content: "" }), 400, "Preencha assunto ou descrição");
    const id = await createLeadActivity(a.user, lead, { subject: "Ligar", dueAt: "2020-01-01T10:00:00.000Z" });
    expect((await listLeadActivities(a.user, lead))[0].state).toBe("pending");
    await expectRefused(completeActivity(b.user, id), 404);
    await completeActivity(a.user, id);
    expect((await listLeadActivities(a.user, lead))[0].state).toBe("completed");
    await reopenActivity(a.user, id);
    expect((await listLeadActivities(a.user, lead))[0].state).toBe("pending");
    const timeline = await leadTimeline(a.user, lead);
    expect(timeline.map((t) => t.kind)).toContain("activity");
  });
});

describe("reassign and duplicates", () => {
  it("admin reassigns a lead; the deal owner follows; brokers cannot", async () => {
    const a = await brokerUser();
    const b = await brokerUser();
    const admin = await adminUser();
    const lead = await makeLead(a.brokerId);
    await leadDealFor(a.user, lead);
    await expectRefused(reassignLeadBroker(a.user, lead, b.brokerId), 403);
    await expectRefused(reassignLeadBroker(admin.user, lead, a.brokerId), 400, "Selecione um corretor");
    await reassignLeadBroker(admin.user, lead, b.brokerId);
    const deal = await db().selectFrom("crm_deals").select("owner_id").where("external_source_id", "=", lead).executeTakeFirstOrThrow();
    expect(deal.owner_id).toBe(b.brokerId);
    await expectRefused(requireLead(a.user, lead), 404);
  });

  it("finds a duplicate by normalised phone or e-mail within the same broker only", async () => {
    const a = await brokerUser();
    const b = await brokerUser();
    await makeLead(a.brokerId, { email: "dup@x.com.br", phone: "(11) 98888-7777" });
    expect(await findDuplicateLead(a.brokerId, { phone: "+55 11 98888 7777" })).not.toBeNull();
    expect(await findDuplicateLead(a.brokerId, { email: " DUP@x.com.br " })).not.toBeNull();
    expect(await findDuplicateLead(b.brokerId, { email: "dup@x.com.br" })).toBeNull();
    expect(await findDuplicateLead(a.brokerId, { email: "", phone: "" })).toBeNull();
  });
});
