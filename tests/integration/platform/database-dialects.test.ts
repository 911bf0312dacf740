import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { buildMatchQuery, catalogueTextMatchIds, catalogueVocabularyPage, countCatalogueTextMatches, propertyTextMatch } from "#db/fulltext";
import { countTextMatches, leadTextMatch } from "#db/lead-search";
import type { NewProperty } from "#db/schema";
import { databaseDialect, db } from "~/modules/platform/db.server";
import { buildProperty } from "~/modules/platform/seed.server";
import { makeBroker, makeLead } from "../../helpers/factories";
import { onPostgres } from "../../helpers/database";

/**
 * The same app on SQLite and on PostgreSQL (issue 27): this file runs in
 * both suites (`npm test` and `npm run test:postgres`) and pins down what
 * the dialect layer (db/dialect.ts, db/fulltext.ts, db/lead-search.ts)
 * promises: equal search results, equal text and number rules.
 */
let seq = 11;
const random = () => ((seq = (seq * 9301 + 49297) % 233280) / 233280);

async function insert(overrides: Partial<NewProperty>): Promise<number> {
  const row = buildProperty(random, seq, { status: "available", featured: 0, ...overrides });
  return (await db().insertInto("properties").values(row).returning("id").executeTakeFirstOrThrow()).id;
}

const ids: Record<string, number> = {};
beforeAll(async () => {
  ids.hyphen = await insert({ title: "Apartamento-modelo decorado", description: "Pronto para morar; 3.5 km do metrô.", city: "São José dos Campos", neighborhood: "Jardim Aquarius", address: "Rua Ñandu, 12" });
  ids.quotes = await insert({ title: "Cobertura “duplex” com piscina", description: "Área gourmet — churrasqueira.", city: "Ribeirão Preto", neighborhood: "Centro", address: "Av. Brasil, 1" });
  ids.upper = await insert({ title: "CASA TÉRREA NO CAMPO", description: "ÓTIMA LOCALIZAÇÃO", city: "Itu", neighborhood: "Zona Rural", address: "Estrada Velha" });
  ids.sold = await insert({ title: "Apartamento-modelo vendido", description: "Vendido.", city: "São José dos Campos", neighborhood: "Centro", status: "sold" });
});

async function catalogue(text: string, options: Parameters<typeof buildMatchQuery>[1] = { insideWords: () => [] }): Promise<number[]> {
  const query = buildMatchQuery(text, options);
  if (!query) return [];
  // Words inside words come from the index's vocabulary, read as the app does.
  if (options.insideWords) {
    const { insideWordsLookup } = await import("~/modules/catalogue/vocabulary.server");
    const lookup = await insideWordsLookup();
    return (await catalogueTextMatchIds(db(), buildMatchQuery(text, { ...options, insideWords: lookup })!, 100)).sort((a, b) => a - b);
  }
  return (await catalogueTextMatchIds(db(), query, 100)).sort((a, b) => a - b);
}

describe(`full-text search on ${onPostgres ? "PostgreSQL" : "SQLite"}`, () => {
  it("runs on the database the suite asked for", () => {
    expect(databaseDialect()).toBe(onPostgres ? "postgres" : "sqlite");
  });

  it("splits words at hyphens, quotes and punctuation, and folds accents and case both ways", async () => {
    expect(await catalogue("modelo")).toEqual([ids.hyphen]);
    expect(await catalogue("duplex")).toEqual([ids.quotes]);
    expect(await catalogue("churrasqueira")).toEqual([ids.quotes]);
    expect(await catalogue("sao jose")).toEqual([ids.hyphen]);
    expect(await catalogue("SÃO JOSÉ")).toEqual([ids.hyphen]);
    expect(await catalogue("terrea")).toEqual([ids.upper]);
    expect(await catalogue("localizacao otima")).toEqual([ids.upper]);
    expect(await catalogue("nandu")).toEqual([ids.hyphen]);
    expect(await catalogue("3 5 km")).toEqual([ids.hyphen]);
  });

  it("one letter is a whole word, two letters a word start, three or more anywhere inside a word", async () => {
    expect(await catalogue("av brasil")).toEqual([ids.quotes]);
    expect(await catalogue("a")).toEqual([]);
    expect(await catalogue("3")).toEqual([ids.hyphen]);
    expect(await catalogue("ib")).toEqual([]); // 'ribeirão' does not start with it
    expect(await catalogue("ri")).toEqual([ids.quotes]);
    expect(await catalogue("beir")).toEqual([ids.quotes]);
    expect(await catalogue("quarius")).toEqual([ids.hyphen]);
    // without inside-word search (the back office), a word only matches word starts
    expect(await catalogue("quarius", {})).toEqual([]);
    expect(await catalogue("aquar", {})).toEqual([ids.hyphen]);
  });

  it("every word must match; the catalogue index holds available listings only; counts agree with the ids", async () => {
    expect(await catalogue("modelo decorado")).toEqual([ids.hyphen]);
    expect(await catalogue("modelo piscina")).toEqual([]);
    const query = buildMatchQuery("apartamento modelo")!;
    expect(await countCatalogueTextMatches(db(), query)).toBe(1);
    const all = await db().selectFrom("properties").select("id").where(propertyTextMatch(db(), query)).orderBy("id").execute();
    expect(all.map((r) => r.id)).toEqual([ids.hyphen, ids.sold]);
  });

  it("restricts to the columns asked for", async () => {
    expect(await catalogue("centro", { columns: ["title", "description"] })).toEqual([]);
    expect(await catalogue("centro", { columns: ["neighborhood"] })).toEqual([ids.quotes]);
    expect(await catalogue("jose", { titleAndDescriptionOnly: true })).toEqual([]);
  });

  it("follows edits and status changes at once", async () => {
    await db().updateTable("properties").set({ title: "Apartamento-modelo reformado" }).where("id", "=", ids.hyphen).execute();
    expect(await catalogue("decorado")).toEqual([]);
    expect(await catalogue("reformado")).toEqual([ids.hyphen]);
    await db().updateTable("properties").set({ status: "reserved" }).where("id", "=", ids.hyphen).execute();
    expect(await catalogue("reformado")).toEqual([]);
    await db().updateTable("properties").set({ status: "available" }).where("id", "=", ids.hyphen).execute();
    expect(await catalogue("reformado")).toEqual([ids.hyphen]);
  });
});

describe(`the catalogue vocabulary on ${onPostgres ? "PostgreSQL" : "SQLite"}`, () => {
  it("counts the available listings holding each word, in term order, and follows every change", async () => {
    const vocabulary = async () => {
      const all = await catalogueVocabularyPage(db(), "", 1_000_000);
      expect(all.map((w) => w.term)).toEqual([...all.map((w) => w.term)].sort());
      return new Map(all.map((w) => [w.term, w.documents]));
    };
    const id = await insert({ title: "Sobrado xilofone", description: "Xilofone no quintal.", city: "Itu", neighborhood: "Centro", address: "Rua Z" });
    expect((await vocabulary()).get("xilofone")).toBe(1);
    const other = await insert({ title: "Casa xilofone", description: "", city: "Itu", neighborhood: "Centro", address: "Rua Y" });
    expect((await vocabulary()).get("xilofone")).toBe(2);
    await db().updateTable("properties").set({ status: "sold" }).where("id", "=", id).execute();
    expect((await vocabulary()).get("xilofone")).toBe(1);
    await db().updateTable("properties").set({ title: "Casa tambor" }).where("id", "=", other).execute();
    const after = await vocabulary();
    expect(after.has("xilofone")).toBe(false);
    expect(after.get("tambor")).toBe(1);
    await db().deleteFrom("properties").where("id", "in", [id, other]).execute();
    expect((await vocabulary()).has("tambor")).toBe(false);
  });
});

describe(`lead search on ${onPostgres ? "PostgreSQL" : "SQLite"}`, () => {
  it("finds substrings of name, e-mail and phone, accents and case folded; short words too", async () => {
    const broker = await makeBroker();
    const a = await makeLead({ name: "Joaquim Conceição", email: "joaquim.c@exemplo.com.br", phone: "(11) 91234-5678", brokerId: broker.brokerId });
    const b = await makeLead({ name: "Ana Lúcia", email: "ana@outro.com", phone: "(21) 99876-0000", brokerId: broker.brokerId });
    const find = async (text: string) =>
      (await db().selectFrom("leads").select("id").where("broker_id", "=", broker.brokerId).where(leadTextMatch(db(), text)).orderBy("id").execute()).map((r) => r.id);
    expect(await find("conceicao")).toEqual([a.id]);
    expect(await find("CEIÇ")).toEqual([a.id]);
    expect(await find("91234")).toEqual([a.id]);
    expect(await find("lucia ana")).toEqual([b.id]);
    expect(await find("an")).toEqual([b.id]);
    expect(await find("AN")).toEqual([b.id]);
    expect(await find("exemplo.com")).toEqual([a.id]);
    expect(await find("50%_")).toEqual([]);
    expect(await countTextMatches(db(), "lucia", 10)).toBe(1);
  });
});

describe(`queries mean the same on ${onPostgres ? "PostgreSQL" : "SQLite"}`, () => {
  it("like ignores ASCII case only, and a typed backslash or wildcard is text", async () => {
    const broker = await makeBroker({ name: "Ângela Souza\\Teste" });
    const names = async (pattern: string) => (await db().selectFrom("brokers").select("name").where("id", "=", broker.brokerId).where("name", "like", pattern).execute()).map((r) => r.name);
    expect(await names("%souza%")).toEqual([broker.name]);
    expect(await names("%SOUZA%")).toEqual([broker.name]);
    expect(await names("%ângela%")).toEqual([]); // SQLite folds ASCII letters only
    expect(await names("%a\\t%")).toEqual([broker.name]);
  });

  it("numbers come back as numbers: counts, sums, 64-bit integers and prices to the cent", async () => {
    const id = await insert({ title: "Mansão de preço quebrado", price: 12_345_678.91, city: "Itu" });
    const row = await db()
      .selectFrom("properties")
      .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.sum<number>("price").as("s"), eb.fn.max("price").as("m")])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ n: 1, s: 12_345_678.91, m: 12_345_678.91 });
    const expire = Date.UTC(2100, 0, 1);
    await db().insertInto("rate_limits").values({ key: `dialect-${id}`, points: 3, expire }).execute();
    expect(await db().selectFrom("rate_limits").select(["points", "expire"]).where("key", "=", `dialect-${id}`).executeTakeFirst()).toEqual({ points: 3, expire });
  });

  it("an empty list matches nothing instead of failing", async () => {
    expect(await db().selectFrom("properties").select("id").where("id", "in", []).execute()).toEqual([]);
    expect((await db().selectFrom("properties").select("id").where("id", "not in", []).execute()).length).toBeGreaterThan(0);
  });

  it("text sorts byte by byte (SQLite's BINARY collation): capitals first, accented letters last", async () => {
    for (const name of ["zeta", "Zeta", "ámbar", "ambar"]) await makeBroker({ name });
    const ordered = await db().selectFrom("brokers").select("name").where("name", "in", ["zeta", "Zeta", "ámbar", "ambar"]).orderBy("name").execute();
    expect(ordered.map((r) => r.name)).toEqual(["Zeta", "ambar", "zeta", "ámbar"]);
  });

  it("a transaction's read-then-write is never interleaved with another's (BEGIN IMMEDIATE / one advisory lock)", async () => {
    await sql`create table dialect_counter (id integer primary key, n integer not null)`.execute(db());
    await sql`insert into dialect_counter (id, n) values (1, 0)`.execute(db());
    await Promise.all(
      Array.from({ length: 8 }, () =>
        db()
          .transaction()
          .execute(async (trx) => {
            const row = await sql<{ n: number }>`select n from dialect_counter where id = 1`.execute(trx);
            await new Promise((r) => setTimeout(r, 5));
            await sql`update dialect_counter set n = ${Number(row.rows[0]!.n) + 1} where id = 1`.execute(trx);
          }),
      ),
    );
    const end = await sql<{ n: number }>`select n from dialect_counter where id = 1`.execute(db());
    expect(Number(end.rows[0]!.n)).toBe(8);
    await sql`drop table dialect_counter`.execute(db());
  });

  it("streams a large result in chunks", async () => {
    let rows = 0;
    for await (const r of db().selectFrom("properties").select("id").orderBy("id").stream(2)) {
      expect(typeof r.id).toBe("number");
      rows += 1;
    }
    expect(rows).toBe(Number((await db().selectFrom("properties").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n));
  });

  it.runIf(onPostgres)("drops the NUL character PostgreSQL text cannot hold", async () => {
    const id = await insert({ title: "Casa com\u0000controle" });
    expect((await db().selectFrom("properties").select("title").where("id", "=", id).executeTakeFirstOrThrow()).title).toBe("Casa comcontrole");
  });
});
