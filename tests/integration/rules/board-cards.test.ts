import { describe, expect, it } from "vitest";
import type { SessionUser } from "~/modules/auth/session.server";
import { db, nowIso } from "~/modules/platform/db.server";
import { loadBoard, suggestBrokers, type BoardFilters } from "~/modules/crm/board.server";
import { makeBroker } from "../../helpers/factories";
import { adminUser, brokerUser, makeLead, stagesByName } from "../crm/crm-helpers";

/**
 * What a card on the board says and where it sits (02 §2.6): who (the lead's
 * name or the opportunity's first contact, else 'Contato'), what (the listing's
 * title, else 'Lead' / 'Oportunidade'), its tags, value and owner; leads and
 * opportunities in one order by position; 10 cards a page, at most 500; the
 * search over an opportunity's title and contacts, '%' and '_' typed as text
 * (the words in lower case: PostgreSQL's 'like' tells case apart);
 * a lead's own deal never a card of its own. And the administrator's broker
 * suggestions.
 */
const ALL: BoardFilters = { view: "all", owner: "all", brokerId: null, q: "", shown: {} };

async function column(user: SessionUser, stageId: number, f: Partial<BoardFilters> = {}) {
  return (await loadBoard(user, { ...ALL, ...f })).find((c) => c.id === stageId)!;
}

async function deal(values: { title: string; ownerId: string | null; stageId: number; amount?: number | null; orderIndex?: number; externalSourceId?: number | null }) {
  const now = nowIso();
  const row = await db()
    .insertInto("crm_deals")
    .values({
      title: values.title,
      amount: values.amount ?? null,
      stage_id: values.stageId,
      owner_id: values.ownerId,
      company_id: null,
      external_source_id: values.externalSourceId ?? null,
      description: null,
      order_index: values.orderIndex ?? 0,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function contactOf(dealId: number, contact: { firstName: string; email?: string | null; phone?: string | null }) {
  const c = await db()
    .insertInto("crm_contacts")
    .values({ first_name: contact.firstName, email: contact.email ?? null, phone: contact.phone ?? null, owner_id: null, created_at: nowIso() })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db().insertInto("crm_deal_participants").values({ deal_id: dealId, contact_id: c.id, role: "primary" }).execute();
}

describe("what a card shows", () => {
  it("a lead: its name or 'Contato', its listing's title or 'Lead', its tags (list or legacy commas), value and owner", async () => {
    const stages = await stagesByName();
    const stage = stages["Qualificação"];
    const a = await brokerUser("Corretora dos Cartões");
    await db().updateTable("brokers").set({ profile_image: "/uploads/brokers/cartoes.webp" }).where("id", "=", a.brokerId).execute();
    const plain = await makeLead(a.brokerId, { stageId: stage, name: "" });
    const full = await makeLead(a.brokerId, { stageId: stage, name: "Helena Prado" });
    const legacy = await makeLead(a.brokerId, { stageId: stage, name: "Tags antigas" });
    await db().updateTable("leads").set({ order_index: 1 }).where("id", "=", plain).execute();
    await db()
      .updateTable("leads")
      .set({ order_index: 2, property_title: "Apartamento no Centro", tags: JSON.stringify(["vip", "  quente  ", "", "   ", 3]), total_value: 450000.5, rating: 4 })
      .where("id", "=", full)
      .execute();
    await db().updateTable("leads").set({ order_index: 3, tags: " indicação , retorno;; site " }).where("id", "=", legacy).execute();

    const cards = (await column(a.user, stage)).cards;
    expect(cards).toEqual([
      { key: `lead-${plain}`, kind: "lead", id: plain, contactName: "Contato", title: "Lead", tags: [], amount: null, rating: 0, ownerName: "Corretora dos Cartões", ownerImage: "/uploads/brokers/cartoes.webp", orderIndex: 1 },
      { key: `lead-${full}`, kind: "lead", id: full, contactName: "Helena Prado", title: "Apartamento no Centro", tags: ["vip", "quente"], amount: 450000.5, rating: 4, ownerName: "Corretora dos Cartões", ownerImage: "/uploads/brokers/cartoes.webp", orderIndex: 2 },
      { key: `lead-${legacy}`, kind: "lead", id: legacy, contactName: "Tags antigas", title: "Lead", tags: ["indicação", "retorno", "site"], amount: null, rating: 0, ownerName: "Corretora dos Cartões", ownerImage: "/uploads/brokers/cartoes.webp", orderIndex: 3 },
    ]);
  });

  it("tags that are not a list, or a list of no text, show none", async () => {
    const stages = await stagesByName();
    const stage = stages["Qualificação"];
    const a = await brokerUser();
    const obj = await makeLead(a.brokerId, { stageId: stage });
    const nums = await makeLead(a.brokerId, { stageId: stage });
    const empty = await makeLead(a.brokerId, { stageId: stage });
    await db().updateTable("leads").set({ tags: '{"tag":"vip"}' }).where("id", "=", obj).execute();
    await db().updateTable("leads").set({ tags: "[1, 2, null]" }).where("id", "=", nums).execute();
    await db().updateTable("leads").set({ tags: "" }).where("id", "=", empty).execute();
    const cards = (await column(a.user, stage)).cards;
    expect(cards.map((c) => [c.id, c.tags])).toEqual(expect.arrayContaining([[obj, []], [nums, []], [empty, []]]));
  });

  it("an opportunity: its first contact or 'Contato', its title or 'Oportunidade', its amount, no tags; a lead without broker has no owner", async () => {
    const stages = await stagesByName();
    const stage = stages["Negociação"];
    const a = await brokerUser("Corretor das Oportunidades");
    const named = await deal({ title: "Casa na praia", ownerId: a.brokerId, stageId: stage, amount: 1200, orderIndex: 1 });
    await contactOf(named, { firstName: "Rui" });
    const bare = await deal({ title: "", ownerId: a.brokerId, stageId: stage, orderIndex: 2 });
    const cards = (await column(a.user, stage)).cards;
    expect(cards).toEqual([
      { key: `deal-${named}`, kind: "deal", id: named, contactName: "Rui", title: "Casa na praia", tags: [], amount: 1200, rating: 0, ownerName: "Corretor das Oportunidades", ownerImage: null, orderIndex: 1 },
      { key: `deal-${bare}`, kind: "deal", id: bare, contactName: "Contato", title: "Oportunidade", tags: [], amount: null, rating: 0, ownerName: "Corretor das Oportunidades", ownerImage: null, orderIndex: 2 },
    ]);

    const admin = await adminUser();
    const orphan = await makeLead(null, { stageId: stages["Entrada"], name: "Sem corretor" });
    const found = (await column(admin.user, stages["Entrada"], { shown: { [stages["Entrada"]]: 500 } })).cards.find((c) => c.key === `lead-${orphan}`);
    expect(found).toMatchObject({ contactName: "Sem corretor", ownerName: null, ownerImage: null });
  });

  it("a lead's own deal is shown through its lead: not a card, not counted, not summed", async () => {
    const stages = await stagesByName();
    const stage = stages["Proposta"];
    const a = await brokerUser();
    const lead = await makeLead(a.brokerId, { stageId: stage });
    await db().updateTable("leads").set({ total_value: 100 }).where("id", "=", lead).execute();
    await deal({ title: "Negócio do lead", ownerId: a.brokerId, stageId: stage, amount: 100, externalSourceId: lead });
    const col = await column(a.user, stage);
    expect(col.cards.map((c) => c.key)).toEqual([`lead-${lead}`]);
    expect([col.count, col.sum]).toEqual([1, 100]);
    expect((await column(a.user, stage, { q: "Negócio do lead" })).cards).toEqual([]);
  });
});

describe("each column's count and sum", () => {
  it("are its own stage's leads and opportunities, whatever the other columns hold", async () => {
    const stages = await stagesByName();
    const a = await brokerUser();
    for (const value of [10, 20]) {
      const lead = await makeLead(a.brokerId, { stageId: stages["Visita agendada"] });
      await db().updateTable("leads").set({ total_value: value }).where("id", "=", lead).execute();
    }
    const lead = await makeLead(a.brokerId, { stageId: stages["Proposta"] });
    await db().updateTable("leads").set({ total_value: 7 }).where("id", "=", lead).execute();
    await deal({ title: "Na proposta", ownerId: a.brokerId, stageId: stages["Proposta"], amount: 5 });
    await deal({ title: "Na negociação", ownerId: a.brokerId, stageId: stages["Negociação"], amount: 1000 });
    const board = await loadBoard(a.user, ALL);
    expect(board.map((c) => [c.name, c.count, c.sum])).toEqual([
      ["Entrada", 0, 0],
      ["Qualificação", 0, 0],
      ["Visita agendada", 2, 30],
      ["Proposta", 2, 12],
      ["Negociação", 1, 1000],
      ["Venda realizada", 0, 0],
    ]);
  });
});

describe("where a card sits", () => {
  it("leads and opportunities in one order by position; at the same position opportunities before leads", async () => {
    const stages = await stagesByName();
    const stage = stages["Visita agendada"];
    const a = await brokerUser();
    const l1 = await makeLead(a.brokerId, { stageId: stage });
    const l2 = await makeLead(a.brokerId, { stageId: stage });
    const l3 = await makeLead(a.brokerId, { stageId: stage });
    await db().updateTable("leads").set({ order_index: 1 }).where("id", "=", l1).execute();
    await db().updateTable("leads").set({ order_index: 3 }).where("id", "=", l2).execute();
    await db().updateTable("leads").set({ order_index: 5 }).where("id", "=", l3).execute();
    const d2 = await deal({ title: "D2", ownerId: a.brokerId, stageId: stage, orderIndex: 2 });
    const d3 = await deal({ title: "D3", ownerId: a.brokerId, stageId: stage, orderIndex: 3 });
    const d0 = await deal({ title: "D0", ownerId: a.brokerId, stageId: stage, orderIndex: 0.5 });
    const keys = (await column(a.user, stage)).cards.map((c) => c.key);
    expect(keys).toEqual([`deal-${d0}`, `lead-${l1}`, `deal-${d2}`, `deal-${d3}`, `lead-${l2}`, `lead-${l3}`]);
  });

  it("a page is the first 10 by position over leads and opportunities together; 'Ver mais' shows more, never fewer than 10 nor more than 500", async () => {
    const stages = await stagesByName();
    const stage = stages["Negociação"];
    const a = await brokerUser();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const lead = await makeLead(a.brokerId, { stageId: stage });
      await db().updateTable("leads").set({ order_index: 2 * i + 1 }).where("id", "=", lead).execute();
      ids.push(`lead-${lead}`);
      ids.push(`deal-${await deal({ title: `Oportunidade ${i}`, ownerId: a.brokerId, stageId: stage, orderIndex: 2 * i + 2 })}`);
    }
    const first = await column(a.user, stage);
    expect([first.count, first.shown, first.cards.map((c) => c.key)]).toEqual([14, 10, ids.slice(0, 10)]);
    const more = await column(a.user, stage, { shown: { [stage]: 12 } });
    expect([more.shown, more.cards.map((c) => c.key)]).toEqual([12, ids.slice(0, 12)]);
    expect((await column(a.user, stage, { shown: { [stage]: 3 } })).shown).toBe(10);
    expect((await column(a.user, stage, { shown: { [stage]: 500 } })).shown).toBe(500);
    const capped = await column(a.user, stage, { shown: { [stage]: 501 } });
    expect([capped.shown, capped.cards.length]).toEqual([500, 14]);
  });
});

describe("the board's search over opportunities", () => {
  it("finds an opportunity by its title or by a contact's name, e-mail or phone, and nothing else", async () => {
    const stages = await stagesByName();
    const stage = stages["Proposta"];
    const a = await brokerUser();
    const byTitle = await deal({ title: "Cobertura Xavantes", ownerId: a.brokerId, stageId: stage });
    const byName = await deal({ title: "Terreno", ownerId: a.brokerId, stageId: stage });
    await contactOf(byName, { firstName: "Xavantes Silva" });
    const byEmail = await deal({ title: "Sala comercial", ownerId: a.brokerId, stageId: stage });
    await contactOf(byEmail, { firstName: "Ana", email: "ana@xavantes.com.br" });
    const byPhone = await deal({ title: "Galpão", ownerId: a.brokerId, stageId: stage });
    await contactOf(byPhone, { firstName: "Bia", phone: "(11) 97777-4242" });
    const other = await deal({ title: "Chácara", ownerId: a.brokerId, stageId: stage });
    await contactOf(other, { firstName: "Carlos", email: "carlos@exemplo.com.br", phone: "(11) 95555-0000" });

    const keys = async (q: string) => (await column(a.user, stage, { q })).cards.map((c) => c.key).sort();
    expect(await keys("avantes")).toEqual([`deal-${byTitle}`, `deal-${byName}`, `deal-${byEmail}`].sort());
    expect(await keys("  avantes  ")).toEqual([`deal-${byTitle}`, `deal-${byName}`, `deal-${byEmail}`].sort());
    expect(await keys("97777-4242")).toEqual([`deal-${byPhone}`]);
    expect(await keys("Galpão")).toEqual([`deal-${byPhone}`]);
    expect((await column(a.user, stage, { q: "avantes" })).count).toBe(3);
    expect(await keys("ninguém assim")).toEqual([]);
  });

  it("narrows the leads too: a lead the words do not match is left out of the cards, the count and the sum", async () => {
    const stages = await stagesByName();
    const stage = stages["Visita agendada"];
    const a = await brokerUser();
    const found = await makeLead(a.brokerId, { stageId: stage, name: "Quitéria Mendes" });
    const other = await makeLead(a.brokerId, { stageId: stage, name: "Outro Nome" });
    await db().updateTable("leads").set({ total_value: 250 }).where("id", "=", found).execute();
    await db().updateTable("leads").set({ total_value: 900 }).where("id", "=", other).execute();
    const col = await column(a.user, stage, { q: "Quitéria" });
    expect([col.count, col.sum, col.cards.map((c) => c.key)]).toEqual([1, 250, [`lead-${found}`]]);
  });

  it("'%' and '_' typed in the search are left out, never wildcards; the search reads its first 100 characters", async () => {
    const stages = await stagesByName();
    const stage = stages["Entrada"];
    const a = await brokerUser();
    const axb = await deal({ title: "Casa AxB", ownerId: a.brokerId, stageId: stage });
    const ab = await deal({ title: "Loja AB", ownerId: a.brokerId, stageId: stage });
    const keys = async (q: string) => (await column(a.user, stage, { q })).cards.map((c) => c.key).sort();
    expect(await keys("A_B")).toEqual([`deal-${ab}`]);
    expect(await keys("A%B")).toEqual([`deal-${ab}`]);
    const long = "Z".repeat(100);
    const longDeal = await deal({ title: long, ownerId: a.brokerId, stageId: stage });
    expect(await keys(`${long}tail that is not in the title`)).toEqual([`deal-${longDeal}`]);
    expect(axb).toBeGreaterThan(0);
  });
});

describe("the administrator's broker suggestions", () => {
  it("up to 8 brokers whose name or e-mail holds the text, by name; '%' and '_' are text", async () => {
    for (let i = 9; i >= 1; i--) await makeBroker({ name: `Sugestão Corretor ${i}` });
    const names = (await suggestBrokers("  Sugestão Corretor ")).map((b) => b.name);
    expect(names).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((i) => `Sugestão Corretor ${i}`));
    const one = await makeBroker({ name: "Odete Unica" });
    expect((await suggestBrokers(one.email)).map((b) => b.id)).toEqual([one.brokerId]);
    expect(await suggestBrokers("Odete Unica")).toEqual([{ id: one.brokerId, name: "Odete Unica", email: one.email }]);
    expect(await suggestBrokers("Odete_Unica")).toEqual([]);
    expect(await suggestBrokers("Odete%Unica")).toEqual([]);
  });
});
