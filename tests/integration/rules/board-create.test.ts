import { afterEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "~/modules/auth/session.server";
import { db } from "~/modules/platform/db.server";
import { boardLeadSchema, opportunitySchema } from "~/modules/crm/board";
import { BoardFormError, createBoardLead, createOpportunity } from "~/modules/crm/board.server";
import { makeBroker, makeProperty } from "../../helpers/factories";
import { adminUser, brokerUser, makeLead, stagesByName } from "../crm/crm-helpers";

/**
 * 'Criar Lead' and 'Criar oportunidade' on the board (02 §5): whose lead it
 * is (a broker's own; the administrator's chosen broker, who must be active),
 * one of name, e-mail or phone, no duplicate within the broker's leads, and
 * the pt-BR message the modal shows ("title: text"); an opportunity is a
 * contact, a deal at the end of its stage and its primary participant, or
 * nothing at all.
 */
afterEach(() => {
  vi.useRealTimers();
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof BoardFormError)) throw new Error(`expected a BoardFormError, got ${String(error)}`);
  return `${error.title}: ${error.message}`;
}

const leadInput = (v: Record<string, string>) => boardLeadSchema.parse(v);
const leadCount = async () => Number((await db().selectFrom("leads").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

describe("'Criar Lead' on the board", () => {
  it("a broker's lead is their own whatever broker the form names; the name defaults to 'Contato'; message and listing kept", async () => {
    const a = await brokerUser();
    const b = await brokerUser();
    const property = await makeProperty({ title: "Casa com quintal" });
    const id = await createBoardLead(a.user, leadInput({ phone: "(11) 93333-1212", message: "Quero visitar", propertyId: String(property.id), brokerId: b.brokerId }));
    const row = await db().selectFrom("leads").select(["broker_id", "name", "phone", "message", "property_id", "source"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toEqual({ broker_id: a.brokerId, name: "Contato", phone: "(11) 93333-1212", message: "Quero visitar", property_id: property.id, source: "board" });
    const onlyName = await createBoardLead(a.user, leadInput({ name: "Só o nome" }));
    expect(await db().selectFrom("leads").select(["name", "email", "phone", "message", "property_id"]).where("id", "=", onlyName).executeTakeFirstOrThrow()).toEqual({
      name: "Só o nome",
      email: "",
      phone: "",
      message: "",
      property_id: null,
    });
  });

  it("the administrator's lead goes to the broker chosen; without one, to their own broker record; else it is refused", async () => {
    const admin = await adminUser();
    const b = await brokerUser();
    const id = await createBoardLead(admin.user, leadInput({ name: "Para o B", email: "para.b@cliente.com.br", brokerId: b.brokerId }));
    expect((await db().selectFrom("leads").select("broker_id").where("id", "=", id).executeTakeFirstOrThrow()).broker_id).toBe(b.brokerId);
    const own = await brokerUser();
    const adminWithRecord: SessionUser = { ...admin.user, broker: own.user.broker };
    const mine = await createBoardLead(adminWithRecord, leadInput({ name: "Meu", email: "meu@cliente.com.br" }));
    expect((await db().selectFrom("leads").select("broker_id").where("id", "=", mine).executeTakeFirstOrThrow()).broker_id).toBe(own.brokerId);
    const before = await leadCount();
    expect(await refusal(createBoardLead(admin.user, leadInput({ name: "Ninguém" })))).toBe("Erro ao criar lead: Corretor não identificado.");
    expect(await refusal(createBoardLead(admin.user, leadInput({ name: "Ninguém", brokerId: "não é um id" })))).toBe("Erro ao criar lead: Corretor não identificado.");
    expect(await leadCount()).toBe(before);
  });

  it("an inactive broker chosen by the administrator is refused, and no lead is left behind", async () => {
    const admin = await adminUser();
    const inactive = await makeBroker({ isActive: false });
    const before = await leadCount();
    expect(await refusal(createBoardLead(admin.user, leadInput({ name: "Para inativo", email: "inativo@cliente.com.br", brokerId: inactive.brokerId })))).toBe("Erro ao criar lead: Corretor não identificado.");
    expect(await leadCount()).toBe(before);
  });

  it("no name, e-mail or phone: refused with the spec's message", async () => {
    const a = await brokerUser();
    expect(await refusal(createBoardLead(a.user, { message: "só uma mensagem" }))).toBe("Informe algum dado: Preencha pelo menos nome, email ou telefone.");
    expect(await refusal(createBoardLead(a.user, { name: "", email: "", phone: "" }))).toBe("Informe algum dado: Preencha pelo menos nome, email ou telefone.");
  });

  it("a duplicate by e-mail or by phone (any format) within the broker's leads is refused; another broker's is not a duplicate", async () => {
    const a = await brokerUser();
    const b = await brokerUser();
    await makeLead(a.brokerId, { email: "dup@cliente.com.br", phone: "(11) 94444-5656" });
    const before = await leadCount();
    expect(await refusal(createBoardLead(a.user, leadInput({ name: "Outro", email: "DUP@cliente.com.br" })))).toBe("Lead já existe: Detectado possível duplicidade por email/telefone.");
    expect(await refusal(createBoardLead(a.user, leadInput({ name: "Outro", phone: "11 94444 5656" })))).toBe("Lead já existe: Detectado possível duplicidade por email/telefone.");
    expect(await leadCount()).toBe(before);
    const id = await createBoardLead(b.user, leadInput({ name: "Do B", email: "dup@cliente.com.br", phone: "(11) 94444-5656" }));
    expect((await db().selectFrom("leads").select("broker_id").where("id", "=", id).executeTakeFirstOrThrow()).broker_id).toBe(b.brokerId);
  });
});

describe("'Criar oportunidade' on the board", () => {
  it("a contact, a deal in BRL after the stage's last card and its primary participant, owned by the broker, at the clock's instant", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-10T15:30:00.000Z"));
    const stages = await stagesByName();
    const stage = stages["Qualificação"];
    const a = await brokerUser();
    const lead = await makeLead(a.brokerId, { stageId: stage });
    await db().updateTable("leads").set({ order_index: 41.5 }).where("id", "=", lead).execute();
    const id = await createOpportunity(a.user, opportunitySchema.parse({ contactName: "Marta", title: "Sobrado", stageId: String(stage) }));
    const deal = await db().selectFrom("crm_deals").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(deal).toMatchObject({ title: "Sobrado", amount: null, currency: "BRL", stage_id: stage, owner_id: a.brokerId, order_index: 42.5, external_source_id: null });
    expect([new Date(deal.created_at).toISOString(), new Date(deal.updated_at).toISOString()]).toEqual(["2026-03-10T15:30:00.000Z", "2026-03-10T15:30:00.000Z"]);
    const participants = await db()
      .selectFrom("crm_deal_participants")
      .innerJoin("crm_contacts", "crm_contacts.id", "crm_deal_participants.contact_id")
      .select(["crm_contacts.first_name", "crm_contacts.email", "crm_contacts.phone", "crm_contacts.owner_id", "crm_contacts.created_at", "crm_deal_participants.role"])
      .where("crm_deal_participants.deal_id", "=", id)
      .execute();
    expect(participants.map((p) => ({ ...p, created_at: new Date(p.created_at).toISOString() }))).toEqual([
      { first_name: "Marta", email: null, phone: null, owner_id: a.brokerId, created_at: "2026-03-10T15:30:00.000Z", role: "primary" },
    ]);
    const next = await createOpportunity(a.user, opportunitySchema.parse({ contactName: "Nina", title: "Loft", stageId: String(stage), amount: "1.000,00" }));
    expect(await db().selectFrom("crm_deals").select(["order_index", "amount"]).where("id", "=", next).executeTakeFirstOrThrow()).toEqual({ order_index: 43.5, amount: 1000 });
  });

  it("an administrator without a broker record makes an opportunity of nobody's", async () => {
    const stages = await stagesByName();
    const admin = await adminUser();
    const id = await createOpportunity(admin.user, opportunitySchema.parse({ contactName: "Sem dono", title: "Terreno", stageId: String(stages["Entrada"]) }));
    expect((await db().selectFrom("crm_deals").select("owner_id").where("id", "=", id).executeTakeFirstOrThrow()).owner_id).toBeNull();
  });

  it("a stage that does not exist: 'Selecione a etapa' beside the stage, and no contact, deal or participant saved", async () => {
    const a = await brokerUser();
    const count = async () =>
      Promise.all((["crm_contacts", "crm_deals", "crm_deal_participants"] as const).map(async (t) => Number((await db().selectFrom(t).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)));
    const before = await count();
    const error = await createOpportunity(a.user, opportunitySchema.parse({ contactName: "Ana", title: "Casa", stageId: "999999" })).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BoardFormError);
    expect(error).toMatchObject({ title: "Falha ao criar oportunidade", message: "Selecione a etapa", field: "stageId" });
    expect(await count()).toEqual(before);
  });
});
