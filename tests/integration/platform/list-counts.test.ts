import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { db, nowIso } from "~/modules/platform/db.server";
import { buildProperty } from "~/modules/platform/seed.server";
import { leadListQuery, leadStats, listLeads, type LeadListParams } from "~/modules/leads/lead-list.server";
import { resolveCatalogueFilters, searchCatalogue } from "~/modules/catalogue/search.server";
import { EMPTY_FILTERS } from "~/modules/catalogue/params";
import { ensureDefaultPipeline } from "~/modules/crm/pipeline.server";
import { loadBoard, type BoardFilters } from "~/modules/crm/board.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { propertySlug } from "~/utils/slug";
import { buildMatchQuery, postgresTsQuery } from "#db/fulltext";
import { compactCounterTables } from "#db/bulk";
import { isPostgres } from "#db/dialect";
import { housekeeping } from "~/modules/platform/housekeeping.server";
import { adminUser, brokerUser, makeLead } from "../crm/crm-helpers";

/**
 * Migration 0061 (issue 27): the lead list's totals without a search come
 * from lead_counts, kept by triggers on leads; deep pages read their ids
 * first. The answers must be exactly what counting and paging the rows
 * gives, on SQLite and on PostgreSQL.
 */

/** lead_counts as it should be: the leads grouped by broker ('' none) and stage (0 none), how many and their total_value summed (0062). */
async function countsFromLeads() {
  const rows = await db()
    .selectFrom("leads")
    .select((eb) => [
      eb.fn.coalesce("broker_id", sql<string>`''`).as("b"),
      eb.fn.coalesce("stage_id", sql<number>`0`).as("s"),
      eb.fn.countAll<number>().as("n"),
      eb.fn.sum<number>(eb.fn.coalesce("total_value", sql<number>`0`)).as("t"),
    ])
    .groupBy([sql`coalesce(broker_id, '')`, sql`coalesce(stage_id, 0)`])
    .execute();
  return Object.fromEntries(rows.map((r) => [`${r.b}/${Number(r.s)}`, `${Number(r.n)} · ${Number(r.t).toFixed(2)}`]));
}

async function keptCounts() {
  const rows = await db().selectFrom("lead_counts").selectAll().where("n", "!=", 0).execute();
  return Object.fromEntries(rows.map((r) => [`${r.broker_key}/${Number(r.stage_key)}`, `${Number(r.n)} · ${Number(r.total).toFixed(2)}`]));
}

async function newStage(name: string): Promise<number> {
  const { pipelineId } = await ensureDefaultPipeline();
  const row = await db().insertInto("crm_stages").values({ pipeline_id: pipelineId, name, position: 90, probability: null, created_at: nowIso() }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** What counting the list's own rows gives. */
async function countedTotal(user: SessionUser, params: LeadListParams) {
  return Number((await leadListQuery(user, params).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
}

describe("lead_counts (0061)", () => {
  it("follows inserts, stage moves, reassignments, deletes and the foreign keys' SET NULL", async () => {
    const a = await brokerUser("Corretora A");
    const b = await brokerUser("Corretor B");
    const admin = await adminUser();
    const s1 = await newStage("Contagem 1");
    const s2 = await newStage("Contagem 2");
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await makeLead([a.brokerId, b.brokerId, null][i % 3], { stageId: [s1, s2, null][i % 4 === 3 ? 2 : i % 2] }));
    expect(await keptCounts()).toEqual(await countsFromLeads());

    // the values of the leads (0062): set one and several, with cents, changed, cleared, and changed with a move in one statement
    await db().updateTable("leads").set({ total_value: 350_000.55 }).where("id", "=", ids[0]!).execute();
    await db().updateTable("leads").set({ total_value: 1_200.1 }).where("id", "in", ids.slice(1, 8)).execute();
    await db().updateTable("leads").set({ total_value: 99.99 }).where("id", "=", ids[1]!).execute();
    await db().updateTable("leads").set({ total_value: null }).where("id", "=", ids[2]!).execute();
    await db().updateTable("leads").set({ total_value: 10, stage_id: s1, broker_id: a.brokerId }).where("id", "in", [ids[3]!, ids[10]!]).execute();
    expect(await keptCounts()).toEqual(await countsFromLeads());

    // one lead moved, several moved in one statement, one reassigned, one unassigned, an update of other columns
    await db().updateTable("leads").set({ stage_id: s2 }).where("id", "=", ids[0]!).execute();
    await db().updateTable("leads").set({ stage_id: s1 }).where("id", "in", ids.slice(3, 9)).execute();
    await db().updateTable("leads").set({ broker_id: b.brokerId }).where("id", "=", ids[1]!).execute();
    await db().updateTable("leads").set({ broker_id: null, stage_id: null }).where("id", "=", ids[2]!).execute();
    await db().updateTable("leads").set({ name: "Outro nome", rating: 3 }).where("id", "in", ids).execute();
    expect(await keptCounts()).toEqual(await countsFromLeads());

    // deletes, one and several
    await db().deleteFrom("leads").where("id", "=", ids[4]!).execute();
    await db().deleteFrom("leads").where("id", "in", ids.slice(9, 11)).execute();
    expect(await keptCounts()).toEqual(await countsFromLeads());

    // a stage removed: its leads lose the stage (ON DELETE SET NULL); a broker removed: its leads lose the broker
    await db().deleteFrom("crm_stages").where("id", "=", s2).execute();
    await db().deleteFrom("brokers").where("id", "=", b.brokerId).execute();
    expect(await keptCounts()).toEqual(await countsFromLeads());

    // a rolled-back transaction leaves no trace
    await db()
      .transaction()
      .execute(async (tx) => {
        await tx.deleteFrom("leads").where("broker_id", "=", a.brokerId).execute();
        throw new Error("desfeito");
      })
      .catch(() => undefined);
    expect(await keptCounts()).toEqual(await countsFromLeads());

    // the list's totals without a search are the counted ones, for every scope and filter
    const cases: [SessionUser, LeadListParams][] = [
      [admin.user, { page: 1 }],
      [admin.user, { page: 1, stage: s1 }],
      [admin.user, { page: 1, broker: a.brokerId }],
      [admin.user, { page: 1, broker: a.brokerId, stage: s1 }],
      [admin.user, { page: 1, broker: "none" }],
      [admin.user, { page: 1, broker: "none", stage: s1 }],
      [admin.user, { page: 1, broker: "nao-existe" }],
      [admin.user, { page: 1, broker: "" }],
      [a.user, { page: 1 }],
      [a.user, { page: 1, stage: s1 }],
      [a.user, { page: 1, broker: "none" }],
    ];
    for (const [user, params] of cases) {
      const listed = await listLeads(user, params);
      expect({ params, total: listed.total }).toEqual({ params, total: await countedTotal(user, params) });
    }
    const all = await countedTotal(admin.user, { page: 1 });
    const direct = await countedTotal(admin.user, { page: 1, broker: "none" });
    const stats = await leadStats();
    expect({ total: stats.total, withBroker: stats.withBroker, direct: stats.direct }).toEqual({ total: all, withBroker: all - direct, direct });
  });

  it("an admin's text search counts through the index once, and the total stays the counted one", async () => {
    const a = await brokerUser("Corretora Busca");
    const admin = await adminUser();
    for (let i = 0; i < 4; i++) await makeLead(a.brokerId, { name: `Zuleica Tavares ${i}` });
    await makeLead(null, { name: "Zuleica Sem Corretor" });
    await makeLead(a.brokerId, { name: "Outra Pessoa" });
    for (const q of ["zuleica", "Zuleica Tavares", "zuleica ta", "tavares", "inexistente"]) {
      const params = { q, page: 1 };
      const listed = await listLeads(admin.user, params);
      expect({ q, total: listed.total, rows: listed.rows.length }).toEqual({ q, total: await countedTotal(admin.user, params), rows: Math.min(10, listed.total) });
    }
  });
});

describe("lead_counts stays small", () => {
  it("a big import in one transaction bloats it on PostgreSQL; the housekeeping rewrites it, counts unchanged", async () => {
    const brokers = [await brokerUser("Corretora Volume A"), await brokerUser("Corretor Volume B")];
    const stages = [await newStage("Volume 1"), await newStage("Volume 2"), await newStage("Volume 3")];
    const ids: number[] = [];
    for (const b of brokers) for (const stageId of stages) for (let i = 0; i < 3; i++) ids.push(await makeLead(b.brokerId, { stageId }));
    const pages = async () =>
      isPostgres(db()) ? Number((await sql<{ p: number }>`select pg_relation_size('lead_counts') / current_setting('block_size')::int as p`.execute(db())).rows[0]!.p) : 0;
    // 600 statements in one transaction, each changing the value of the 18 leads: every statement rewrites 6 counter rows
    await db()
      .transaction()
      .execute(async (tx) => {
        for (let i = 0; i < 600; i++) await tx.updateTable("leads").set({ total_value: 1000 + i }).where("id", "in", ids).execute();
      });
    expect(await keptCounts()).toEqual(await countsFromLeads());
    if (isPostgres(db())) expect(await pages()).toBeGreaterThan(32);

    await housekeeping.run(new Date());
    expect(await keptCounts()).toEqual(await countsFromLeads());
    if (isPostgres(db())) expect(await pages()).toBeLessThanOrEqual(4);
    // a small table is left alone: nothing to rewrite a second time
    expect(await compactCounterTables(db())).toEqual([]);
  });
});

describe("the board's column totals (0062)", () => {
  /** A column's count and BRL sum as counting the rows gives them: the scope's leads and opportunities of each stage. */
  async function countedColumns(scope: string | null) {
    const leads = await db()
      .selectFrom("leads")
      .select((eb) => ["stage_id", eb.fn.countAll<number>().as("n"), eb.fn.sum<number>(eb.fn.coalesce("total_value", sql<number>`0`)).as("s")])
      .$if(scope !== null, (q) => q.where("broker_id", "=", scope ?? ""))
      .groupBy("stage_id")
      .execute();
    const deals = await db()
      .selectFrom("crm_deals")
      .select((eb) => ["stage_id", eb.fn.countAll<number>().as("n"), eb.fn.sum<number>(eb.fn.coalesce("amount", sql<number>`0`)).as("s")])
      .where("external_source_id", "is", null)
      .$if(scope !== null, (q) => q.where("owner_id", "=", scope ?? ""))
      .groupBy("stage_id")
      .execute();
    const of = (rows: typeof leads, id: number) => rows.find((r) => Number(r.stage_id) === id);
    return (id: number) => `${Number(of(leads, id)?.n ?? 0) + Number(of(deals, id)?.n ?? 0)} · ${(Number(of(leads, id)?.s ?? 0) + Number(of(deals, id)?.s ?? 0)).toFixed(2)}`;
  }

  it("count and sum what counting the leads gives, for every owner scope, after values, moves and deletes", async () => {
    const a = await brokerUser("Corretora Quadro A");
    const b = await brokerUser("Corretor Quadro B");
    const admin = await adminUser();
    const s1 = await newStage("Quadro 1");
    const s2 = await newStage("Quadro 2");
    const ids: number[] = [];
    for (let i = 0; i < 9; i++) ids.push(await makeLead([a.brokerId, b.brokerId, null][i % 3], { stageId: i % 2 ? s1 : s2, name: `Quadro Alfa ${i}` }));
    await db().updateTable("leads").set({ total_value: 250_000.35 }).where("id", "in", ids.slice(0, 5)).execute();
    await db().updateTable("leads").set({ total_value: 0.1 }).where("id", "=", ids[5]!).execute();
    await db().updateTable("leads").set({ stage_id: s1 }).where("id", "=", ids[0]!).execute();
    await db().deleteFrom("leads").where("id", "=", ids[2]!).execute();

    const all: BoardFilters = { view: "all", owner: "all", brokerId: null, q: "", shown: {} };
    const cases: [SessionUser, BoardFilters, string | null][] = [
      [admin.user, all, null],
      [admin.user, { ...all, brokerId: a.brokerId }, a.brokerId],
      [admin.user, { ...all, owner: "me" }, "__none__"],
      [a.user, all, a.brokerId],
      [b.user, { ...all, brokerId: a.brokerId }, b.brokerId],
    ];
    for (const [user, filters, scope] of cases) {
      const expected = await countedColumns(scope);
      const columns = await loadBoard(user, filters);
      expect(columns.length).toBeGreaterThan(2);
      for (const c of columns) expect({ scope, stage: c.name, totals: `${c.count} · ${c.sum.toFixed(2)}` }).toEqual({ scope, stage: c.name, totals: expected(c.id) });
    }
    // with a search the rows are counted instead: the same figures where it matches every lead of the scope, none where it matches none
    const totals = (columns: Awaited<ReturnType<typeof loadBoard>>) => columns.filter((c) => c.id === s1 || c.id === s2).map((c) => `${c.count} · ${c.sum.toFixed(2)}`);
    expect(totals(await loadBoard(a.user, { ...all, q: "Quadro Alfa" }))).toEqual(totals(await loadBoard(a.user, all)));
    expect(totals(await loadBoard(admin.user, { ...all, q: "Quadro Alfa" }))).toEqual(totals(await loadBoard(admin.user, all)));
    expect(totals(await loadBoard(a.user, { ...all, q: "Ninguém Assim" }))).toEqual(["0 · 0.00", "0 · 0.00"]);
  });
});

describe("pages read ids first", () => {
  it("lead list: the pages split the date order exactly, ties broken by id, the last page short, a page past the end is the last", async () => {
    const a = await brokerUser("Corretora Páginas");
    const same = "2026-03-01T12:00:00.000Z";
    for (let i = 0; i < 23; i++) await makeLead(a.brokerId, { createdAt: i % 3 === 0 ? same : new Date(Date.UTC(2026, 2, 1, i)).toISOString() });
    const expected = (await db().selectFrom("leads").select("id").where("broker_id", "=", a.brokerId).orderBy("created_at", "desc").orderBy("id", "desc").execute()).map((r) => r.id);
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(await listLeads(a.user, { page }));
    expect(pages.map((p) => p.rows.length)).toEqual([10, 10, 3]);
    expect(pages.flatMap((p) => p.rows.map((r) => r.id))).toEqual(expected);
    expect(pages.every((p) => p.total === 23 && p.pageCount === 3)).toBe(true);
    expect(pages[0]!.rows[0]).toMatchObject({ brokerId: a.brokerId, brokerName: "Corretora Páginas" });
    const past = await listLeads(a.user, { page: 99 });
    expect({ page: past.page, ids: past.rows.map((r) => r.id) }).toEqual({ page: 3, ids: expected.slice(20) });
  });

  it("catalogue: a deep page is the same slice of the recent order as counting the rows by hand", async () => {
    const created = (i: number) => new Date(Date.UTC(2025, 0, 1) + Math.floor(i / 2) * 86_400_000).toISOString(); // pairs share a date
    let seq = 1;
    const random = () => ((seq = (seq * 9301 + 49297) % 233280) / 233280);
    for (let i = 0; i < 40; i++) {
      const row = buildProperty(random, 1000 + i, { status: i % 7 === 6 ? "sold" : "available", featured: 0, created_at: created(i), updated_at: created(i) });
      const { id } = await db().insertInto("properties").values(row).returning("id").executeTakeFirstOrThrow();
      await db().updateTable("properties").set({ slug: propertySlug(row.title, id) }).where("id", "=", id).execute();
    }
    const expected = (await db().selectFrom("properties").select("id").where("status", "=", "available").orderBy("created_at", "desc").orderBy("id", "desc").execute()).map((r) => r.id);
    const resolved = await resolveCatalogueFilters({ ...EMPTY_FILTERS }, null);
    const pageCount = Math.ceil(expected.length / 12);
    const seen: number[] = [];
    for (let page = 1; page <= pageCount; page++) {
      const result = await searchCatalogue(resolved, page, "recent");
      expect({ page, total: result.total, pageCount: result.pageCount }).toEqual({ page, total: expected.length, pageCount });
      seen.push(...result.items.map((c) => c.id));
    }
    expect(seen).toEqual(expected);
    const past = await searchCatalogue(resolved, pageCount + 50, "recent");
    expect({ page: past.page, ids: past.items.map((c) => c.id) }).toEqual({ page: pageCount, ids: expected.slice((pageCount - 1) * 12) });
  });
});

describe("a word no other indexed word starts with", () => {
  it("is asked of PostgreSQL as the word itself, and finds what its prefix finds", async () => {
    const add = async (title: string) => {
      let seq = title.length;
      const random = () => ((seq = (seq * 9301 + 49297) % 233280) / 233280);
      const row = buildProperty(random, 2000 + title.length, { status: "available", featured: 0, title, description: "Descrição simples." });
      const { id } = await db().insertInto("properties").values(row).returning("id").executeTakeFirstOrThrow();
      await db().updateTable("properties").set({ slug: propertySlug(row.title, id) }).where("id", "=", id).execute();
      return id;
    };
    const alone = await add("Xilofonex raro");
    const short = await add("Zabumbax antigo");
    const longer = await add("Zabumbaxes novos");
    const search = async (searchTerm: string) => {
      const resolved = await resolveCatalogueFilters({ ...EMPTY_FILTERS, searchTerm }, null);
      const result = await searchCatalogue(resolved, 1, "recent");
      return { words: resolved.query.match!.words.map((w) => [w.folded, !!w.onlyItself]), ids: result.items.map((c) => c.id).sort((a, b) => a - b) };
    };
    expect(await search("xilofonex")).toEqual({ words: [["xilofonex", true]], ids: [alone] });
    expect(postgresTsQuery(buildMatchQuery("xilofonex", { onlyItselfStarts: () => true })!)).toBe("'xilofonex'");
    expect(postgresTsQuery(buildMatchQuery("xilofonex")!)).toBe("'xilofonex':*");
    // 'zabumbax' starts 'zabumbaxes' too: asked as a prefix, both found
    expect(await search("zabumbax")).toEqual({ words: [["zabumbax", false]], ids: [short, longer].sort((a, b) => a - b) });
    expect(await search("xilofone")).toEqual({ words: [["xilofone", false]], ids: [alone] });
    // a word added later is found by its start at once
    const later = await add("Xilofonexes recentes");
    expect(await search("xilofonex")).toEqual({ words: [["xilofonex", false]], ids: [alone, later].sort((a, b) => a - b) });
  });
});
