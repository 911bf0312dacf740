import { describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { boardLeadSchema, opportunitySchema } from "~/modules/crm/board";
import { createBoardLead, createOpportunity, loadBoard } from "~/modules/crm/board.server";
import * as boardRoute from "~/routes/broker/crm/board";
import * as newLeadRoute from "~/routes/broker/crm/new-lead";
import { formRequest, getRequest, routeArgs } from "../../helpers/requests";
import { reply, run } from "../../helpers/responses";
import { adminUser, brokerUser, makeLead, stagesByName } from "./crm-helpers";

const ALL = { view: "all" as const, owner: "all" as const, brokerId: null, q: "", shown: {} };

describe("kanban board", () => {
  it("columns count and sum by SQL, show 10 cards, 'Ver mais' raises the limit; brokers see only their own", async () => {
    const stages = await stagesByName();
    const a = await brokerUser();
    const b = await brokerUser();
    for (let i = 0; i < 13; i++) {
      const id = await makeLead(a.brokerId, { stageId: stages["Proposta"] });
      await db().updateTable("leads").set({ total_value: 1000, order_index: i + 1 }).where("id", "=", id).execute();
    }
    await makeLead(b.brokerId, { stageId: stages["Proposta"] });
    const cols = await loadBoard(a.user, ALL);
    const proposta = cols.find((c) => c.name === "Proposta")!;
    expect([proposta.count, proposta.sum, proposta.cards.length]).toEqual([13, 13000, 10]);
    expect(cols.some((c) => c.name === "Perdido")).toBe(false); // Todos hides lost stages
    const more = await loadBoard(a.user, { ...ALL, shown: { [proposta.id]: 20 } });
    expect(more.find((c) => c.id === proposta.id)!.cards).toHaveLength(13);
    const admin = await adminUser();
    expect((await loadBoard(admin.user, ALL)).find((c) => c.id === proposta.id)!.count).toBe(14);
    expect((await loadBoard(admin.user, { ...ALL, brokerId: b.brokerId })).find((c) => c.id === proposta.id)!.count).toBe(1);
    expect((await loadBoard(a.user, { ...ALL, view: "won" })).map((c) => c.name)).toEqual(["Venda realizada"]);
    expect((await loadBoard(a.user, { ...ALL, view: "lost" })).map((c) => c.name)).toEqual(["Perdido"]);
  });

  it("a move through the route writes the lead's stage at the end (fractional position) and refuses others' cards", async () => {
    const stages = await stagesByName();
    const a = await brokerUser();
    const b = await brokerUser();
    const mine = await makeLead(a.brokerId);
    const theirs = await makeLead(b.brokerId);
    const ok = await run(() => boardRoute.action(routeArgs(formRequest("/broker/crm", { intent: "move", card: `lead-${mine}`, stageId: String(stages["Negociação"]), js: "1" }, { cookie: a.cookie }))));
    expect((ok.value as { data: { ok: boolean } }).data.ok).toBe(true);
    const row = await db().selectFrom("leads").select(["stage_id", "status"]).where("id", "=", mine).executeTakeFirstOrThrow();
    expect(row).toEqual({ stage_id: stages["Negociação"], status: "negociacao" });
    const refused = await run(() => boardRoute.action(routeArgs(formRequest("/broker/crm", { intent: "move", card: `lead-${theirs}`, stageId: String(stages["Negociação"]), js: "1" }, { cookie: a.cookie }))));
    const v = refused.value as unknown as { init: { status: number }; data: unknown };
    expect(v.init.status).toBe(404);
    expect(reply(v.data).formErrors).toEqual(["Falha ao salvar mudança de etapa do lead/negócio"]);
    // without JavaScript: a broken card answers 400 with the message on the board; a good one goes back to the board, never elsewhere
    const broken = await run(() => boardRoute.action(routeArgs(formRequest("/broker/crm", { intent: "move", card: "lead-abc", stageId: "x" }, { cookie: a.cookie }))));
    const b400 = broken.value as unknown as { init: { status: number }; data: unknown };
    expect(b400.init.status).toBe(400);
    expect(reply(b400.data).formErrors).toEqual(["Falha ao salvar mudança de etapa do lead/negócio"]);
    const noJs = await run(() => boardRoute.action(routeArgs(formRequest("/broker/crm", { intent: "move", card: `lead-${mine}`, stageId: String(stages["Proposta"]), back: "https://evil.example" }, { cookie: a.cookie }))));
    expect(noJs.response?.headers.get("Location")).toBe("/broker/crm");
  });

  it("admin-only controls: a broker's Eu/Todos and broker filter are ignored", async () => {
    const stages = await stagesByName();
    const a = await brokerUser();
    const b = await brokerUser();
    await makeLead(b.brokerId, { stageId: stages["Qualificação"] });
    const res = await run(() => boardRoute.loader(routeArgs(getRequest(`/broker/crm?owner=all&broker=${b.brokerId}&brokerQ=Corretor`, { cookie: a.cookie }))));
    const value = res.value as { isAdmin: boolean; suggestions: unknown; columns: { name: string; count: number }[] };
    expect(value.isAdmin).toBe(false);
    expect(value.suggestions).toBeNull();
    expect(value.columns.find((c) => c.name === "Qualificação")!.count).toBe(0);
  });

  it("create lead: needs one of name/e-mail/phone and refuses a duplicate with the spec's message", async () => {
    const a = await brokerUser();
    expect(boardLeadSchema.safeParse({}).success).toBe(false);
    await expect(createBoardLead(a.user, {})).rejects.toThrow("Preencha pelo menos nome, email ou telefone.");
    const id = await createBoardLead(a.user, boardLeadSchema.parse({ name: "Maria", email: "Maria@Cliente.com.br" }));
    expect(await db().selectFrom("leads").select(["broker_id", "source", "email"]).where("id", "=", id).executeTakeFirst()).toEqual({ broker_id: a.brokerId, source: "board", email: "maria@cliente.com.br" });
    await expect(createBoardLead(a.user, boardLeadSchema.parse({ name: "Outra", email: "maria@cliente.com.br" }))).rejects.toThrow("Detectado possível duplicidade por email/telefone.");
    const admin = await adminUser();
    await expect(createBoardLead(admin.user, boardLeadSchema.parse({ name: "Sem corretor" }))).rejects.toThrow("Corretor não identificado.");
    const bad = await run(() => newLeadRoute.action(routeArgs(formRequest("/broker/crm/novo-lead", { name: "<script>alert(1)</script>", email: "nao-email" }, { cookie: a.cookie }))));
    const badReply = bad.value as unknown as { init: { status: number }; data: unknown };
    expect(badReply.init.status).toBe(400);
    expect(reply(badReply.data).fieldErrors.email).toBeTruthy();
    expect(reply(badReply.data).values.name).toBe("<script>alert(1)</script>");
  });

  it("opportunity: contact, title and stage required; amount digits, dots and commas only", async () => {
    const stages = await stagesByName();
    const a = await brokerUser();
    expect(opportunitySchema.safeParse({ contactName: "", title: "T", stageId: stages["Entrada"] }).success).toBe(false);
    expect(opportunitySchema.safeParse({ contactName: "C", title: "T", stageId: stages["Entrada"], amount: "12a" }).success).toBe(false);
    const id = await createOpportunity(a.user, opportunitySchema.parse({ contactName: "João", title: "Apto centro", stageId: String(stages["Entrada"]), amount: "350.000,50" }));
    const deal = await db().selectFrom("crm_deals").select(["amount", "currency", "owner_id"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(deal).toEqual({ amount: 350000.5, currency: "BRL", owner_id: a.brokerId });
    const card = (await loadBoard(a.user, ALL)).find((c) => c.name === "Entrada")!.cards.find((c) => c.key === `deal-${id}`);
    expect(card).toMatchObject({ contactName: "João", title: "Apto centro", amount: 350000.5 });
  });
});
