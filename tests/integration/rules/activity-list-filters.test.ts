import { describe, expect, it } from "vitest";
import { activityFiltersSchema, leadForActivity, listActivities, searchLeadsForActivity, type ActivityFilters } from "~/modules/crm/activity-list.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { db } from "~/modules/platform/db.server";
import { makeActivity, makeDeal } from "../../helpers/factories";
import { adminUser, brokerUser, makeLead } from "../crm/crm-helpers";

/**
 * The activities screen's list (activity-list.server.ts, spec 02 §2.7), on a
 * fixed clock: the status filter (pending by default), the due filter
 * (overdue / today / the next 7 days) at each edge of the agency's day, the
 * opportunity filter, 10 a page, the order (due date first, no date last,
 * then newest), and who sees what. Also the 'Nova atividade' lead search.
 *
 * 2026-03-10 12:00 in São Paulo (UTC-3): the day runs from 03:00Z on the
 * 10th to 03:00Z on the 11th; 'upcoming' ends 7 days after that end.
 */
const NOW = new Date("2026-03-10T15:00:00.000Z");
const DAY_START = Date.parse("2026-03-10T03:00:00.000Z");
const DAY_END = Date.parse("2026-03-11T03:00:00.000Z");
const UPCOMING_END = DAY_END + 7 * 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

function filters(over: Partial<ActivityFilters> = {}): ActivityFilters {
  return { ...activityFiltersSchema.parse({}), ...over };
}

async function subjects(user: SessionUser, over: Partial<ActivityFilters> = {}) {
  const list = await listActivities(user, filters(over), NOW);
  return list.rows.map((r) => r.subject).sort();
}

/** A broker with one opportunity of their own, on which the test's activities go. */
async function brokerWithDeal(name: string) {
  const b = await brokerUser(name);
  const deal = await makeDeal({ ownerId: b.brokerId });
  return { ...b, dealId: deal.id };
}

describe("the filters' defaults", () => {
  it("status defaults to pending and an unknown status or due falls back; deal_id is a record id or nothing", () => {
    expect(activityFiltersSchema.parse({})).toEqual({ status: "pending", due: "", deal_id: undefined, broker: undefined, page: 1 });
    const odd = activityFiltersSchema.parse({ status: "done", due: "tomorrow", deal_id: "abc", page: "0" });
    expect(odd).toMatchObject({ status: "pending", due: "", deal_id: undefined, page: 1 });
    expect(activityFiltersSchema.parse({ status: "completed", due: "overdue", deal_id: "12" })).toMatchObject({ status: "completed", due: "overdue", deal_id: 12 });
    for (const status of ["pending", "completed", "all"]) expect(activityFiltersSchema.parse({ status }).status).toBe(status);
    // an empty status (a cleared select) is the default, not "no filter"
    expect(activityFiltersSchema.parse({ status: "" }).status).toBe("pending");
    for (const due of ["", "overdue", "today", "upcoming"]) expect(activityFiltersSchema.parse({ due }).due).toBe(due);
  });

  it("the broker filter takes at most 40 characters (a padded id of 40 is kept, of 41 dropped)", () => {
    const id = "0b0f6c1e-8a3c-4c5e-9d47-2f8b1a6e9c10";
    expect(activityFiltersSchema.parse({ broker: id.padEnd(40) }).broker).toBe(id.padEnd(40));
    expect(activityFiltersSchema.parse({ broker: id.padEnd(41) }).broker).toBeUndefined();
  });
});

describe("the status filter", () => {
  it("pending shows open activities only, completed the done ones, all both", async () => {
    const a = await brokerWithDeal("Ana Status");
    await makeActivity({ dealId: a.dealId, subject: "aberta" });
    await makeActivity({ dealId: a.dealId, subject: "feita", completedAt: iso(DAY_START) });
    expect(await subjects(a.user)).toEqual(["aberta"]);
    expect(await subjects(a.user, { status: "completed" })).toEqual(["feita"]);
    expect(await subjects(a.user, { status: "all" })).toEqual(["aberta", "feita"]);
  });
});

describe("the due filter, at the edges of the agency's day", () => {
  it("overdue: due before today's start and still open; today's first instant is not overdue", async () => {
    const a = await brokerWithDeal("Ana Atrasada");
    await makeActivity({ dealId: a.dealId, subject: "ontem, último instante", dueAt: iso(DAY_START - 1) });
    await makeActivity({ dealId: a.dealId, subject: "ontem, já feita", dueAt: iso(DAY_START - 1), completedAt: iso(DAY_START - 1) });
    await makeActivity({ dealId: a.dealId, subject: "hoje, primeiro instante", dueAt: iso(DAY_START) });
    await makeActivity({ dealId: a.dealId, subject: "sem data" });
    expect(await subjects(a.user, { status: "all", due: "overdue" })).toEqual(["ontem, último instante"]);
  });

  it("today: from the day's first instant to its last, not the instant before nor the next day's first", async () => {
    const a = await brokerWithDeal("Ana Hoje");
    await makeActivity({ dealId: a.dealId, subject: "antes", dueAt: iso(DAY_START - 1) });
    await makeActivity({ dealId: a.dealId, subject: "início", dueAt: iso(DAY_START) });
    await makeActivity({ dealId: a.dealId, subject: "fim", dueAt: iso(DAY_END - 1) });
    await makeActivity({ dealId: a.dealId, subject: "amanhã", dueAt: iso(DAY_END) });
    expect(await subjects(a.user, { due: "today" })).toEqual(["fim", "início"]);
  });

  it("upcoming: from tomorrow's first instant to 7 days after today's end, inclusive", async () => {
    const a = await brokerWithDeal("Ana Próximas");
    await makeActivity({ dealId: a.dealId, subject: "hoje, último instante", dueAt: iso(DAY_END - 1) });
    await makeActivity({ dealId: a.dealId, subject: "amanhã", dueAt: iso(DAY_END) });
    await makeActivity({ dealId: a.dealId, subject: "sétimo dia, fim", dueAt: iso(UPCOMING_END) });
    await makeActivity({ dealId: a.dealId, subject: "depois", dueAt: iso(UPCOMING_END + 1) });
    expect(await subjects(a.user, { due: "upcoming" })).toEqual(["amanhã", "sétimo dia, fim"]);
  });
});

describe("one opportunity, pages and order", () => {
  it("deal_id keeps one opportunity's activities", async () => {
    const a = await brokerWithDeal("Ana Negócio");
    const other = await makeDeal({ ownerId: a.brokerId });
    await makeActivity({ dealId: a.dealId, subject: "deste" });
    await makeActivity({ dealId: other.id, subject: "do outro" });
    expect(await subjects(a.user, { deal_id: a.dealId })).toEqual(["deste"]);
    expect(await subjects(a.user)).toEqual(["deste", "do outro"]);
  });

  it("10 a page: 10 make one page, 11 make two, a page past the last shows the last, none shows page 1 of 1", async () => {
    const a = await brokerWithDeal("Ana Páginas");
    const empty = await listActivities(a.user, filters(), NOW);
    expect(empty).toMatchObject({ rows: [], total: 0, page: 1, pageCount: 1 });
    for (let i = 0; i < 10; i++) await makeActivity({ dealId: a.dealId, subject: `a${i}` });
    expect(await listActivities(a.user, filters(), NOW)).toMatchObject({ total: 10, page: 1, pageCount: 1 });
    expect((await listActivities(a.user, filters(), NOW)).rows).toHaveLength(10);
    await makeActivity({ dealId: a.dealId, subject: "a10" });
    const first = await listActivities(a.user, filters(), NOW);
    expect(first).toMatchObject({ total: 11, page: 1, pageCount: 2 });
    expect(first.rows).toHaveLength(10);
    const second = await listActivities(a.user, filters({ page: 2 }), NOW);
    expect(second).toMatchObject({ total: 11, page: 2, pageCount: 2 });
    expect(second.rows).toHaveLength(1);
    const past = await listActivities(a.user, filters({ page: 9 }), NOW);
    expect(past.page).toBe(2);
    expect(past.rows.map((r) => r.id)).toEqual(second.rows.map((r) => r.id));
    expect(new Set([...first.rows, ...second.rows].map((r) => r.subject)).size).toBe(11);
  });

  it("due date ascending with no date last, then newest first; each row's state on the given clock", async () => {
    const a = await brokerWithDeal("Ana Ordem");
    const made = async (subject: string, dueAt: string | null, createdAt: string) => {
      const act = await makeActivity({ dealId: a.dealId, subject, dueAt });
      await db().updateTable("crm_activities").set({ created_at: createdAt }).where("id", "=", act.id).execute();
    };
    await made("sem data, antiga", null, "2026-03-01T10:00:00.000Z");
    await made("sem data, nova", null, "2026-03-02T10:00:00.000Z");
    await made("depois", iso(DAY_END), "2026-03-01T10:00:00.000Z");
    await made("antes", iso(DAY_START), "2026-03-01T10:00:00.000Z");
    await made("antes, mais nova", iso(DAY_START), "2026-03-03T10:00:00.000Z");
    const list = await listActivities(a.user, filters(), NOW);
    expect(list.rows.map((r) => r.subject)).toEqual(["antes, mais nova", "antes", "depois", "sem data, nova", "sem data, antiga"]);
    expect(Object.fromEntries(list.rows.map((r) => [r.subject, r.state]))).toEqual({
      "antes, mais nova": "pending",
      antes: "pending",
      depois: "scheduled",
      "sem data, nova": "pending",
      "sem data, antiga": "pending",
    });
  });
});

describe("who sees which activities", () => {
  it("an opportunity a broker owns but that belongs to another broker's lead is that lead's broker's", async () => {
    const ana = await brokerWithDeal("Ana Dona");
    const beto = await brokerUser("Beto Lead");
    const lead = await makeLead(beto.brokerId);
    const deal = await makeDeal({ ownerId: ana.brokerId });
    await db().updateTable("crm_deals").set({ external_source_id: lead }).where("id", "=", deal.id).execute();
    await makeActivity({ dealId: deal.id, subject: "do lead do Beto" });
    await makeActivity({ dealId: ana.dealId, subject: "da Ana" });
    expect(await subjects(ana.user)).toEqual(["da Ana"]);
    expect(await subjects(beto.user)).toEqual(["do lead do Beto"]);
  });

  it("a broker account without a broker record sees nothing; an admin sees all, or one broker's with a valid id", async () => {
    const a = await brokerWithDeal("Ana Escopo");
    await makeActivity({ dealId: a.dealId, subject: "da Ana" });
    const ownerless = await makeDeal({ ownerId: null });
    await makeActivity({ dealId: ownerless.id, subject: "sem dono" });
    const orphan: SessionUser = { ...a.user, broker: null };
    expect(await subjects(orphan)).toEqual([]);
    expect(await subjects(orphan, { deal_id: ownerless.id })).toEqual([]);
    const admin = await adminUser();
    const open = await db().selectFrom("crm_activities").select((eb) => eb.fn.countAll<number>().as("n")).where("completed_at", "is", null).executeTakeFirstOrThrow();
    expect((await listActivities(admin.user, filters(), NOW)).total).toBe(Number(open.n));
    expect(await subjects(admin.user, { deal_id: ownerless.id })).toEqual(["sem dono"]);
    expect(await subjects(admin.user, { broker: a.brokerId })).toEqual(["da Ana"]);
    // not an id: the filter is ignored, not an empty list
    expect((await listActivities(admin.user, filters({ broker: "fulano" }), NOW)).total).toBe(Number(open.n));
  });
});

describe("the lead search of 'Nova atividade'", () => {
  it("needs 2 characters after trimming; finds by name, e-mail, phone and listing; only the broker's own leads", async () => {
    const a = await brokerUser("Ana Busca");
    const b = await brokerUser("Beto Busca");
    const own = await makeLead(a.brokerId, { name: "Quitéria Zanoni", email: "qz-busca@cliente.com.br", phone: "(11) 97777-1234" });
    await db().updateTable("leads").set({ property_title: "Casa Vila Xisto" }).where("id", "=", own).execute();
    const foreign = await makeLead(b.brokerId, { name: "Quitéria Zanoni Outra" });
    expect(await searchLeadsForActivity(a.user, " Q ")).toEqual([]);
    expect((await searchLeadsForActivity(a.user, " Qu ")).map((l) => l.id)).toEqual([own]);
    for (const text of ["Zanoni", "qz-busca", "97777-1234", "Vila Xisto"]) {
      expect((await searchLeadsForActivity(a.user, text)).map((l) => l.id), text).toEqual([own]);
    }
    const admin = await adminUser();
    expect((await searchLeadsForActivity(admin.user, "Quitéria Zanoni")).map((l) => l.id).sort()).toEqual([own, foreign].sort());
    expect(await searchLeadsForActivity({ ...a.user, broker: null }, "Quitéria")).toEqual([]);
  });

  it("two characters means two letters, not two UTF-16 units; wildcards typed are not wildcards", async () => {
    const a = await brokerUser("Ana Curinga");
    await makeLead(a.brokerId, { name: "Joao Curinga" });
    // one emoji is one character, two UTF-16 units
    expect(await searchLeadsForActivity(a.user, "😀")).toEqual([]);
    // without removing '_' it would match any letter: 'Jo_o' would find 'Joao'
    expect(await searchLeadsForActivity(a.user, "Jo_o")).toEqual([]);
    expect(await searchLeadsForActivity(a.user, "Jo%o")).toEqual([]);
    expect((await searchLeadsForActivity(a.user, "Jo%ao")).map((l) => l.name)).toEqual(["Joao Curinga"]);
  });

  it("at most 10, newest first; the text is cut at 100 characters", async () => {
    const a = await brokerUser("Ana Dez");
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await makeLead(a.brokerId, { name: `Dezena ${i}`, createdAt: iso(DAY_START + i * 1000) }));
    const found = await searchLeadsForActivity(a.user, "Dezena");
    expect(found.map((l) => l.id)).toEqual(ids.slice(2).reverse());
    const long = "L".repeat(100);
    const lead = await makeLead(a.brokerId, { name: long });
    expect((await searchLeadsForActivity(a.user, `${long}x`)).map((l) => l.id)).toEqual([lead]);
  });

  it("the lead already chosen: none for no id, the broker's own, never another broker's; an admin any", async () => {
    const a = await brokerUser("Ana Escolhida");
    const b = await brokerUser("Beto Escolhido");
    const own = await makeLead(a.brokerId);
    const foreign = await makeLead(b.brokerId);
    expect(await leadForActivity(a.user, null)).toBeNull();
    expect(await leadForActivity(a.user, 0)).toBeNull();
    expect((await leadForActivity(a.user, own))?.id).toBe(own);
    expect(await leadForActivity(a.user, foreign)).toBeNull();
    expect(await leadForActivity({ ...a.user, broker: null }, own)).toBeNull();
    const admin = await adminUser();
    expect((await leadForActivity(admin.user, foreign))?.id).toBe(foreign);
  });
});
