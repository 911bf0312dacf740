import { describe, expect, it } from "vitest";
import type { SessionUser } from "~/modules/auth/session.server";
import { db } from "~/modules/platform/db.server";
import { opportunitySchema } from "~/modules/crm/board";
import { boardOwnerScope, createOpportunity, loadBoard, type BoardFilters } from "~/modules/crm/board.server";
import { adminUser, brokerUser, makeLead, stagesByName } from "../crm/crm-helpers";

/**
 * CRM scoping on the board (02 §2.6): a broker's board shows only the
 * broker's own leads and opportunities, in its cards, counts and sums,
 * whatever the filters say; an administrator sees everyone, one broker
 * ('broker' filter) or their own ('Eu'), and an account without a broker
 * record owns nothing.
 */
const ALL: BoardFilters = { view: "all", owner: "all", brokerId: null, q: "", shown: {} };

async function opportunity(user: SessionUser, stageId: number, title: string, amount: string) {
  return createOpportunity(user, opportunitySchema.parse({ contactName: `Contato ${title}`, title, stageId: String(stageId), amount }));
}

describe("whose cards the board shows", () => {
  it("a broker: only their own, whatever owner or broker filter is asked for", async () => {
    const a = await brokerUser();
    const b = await brokerUser();
    for (const f of [ALL, { ...ALL, owner: "me" as const }, { ...ALL, brokerId: b.brokerId }] satisfies BoardFilters[]) expect(boardOwnerScope(a.user, f)).toBe(a.brokerId);
    const noRecord: SessionUser = { ...a.user, broker: null };
    expect(boardOwnerScope(noRecord, { owner: "all", brokerId: b.brokerId })).toBe("__none__");
  });

  it("an administrator: one broker when asked, 'Eu' their own record or nothing, else everyone", async () => {
    const admin = await adminUser();
    const b = await brokerUser();
    expect(boardOwnerScope(admin.user, { owner: "all", brokerId: b.brokerId })).toBe(b.brokerId);
    expect(boardOwnerScope(admin.user, { owner: "me", brokerId: b.brokerId })).toBe(b.brokerId);
    expect(boardOwnerScope(admin.user, { owner: "me", brokerId: null })).toBe("__none__");
    expect(boardOwnerScope({ ...admin.user, broker: b.user.broker }, { owner: "me", brokerId: null })).toBe(b.brokerId);
    expect(boardOwnerScope(admin.user, { owner: "all", brokerId: null })).toBeNull();
  });

  it("leads and opportunities: a broker's columns count, sum and show only their own; the administrator's all of them", async () => {
    const stages = await stagesByName();
    const a = await brokerUser("Corretora Escopo A");
    const b = await brokerUser("Corretor Escopo B");
    const stage = stages["Visita agendada"];
    const mine = await makeLead(a.brokerId, { stageId: stage, name: "Lead da A" });
    const theirs = await makeLead(b.brokerId, { stageId: stage, name: "Lead do B" });
    await db().updateTable("leads").set({ total_value: 300 }).where("id", "in", [mine, theirs]).execute();
    const myDeal = await opportunity(a.user, stage, "Negócio da A", "1000");
    const theirDeal = await opportunity(b.user, stage, "Negócio do B", "5000");

    const column = async (user: SessionUser, f: BoardFilters = ALL) => (await loadBoard(user, f)).find((c) => c.id === stage)!;
    const forA = await column(a.user, { ...ALL, brokerId: b.brokerId });
    expect(forA.cards.map((c) => c.key).sort()).toEqual([`deal-${myDeal}`, `lead-${mine}`].sort());
    expect([forA.count, forA.sum]).toEqual([2, 1300]);
    expect(forA.cards.find((c) => c.kind === "lead")).toMatchObject({ contactName: "Lead da A", ownerName: "Corretora Escopo A" });
    expect(forA.cards.find((c) => c.kind === "deal")).toMatchObject({ contactName: "Contato Negócio da A", title: "Negócio da A", amount: 1000, ownerName: "Corretora Escopo A" });

    const admin = await adminUser();
    const all = await column(admin.user);
    expect(all.cards.map((c) => c.key)).toEqual(expect.arrayContaining([`lead-${mine}`, `lead-${theirs}`, `deal-${myDeal}`, `deal-${theirDeal}`]));
    const onlyB = await column(admin.user, { ...ALL, brokerId: b.brokerId });
    expect(onlyB.cards.map((c) => c.key).sort()).toEqual([`deal-${theirDeal}`, `lead-${theirs}`].sort());
    expect([onlyB.count, onlyB.sum]).toEqual([2, 5300]);
    const adminMe = await column(admin.user, { ...ALL, owner: "me" });
    expect([adminMe.count, adminMe.sum, adminMe.cards]).toEqual([0, 0, []]);
  });

  it("a search stays within the broker's own cards", async () => {
    const stages = await stagesByName();
    const a = await brokerUser();
    const b = await brokerUser();
    const stage = stages["Visita agendada"];
    const mine = await makeLead(a.brokerId, { stageId: stage, name: "Zuleica Buscada" });
    await makeLead(b.brokerId, { stageId: stage, name: "Zuleica Buscada" });
    const myDeal = await opportunity(a.user, stage, "Zuleica apartamento", "10");
    await opportunity(b.user, stage, "Zuleica apartamento", "10");
    const col = (await loadBoard(a.user, { ...ALL, q: "Zuleica" })).find((c) => c.id === stage)!;
    expect(col.cards.map((c) => c.key).sort()).toEqual([`deal-${myDeal}`, `lead-${mine}`].sort());
    expect(col.count).toBe(2);
  });
});
