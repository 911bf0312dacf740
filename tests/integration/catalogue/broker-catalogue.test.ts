import { beforeAll, describe, expect, it } from "vitest";
import type { PropertyKind } from "#db/schema";
import {
  BROKER_CATALOGUE_PAGE_SIZE,
  findCataloguePage,
  readCatalogueQuery,
  referralLinkFor,
} from "~/modules/catalogue/broker-catalogue.server";
import { db, toJsonList } from "~/modules/platform/db.server";
import { getSessionUser, type SessionUser } from "~/modules/auth/session.server";
import { getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { run } from "../../helpers/responses";
import { makeBroker } from "../../helpers/factories";

/** Real database rows; the loader is called with real Requests. */
type Row = { title: string; kind: PropertyKind; city: string; neighborhood: string; price?: number; rent?: number; purpose?: "sale" | "rent" | "both"; bedrooms?: number; brokerId?: string | null };

let seq = 0;
async function insert(row: Row): Promise<number> {
  seq += 1;
  const stamp = new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString();
  const inserted = await db()
    .insertInto("properties")
    .values({
      title: row.title,
      slug: null,
      type: row.kind === "Terreno" ? "terrenos" : "pronto",
      property_type: row.kind,
      purpose: row.purpose ?? "sale",
      construction_status: "ready",
      price: row.price ?? 0,
      rent_price: row.rent ?? 0,
      city: row.city,
      neighborhood: row.neighborhood,
      bedrooms: row.bedrooms ?? 0,
      images: toJsonList([`/uploads/imoveis/t-${seq}/foto.jpg`]),
      broker_id: row.brokerId ?? null,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const slug = `${row.title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${inserted.id}`;
  await db().updateTable("properties").set({ slug }).where("id", "=", inserted.id).execute();
  return inserted.id;
}

let ana: SessionUser;
let bruno: SessionUser;
let anaCookie: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  const a = await makeBroker({ name: "Ana Teste" });
  const b = await makeBroker({ name: "Bruno Teste" });
  anaCookie = await sessionCookie(a.userId);
  ana = (await getSessionUser(new Request("http://localhost/", { headers: { cookie: anaCookie } })))!;
  bruno = (await getSessionUser(new Request("http://localhost/", { headers: { cookie: await sessionCookie(b.userId) } })))!;
  ids.casaMoema = await insert({ title: "Casa em Moema", kind: "Casa", city: "São Paulo", neighborhood: "Moema", price: 900_000, bedrooms: 3, brokerId: ana.broker!.id });
  ids.casaSP = await insert({ title: "Casa no Tatuapé", kind: "Casa", city: "São Paulo - SP", neighborhood: "Tatuapé", price: 650_000, bedrooms: 2 });
  ids.apto = await insert({ title: "Apartamento no Cambuí", kind: "Apartamento", city: "Campinas", neighborhood: "Cambuí", price: 450_000, bedrooms: 2, brokerId: bruno.broker!.id });
  ids.aluguel = await insert({ title: "Apartamento para alugar", kind: "Apartamento", city: "campinas", neighborhood: "Taquaral", rent: 3_000, purpose: "rent", bedrooms: 1 });
  ids.sala = await insert({ title: "Sala comercial Gonzaga", kind: "Sala Comercial", city: "Santos", neighborhood: "Gonzaga", price: 300_000 });
  ids.loja = await insert({ title: "Loja na Ana Costa", kind: "Loja", city: "Santos", neighborhood: "Boqueirão", price: 700_000 });
  ids.galpao = await insert({ title: "Galpão logístico", kind: "Galpão", city: "Sorocaba", neighborhood: "Centro", price: 2_000_000 });
  ids.terreno = await insert({ title: "Terreno em Urbanova", kind: "Terreno", city: "São José dos Campos", neighborhood: "Urbanova", price: 250_000 });
});

async function titles(user: SessionUser, params: string): Promise<string[]> {
  const page = await findCataloguePage(user, readCatalogueQuery(new URLSearchParams(params)));
  return page.cards.map((c) => c.title).sort();
}

describe("broker catalogue filters", () => {
  it("maps the four types to the editor's kinds", async () => {
    expect(await titles(ana, "type=house")).toEqual(["Casa em Moema", "Casa no Tatuapé"]);
    expect(await titles(ana, "type=apartment")).toEqual(["Apartamento no Cambuí", "Apartamento para alugar"]);
    expect(await titles(ana, "type=commercial")).toEqual(["Galpão logístico", "Loja na Ana Costa", "Sala comercial Gonzaga"]);
    expect(await titles(ana, "type=land")).toEqual(["Terreno em Urbanova"]);
    expect(await titles(ana, "type=castle")).toHaveLength(8); // unknown type: ignored, whole catalogue
  });

  it("filters the shown price by an inclusive range, Brazilian or plain numbers", async () => {
    expect(await titles(ana, "minPrice=650.000&maxPrice=900000")).toEqual(["Casa em Moema", "Casa no Tatuapé", "Loja na Ana Costa"]);
    expect(await titles(ana, "maxPrice=3000,00")).toEqual(["Apartamento para alugar"]); // a rental's price is its rent
    expect(await titles(ana, "minPrice=1000000")).toEqual(["Galpão logístico"]);
    expect(await titles(ana, "minPrice=abc")).toHaveLength(8);
  });

  it("says why a price filter was ignored, with the public catalogue's messages", () => {
    expect(readCatalogueQuery(new URLSearchParams("minPrice=abc")).invalid).toEqual({ minPrice: { value: "abc", message: "Informe um número válido" } });
    const negative = readCatalogueQuery(new URLSearchParams("maxPrice=-5&minPrice=500.000"));
    expect(negative.invalid).toEqual({ maxPrice: { value: "-5", message: "Informe um valor maior ou igual a zero" } });
    expect(negative.minPrice).toBe(500_000);
    expect(negative.maxPrice).toBeUndefined();
    expect(readCatalogueQuery(new URLSearchParams("minPrice=<script>")).invalid?.minPrice?.message).toBe("Informe um número válido");
  });

  it("keeps properties with at least the chosen number of bedrooms", async () => {
    expect(await titles(ana, "bedrooms=2")).toEqual(["Apartamento no Cambuí", "Casa em Moema", "Casa no Tatuapé"]);
    expect(await titles(ana, "bedrooms=3")).toEqual(["Casa em Moema"]);
  });

  it("normalises city names and lists a city's neighbourhoods only once it is chosen", async () => {
    const all = await findCataloguePage(ana, readCatalogueQuery(new URLSearchParams("")));
    expect(all.cities).toEqual(["Campinas", "Santos", "São José dos Campos", "São Paulo", "Sorocaba"]);
    expect(all.neighborhoods).toEqual([]);
    const sp = await findCataloguePage(ana, readCatalogueQuery(new URLSearchParams("city=São Paulo")));
    expect(sp.cards.map((c) => c.title).sort()).toEqual(["Casa em Moema", "Casa no Tatuapé"]); // includes "São Paulo - SP"
    expect(sp.neighborhoods).toEqual(["Moema", "Tatuapé"]);
    expect(await titles(ana, "city=campinas")).toEqual(["Apartamento no Cambuí", "Apartamento para alugar"]);
    expect(await titles(ana, "city=São Paulo&neighborhood=Moema")).toEqual(["Casa em Moema"]);
    // a neighbourhood without its city, or from another city, is dropped
    expect(await titles(ana, "neighborhood=Moema")).toHaveLength(8);
    const mixed = await findCataloguePage(ana, readCatalogueQuery(new URLSearchParams("city=Santos&neighborhood=Moema")));
    expect(mixed.query.neighborhood).toBeUndefined();
    expect(mixed.cards).toHaveLength(2);
  });

  it("searches title, city and neighbourhood without accents and shows an empty page when nothing matches", async () => {
    expect(await titles(ana, "q=tatuape")).toEqual(["Casa no Tatuapé"]);
    expect(await titles(ana, "q=galp")).toEqual(["Galpão logístico"]);
    const none = await findCataloguePage(ana, readCatalogueQuery(new URLSearchParams("q=castelo")));
    expect(none.cards).toEqual([]);
    expect(none.total).toBe(0);
    expect(none.pageCount).toBe(1);
  });

  it("marks only the broker's own properties as editable", async () => {
    const page = await findCataloguePage(ana, readCatalogueQuery(new URLSearchParams("")));
    const editable = page.cards.filter((c) => c.canEdit).map((c) => c.id);
    expect(editable).toEqual([ids.casaMoema]);
    const brunoPage = await findCataloguePage(bruno, readCatalogueQuery(new URLSearchParams("")));
    expect(brunoPage.cards.filter((c) => c.canEdit).map((c) => c.id)).toEqual([ids.apto]);
  });

  it("builds the referral link with the broker's id", async () => {
    const link = await referralLinkFor(ana, ids.casaMoema);
    expect(link?.url).toMatch(new RegExp(`/imovel/casa-em-moema-${ids.casaMoema}\\?ref=${ana.broker!.id}$`));
    expect(await referralLinkFor(ana, 999_999)).toBeNull();
  });

});

describe("paging", () => {
  it("pages 9 at a time, newest first, and clamps a page past the end", async () => {
    for (let i = 0; i < 12; i++) await insert({ title: `Extra ${String(i).padStart(2, "0")}`, kind: "Casa", city: "Itu", neighborhood: "Centro", price: 100_000 + i });
    const first = await findCataloguePage(ana, readCatalogueQuery(new URLSearchParams("city=Itu")));
    expect(BROKER_CATALOGUE_PAGE_SIZE).toBe(9);
    expect(first.cards).toHaveLength(9);
    expect(first.total).toBe(12);
    expect(first.pageCount).toBe(2);
    expect(first.cards[0].title).toBe("Extra 11");
    const second = await findCataloguePage(ana, readCatalogueQuery(new URLSearchParams("city=Itu&page=2")));
    expect(second.cards.map((c) => c.title)).toEqual(["Extra 02", "Extra 01", "Extra 00"]);
    const past = await findCataloguePage(ana, readCatalogueQuery(new URLSearchParams("city=Itu&page=99")));
    expect(past.page).toBe(2);
    const bad = readCatalogueQuery(new URLSearchParams("page=-3&view=mosaic&bedrooms=12"));
    expect(bad).toMatchObject({ page: 1, view: "grid", bedrooms: undefined });
  });

});

describe("/broker/properties loader", () => {
  it("returns the page and the referral link for ?link=", async () => {
    const { loader } = await import("~/routes/broker/properties/catalogue");
    const result = await run(() => loader(routeArgs(getRequest(`/broker/properties?view=list&link=${ids.casaSP}`, { cookie: anaCookie }))));
    const value = result.value as Awaited<ReturnType<typeof loader>>;
    expect(value.query.view).toBe("list");
    expect(value.link?.url).toMatch(new RegExp(`^http://[^/]+/imovel/casa-no-tatuap-+${ids.casaSP}\\?ref=${ana.broker!.id}$`));
    expect(value.pageCount).toBeGreaterThanOrEqual(1);
  });

  it("sends a visitor without a session to the login", async () => {
    const { loader } = await import("~/routes/broker/properties/catalogue");
    const result = await run(() => loader(routeArgs(getRequest("/broker/properties"))));
    expect(result.response?.status).toBe(302);
    expect(result.response?.headers.get("Location")).toMatch(/\/broker\/login/);
  });

  it("answers bad input in every parameter with a normal page, never an error", async () => {
    const { loader } = await import("~/routes/broker/properties/catalogue");
    const bad = [
      "minPrice=-5&maxPrice=abc&bedrooms=-1",
      "q=%22%27%20OR%201%3D1%20--&type=mansion",
      "q=title%3A*%22%20NEAR(&city=%3Cscript%3E&neighborhood=x",
      "page=99999999&view=carousel",
      "page=-3&link=abc",
      `q=${"x".repeat(5000)}`,
    ];
    for (const query of bad) {
      const result = await run(() => loader(routeArgs(getRequest(`/broker/properties?${query}`, { cookie: anaCookie }))));
      expect(result.thrown, query).toBeUndefined();
      const value = result.value as Awaited<ReturnType<typeof loader>>;
      expect(value.page, query).toBeGreaterThanOrEqual(1);
      expect(value.page, query).toBeLessThanOrEqual(value.pageCount);
      expect(value.link ?? null, query).toBeNull();
    }
  });
});
