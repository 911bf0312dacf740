import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "~/modules/platform/db.server";
import { brokerOptions, leadStats, listLeads, parseLeadListParams, SEARCH_COUNT_CAP } from "~/modules/leads/lead-list.server";
import { makeBroker } from "../../helpers/factories";
import { adminUser, brokerUser, makeLead, stagesByName } from "../crm/crm-helpers";

/**
 * The CRM lead list (lead-list.server.ts, 02 §2.4): a broker sees only their
 * own leads whatever the URL asks; an administrator all of them, one broker's
 * or those without a broker ('none'); the stage filter; a search within one
 * broker over the accent-folded key; an administrator's broad search counted
 * up to 1,000 and then shown as "more than 1,000"; the pages; the admin's
 * four cards (this month in agency time); the brokers offered as a filter.
 */
afterEach(() => {
  vi.useRealTimers();
});

const names = (page: { rows: { name: string }[] }) => page.rows.map((r) => r.name).sort();

/** Leads named `${prefix} i`, inserted in chunks, created i seconds after 2026-01-01 (newest last). */
async function insertNamed(brokerId: string | null, prefix: string, count: number, from = 0) {
  const rows = Array.from({ length: count }, (_, k) => {
    const i = from + k;
    const at = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
    return { name: `${prefix} ${i}`, email: `l${i}@x.com.br`, phone: "(11) 98888-0000", phone_normalized: "5511988880000", message: "Oi", broker_id: brokerId, created_at: at, updated_at: at };
  });
  for (let i = 0; i < rows.length; i += 200) await db().insertInto("leads").values(rows.slice(i, i + 200)).execute();
}

describe("the list's URL", () => {
  it("reads search, stage, broker and page; trims; ignores what is not an id or a page", () => {
    const read = (qs: string) => parseLeadListParams(new URL(`http://x/broker/leads?${qs}`));
    expect(read("q=%20Ana%20&stage=7&broker=%20b-1%20&page=3")).toEqual({ q: "Ana", stage: 7, broker: "b-1", page: 3 });
    expect(read("")).toEqual({ page: 1 });
    expect(read("q=%20%20&stage=abc&page=0")).toEqual({ q: undefined, stage: undefined, page: 1 });
    expect(read("stage=0&page=x").stage).toBeUndefined();
  });

  it("a broker filter of 64 characters is kept, of 65 dropped (the rest kept)", () => {
    const read = (broker: string) => parseLeadListParams(new URL(`http://x/admin/contacts?broker=${broker}&page=2`));
    expect(read("b".repeat(64))).toMatchObject({ broker: "b".repeat(64), page: 2 });
    expect(read("b".repeat(65))).toMatchObject({ broker: undefined, page: 2 });
  });
});

describe("whose leads the list shows", () => {
  it("a broker: only their own, whatever broker filter the URL carries", async () => {
    const a = await brokerUser("Ana Escopo");
    const b = await brokerUser("Bia Escopo");
    await makeLead(a.brokerId, { name: "Escopo A1" });
    await makeLead(a.brokerId, { name: "Escopo A2" });
    await makeLead(b.brokerId, { name: "Escopo B1" });
    await makeLead(null, { name: "Escopo Livre" });
    for (const broker of [undefined, b.brokerId, "none", ""]) {
      const page = await listLeads(a.user, { page: 1, broker });
      expect({ broker, names: names(page), total: page.total }).toEqual({ broker, names: ["Escopo A1", "Escopo A2"], total: 2 });
    }
  });

  it("an administrator: everyone, one broker's, or only those without a broker; filtered by stage", async () => {
    const admin = await adminUser();
    const a = await brokerUser("Ana Admin");
    const stages = await stagesByName();
    await makeLead(a.brokerId, { name: "Admin A Entrada" });
    await makeLead(a.brokerId, { name: "Admin A Proposta", stageId: stages["Proposta"] });
    await makeLead(null, { name: "Admin Livre Proposta", stageId: stages["Proposta"] });
    const onlyA = await listLeads(admin.user, { page: 1, broker: a.brokerId });
    expect(names(onlyA)).toEqual(["Admin A Entrada", "Admin A Proposta"]);
    const aInStage = await listLeads(admin.user, { page: 1, broker: a.brokerId, stage: stages["Proposta"] });
    expect({ names: names(aInStage), total: aInStage.total }).toEqual({ names: ["Admin A Proposta"], total: 1 });
    const none = await listLeads(admin.user, { page: 1, broker: "none", q: "Admin" });
    expect(names(none)).toEqual(["Admin Livre Proposta"]);
    const all = await listLeads(admin.user, { page: 1, q: "Admin" });
    expect(names(all)).toEqual(["Admin A Entrada", "Admin A Proposta", "Admin Livre Proposta"]);
    const inStage = await listLeads(admin.user, { page: 1, q: "Admin", stage: stages["Proposta"] });
    expect({ names: names(inStage), total: inStage.total }).toEqual({ names: ["Admin A Proposta", "Admin Livre Proposta"], total: 2 });
  });

  it("a row carries the lead's contact, listing, broker, stage, status, priority and date", async () => {
    const admin = await adminUser();
    const a = await brokerUser("Ana Linha");
    const stages = await stagesByName();
    const id = await makeLead(a.brokerId, { name: "Linha Completa", email: "linha@cliente.com.br", phone: "(11) 97654-3210", priority: "alta", stageId: stages["Proposta"], createdAt: "2026-02-03T10:00:00.000Z" });
    await db().updateTable("leads").set({ property_title: "Casa Linha", property_url: "/imovel/casa-linha-1", status: "negociacao" }).where("id", "=", id).execute();
    const [row] = (await listLeads(admin.user, { page: 1, q: "Linha Completa" })).rows;
    expect(row).toEqual({
      id,
      name: "Linha Completa",
      email: "linha@cliente.com.br",
      phone: "(11) 97654-3210",
      message: "Tenho interesse",
      propertyTitle: "Casa Linha",
      propertyUrl: "/imovel/casa-linha-1",
      brokerId: a.brokerId,
      brokerName: "Ana Linha",
      brokerEmail: a.email,
      stageId: stages["Proposta"],
      stageName: "Proposta",
      status: "negociacao",
      priority: "alta",
      createdAt: "2026-02-03T10:00:00.000Z",
    });
  });
});

describe("searching within one broker", () => {
  it("reads the accent-folded key, so a short piece without accents finds an accented name", async () => {
    const admin = await adminUser();
    const a = await brokerUser("Ana Busca");
    await makeLead(a.brokerId, { name: "Conceição Silva" });
    await makeLead(a.brokerId, { name: "Outra Pessoa" });
    expect(names(await listLeads(a.user, { page: 1, q: "ca" }))).toEqual(["Conceição Silva"]);
    expect(names(await listLeads(admin.user, { page: 1, q: "ca", broker: a.brokerId }))).toEqual(["Conceição Silva"]);
  });
});

describe("an administrator's broad search", () => {
  it(`counts up to ${SEARCH_COUNT_CAP} exactly, one more is "more than ${SEARCH_COUNT_CAP}"; a broker's own search is never capped`, async () => {
    const admin = await adminUser();
    const a = await brokerUser("Ana Ampla");
    await insertNamed(a.brokerId, "Capivara", SEARCH_COUNT_CAP);
    const exact = await listLeads(admin.user, { page: 1, q: "capivara" });
    expect({ total: exact.total, capped: exact.totalCapped, pageCount: exact.pageCount }).toEqual({ total: 1000, capped: false, pageCount: 100 });
    await insertNamed(a.brokerId, "Capivara", 2, SEARCH_COUNT_CAP);
    const broad = await listLeads(admin.user, { page: 1, q: "capivara" });
    expect({ total: broad.total, capped: broad.totalCapped, pageCount: broad.pageCount }).toEqual({ total: 1001, capped: true, pageCount: 101 });
    // newest first, from the folded key in date order
    expect(broad.rows.map((r) => r.name)).toEqual(Array.from({ length: 10 }, (_, k) => `Capivara ${1001 - k}`));
    const own = await listLeads(a.user, { page: 1, q: "capivara" });
    expect({ total: own.total, capped: own.totalCapped }).toEqual({ total: 1002, capped: false });
    const filtered = await listLeads(admin.user, { page: 1, q: "capivara", broker: a.brokerId });
    expect({ total: filtered.total, capped: filtered.totalCapped }).toEqual({ total: 1002, capped: false });
    // a stage narrows a broad word: its own matches are counted, up to 1,000 exactly
    const stages = await stagesByName();
    const ids = (await db().selectFrom("leads").select("id").where("name", "like", "Capivara %").orderBy("id").execute()).map((r) => r.id);
    await db().updateTable("leads").set({ stage_id: stages["Proposta"] }).where("id", "in", ids.slice(0, 1000)).execute();
    await db().updateTable("leads").set({ stage_id: stages["Perdido"] }).where("id", "=", ids[1000]!).execute();
    const inStage = async (stage: number) => {
      const page = await listLeads(admin.user, { page: 1, q: "capivara", stage });
      return { total: page.total, capped: page.totalCapped, rows: page.rows.length };
    };
    expect(await inStage(stages["Proposta"]!)).toEqual({ total: 1000, capped: false, rows: 10 });
    expect(await inStage(stages["Perdido"]!)).toEqual({ total: 1, capped: false, rows: 1 });
  });

  it("a search with a stage counts the stage's matches, not every match of the index", async () => {
    const admin = await adminUser();
    const stages = await stagesByName();
    await makeLead(null, { name: "Quati Estagio", stageId: stages["Proposta"] });
    await makeLead(null, { name: "Quati Estagio" });
    await makeLead(null, { name: "Quati Estagio" });
    const page = await listLeads(admin.user, { page: 1, q: "quati", stage: stages["Proposta"] });
    expect({ total: page.total, rows: page.rows.length }).toEqual({ total: 1, rows: 1 });
  });
});

describe("pages", () => {
  it("an empty list is one empty page; a smaller page size splits the same order", async () => {
    const a = await brokerUser("Ana Vazia");
    expect(await listLeads(a.user, { page: 3 })).toEqual({ rows: [], total: 0, totalCapped: false, page: 1, pageCount: 1, pageSize: 10 });
    await insertNamed(a.brokerId, "Pagina", 7);
    const second = await listLeads(a.user, { page: 2 }, 3);
    expect({ names: second.rows.map((r) => r.name), page: second.page, pageCount: second.pageCount, pageSize: second.pageSize }).toEqual({
      names: ["Pagina 3", "Pagina 2", "Pagina 1"],
      page: 2,
      pageCount: 3,
      pageSize: 3,
    });
  });
});

describe("the administrator's cards", () => {
  it("total, with a broker, direct, and this month from the 1st at 00:00 in São Paulo", async () => {
    const a = await brokerUser("Ana Cartões");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-07-20T12:00:00.000Z"));
    const lateJuly = new Date("2025-08-01T02:59:59.999Z"); // 31 July, 23:59:59.999 in São Paulo
    const august = new Date("2025-08-01T03:00:00.000Z"); // 1 August, 00:00 in São Paulo
    const before = [await leadStats(), await leadStats(lateJuly), await leadStats(august)];
    await makeLead(a.brokerId, { createdAt: "2025-07-01T02:59:59.999Z" }); // 30 June, 23:59:59.999 in São Paulo
    await makeLead(null, { createdAt: "2025-07-01T03:00:00.000Z" }); // 1 July, 00:00 in São Paulo
    await makeLead(a.brokerId, { createdAt: "2025-07-20T11:00:00.000Z" });
    const after = [await leadStats(), await leadStats(lateJuly), await leadStats(august)];
    expect({
      total: after[0]!.total - before[0]!.total,
      withBroker: after[0]!.withBroker - before[0]!.withBroker,
      direct: after[0]!.direct - before[0]!.direct,
    }).toEqual({ total: 3, withBroker: 2, direct: 1 });
    expect(after[0]!.total).toBe(after[0]!.withBroker + after[0]!.direct);
    expect(after.map((s, i) => s.thisMonth - before[i]!.thisMonth)).toEqual([2, 2, 0]);
  });
});

describe("the brokers offered as a filter", () => {
  it("everyone by name with whether they may receive leads; a term matches name or e-mail, trimmed, wildcards dropped", async () => {
    await makeBroker({ name: "Marta Filtro" });
    await makeBroker({ name: "Nilo Filtro", isActive: false });
    await makeBroker({ name: "Otto Fil%tro" });
    const all = await brokerOptions();
    const mine = all.filter((b) => /Fil%?tro/.test(b.name));
    expect(mine.map((b) => [b.name, b.isActive])).toEqual([
      ["Marta Filtro", true],
      ["Nilo Filtro", false],
      ["Otto Fil%tro", true],
    ]);
    expect(Object.keys(all[0]!).sort()).toEqual(["email", "id", "isActive", "name"]);
    expect((await brokerOptions("  ILTRO ")).map((b) => b.name)).toEqual(["Marta Filtro", "Nilo Filtro"]);
    // '%' and '_' are dropped, not wildcards: 'il%tro' and 'il_tro' ask for 'iltro', which 'Otto Fil%tro' does not hold
    expect((await brokerOptions("il%tro")).map((b) => b.name)).toEqual(["Marta Filtro", "Nilo Filtro"]);
    expect((await brokerOptions("il_tro")).map((b) => b.name)).toEqual(["Marta Filtro", "Nilo Filtro"]);
    const nilo = mine[1]!;
    expect((await brokerOptions(nilo.email.toUpperCase())).map((b) => b.id)).toEqual([nilo.id]);
    expect(await brokerOptions("iltro", 1)).toHaveLength(1);
  });
});
