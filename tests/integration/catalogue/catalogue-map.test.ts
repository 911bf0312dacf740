import { beforeAll, describe, expect, it } from "vitest";
import type { NewProperty } from "#db/schema";
import { loader as mapLoader } from "~/routes/public/catalogue-map";
import { formatMapBounds, parseMapBounds, tileOrigin, withoutLocationText } from "~/modules/catalogue/map-area";
import { contentSecurityPolicy } from "~/entry.server";
import { getRequest, routeArgs } from "../../helpers/requests";
import { run } from "../../helpers/responses";
import { makeProperty } from "../../helpers/factories";

/**
 * /imoveis/mapa (issue 28) on a real migrated SQLite database: the area of
 * 'Buscar nesta área' filters by latitude and longitude (edges included,
 * both sides of each edge tested), the catalogue's filters still apply,
 * properties without coordinates are counted and left off the map, and a
 * bad area never reaches SQL.
 */
const ids: Record<string, number> = {};

async function place(name: string, overrides: Partial<NewProperty>) {
  ids[name] = (await makeProperty({ type: "pronto", purpose: "sale", price: 500_000, rent_price: 0, rental: 0, address_display: "all", ...overrides })).id;
}

async function open(query = "") {
  const r = await run(() => mapLoader(routeArgs(getRequest(`/imoveis/mapa${query}`))));
  if (r.response) return { redirect: r.response.headers.get("Location"), status: r.response.status, page: null };
  if (!r.value) throw r.thrown;
  return { redirect: null, status: 200, page: r.value };
}

const shownIds = (page: Awaited<ReturnType<typeof open>>["page"]) =>
  page!.result.groups
    .flatMap((g) => g.items.map((i) => i.id))
    .sort((a, b) => a - b);

beforeAll(async () => {
  await place("north", { title: "Casa ao norte", city: "São Paulo", neighborhood: "Perdizes", latitude: -23.5, longitude: -46.6 });
  await place("south", { title: "Casa ao sul", city: "São Paulo", neighborhood: "Moema", latitude: -23.6, longitude: -46.7 });
  await place("campinas", { title: "Casa em Campinas", city: "Campinas", neighborhood: "Cambuí", latitude: -22.9, longitude: -47.05 });
  await place("nowhere", { title: "Casa sem mapa", city: "São Paulo", neighborhood: "Moema", latitude: null, longitude: null });
  await place("half", { title: "Casa com meia posição", city: "São Paulo", neighborhood: "Tatuapé", latitude: -23.54, longitude: null });
  await place("sold", { title: "Casa vendida", city: "São Paulo", neighborhood: "Moema", latitude: -23.55, longitude: -46.65, status: "sold" });
  await place("approx", { title: "Casa de endereço reservado", city: "São Paulo", neighborhood: "Pinheiros", latitude: -23.567891, longitude: -46.693219, address_display: "neighborhood" });
});

describe("the map page without an area", () => {
  it("lists every available match grouped by neighbourhood, and counts those without coordinates", async () => {
    const { page } = await open();
    expect(page!.result.total).toBe(6);
    expect(shownIds(page)).toEqual([ids.north, ids.south, ids.campinas, ids.nowhere, ids.half, ids.approx].sort((a, b) => a - b));
    expect(page!.result.withoutLocation).toBe(2); // no coordinates, and only a latitude
    const moema = page!.result.groups.find((g) => g.neighborhood === "Moema" && g.city === "São Paulo");
    expect(moema?.items.map((i) => i.title).sort()).toEqual(["Casa ao sul", "Casa sem mapa"]);
    // left off the map: no coordinates given to the page
    const half = page!.result.groups.flatMap((g) => g.items).find((i) => i.id === ids.half);
    expect(half).toMatchObject({ lat: null, lng: null });
    // grouped alphabetically by neighbourhood
    expect(page!.result.groups.map((g) => g.neighborhood)).toEqual(["Cambuí", "Moema", "Perdizes", "Pinheiros", "Tatuapé"]);
  });

  it("keeps a hidden address approximate (3 decimals) and an open one exact", async () => {
    const items = (await open()).page!.result.groups.flatMap((g) => g.items);
    expect(items.find((i) => i.id === ids.approx)).toMatchObject({ lat: -23.568, lng: -46.693 });
    expect(items.find((i) => i.id === ids.north)).toMatchObject({ lat: -23.5, lng: -46.6 });
  });

  it("applies the catalogue's own filters (city) and keeps ref in the links back to the list", async () => {
    const ref = "3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f";
    const { page } = await open(`?city=Campinas&ref=${ref}`);
    expect(shownIds(page)).toEqual([ids.campinas]);
    expect(page!.listHref).toBe(`/imoveis?city=Campinas&ref=${ref}`);
    expect(page!.result.withoutLocation).toBe(0);
  });
});

describe("'Buscar nesta área': the bounds filter", () => {
  // north: (-23.5, -46.6), south: (-23.6, -46.7) are exactly on the edges of this area
  const EDGES = { south: -23.6, west: -46.7, north: -23.5, east: -46.6 };
  const area = (b: typeof EDGES) => `?area=${formatMapBounds(b)}`;

  it("includes properties on every edge", async () => {
    const { page, redirect } = await open(area(EDGES));
    expect(redirect).toBeNull();
    expect(shownIds(page)).toEqual([ids.north, ids.south, ids.approx].sort((a, b) => a - b));
    expect(page!.area).toBe("-23.6,-46.7,-23.5,-46.6");
    // properties without coordinates are in no area
    expect(page!.result.withoutLocation).toBe(0);
  });

  it("leaves out a property just outside each edge", async () => {
    const step = 0.00001;
    expect(shownIds((await open(area({ ...EDGES, south: EDGES.south + step }))).page)).not.toContain(ids.south);
    expect(shownIds((await open(area({ ...EDGES, west: EDGES.west + step }))).page)).not.toContain(ids.south);
    expect(shownIds((await open(area({ ...EDGES, north: EDGES.north - step }))).page)).not.toContain(ids.north);
    expect(shownIds((await open(area({ ...EDGES, east: EDGES.east - step }))).page)).not.toContain(ids.north);
    // and the other one stays in each time
    expect(shownIds((await open(area({ ...EDGES, south: EDGES.south + step }))).page)).toContain(ids.north);
    expect(shownIds((await open(area({ ...EDGES, north: EDGES.north - step }))).page)).toContain(ids.south);
  });

  it("combines with the filters and is carried by the filter form", async () => {
    const { page } = await open(`?city=Campinas&area=${formatMapBounds(EDGES)}`);
    expect(page!.result.total).toBe(0);
    expect(page!.listHref).toBe("/imoveis?city=Campinas");
    const wide = await open(`?city=Campinas&area=-24,-48,-22,-46`);
    expect(shownIds(wide.page)).toEqual([ids.campinas]);
  });

  it("redirects a bad area to the search without it (nothing odd reaches SQL)", async () => {
    for (const bad of ["abc", "1,2,3", "1,2,3,4,5", "-91,0,0,0", "0,-181,1,0", "10,0,5,1", "0,10,1,5", "1e1,2,3,4", "1,2,3,4);DROP TABLE properties;--", "' OR 1=1 --", "x".repeat(500)]) {
      const r = await open(`?city=Campinas&area=${encodeURIComponent(bad)}`);
      expect(r.status, bad).toBe(302);
      expect(r.redirect, bad).toBe("/imoveis/mapa?city=Campinas");
    }
    // an over-precise one is rounded into the canonical URL
    expect((await open("?area=-23.6000001,-46.7,-23.5,-46.6")).redirect).toBe("/imoveis/mapa?area=-23.6,-46.7,-23.5,-46.6");
  });
});

describe("the map's rules", () => {
  it("parses and writes the area", () => {
    expect(parseMapBounds("-23.6,-46.7,-23.5,-46.6")).toEqual({ south: -23.6, west: -46.7, north: -23.5, east: -46.6 });
    expect(parseMapBounds(" -90 , -180 , 90 , 180 ")).toEqual({ south: -90, west: -180, north: 90, east: 180 });
    expect(parseMapBounds("-90.00001,0,0,1")).toBeNull();
    expect(parseMapBounds("")).toBeNull();
    expect(formatMapBounds({ south: -23.123456789, west: 1, north: 2, east: 3 })).toBe("-23.12346,1,2,3");
  });

  it("says how many are left off, in the singular for one", () => {
    expect(withoutLocationText(1)).toBe("1 imóvel sem localização no mapa");
    expect(withoutLocationText(12)).toBe("12 imóveis sem localização no mapa");
    expect(withoutLocationText(1200)).toBe("1.200 imóveis sem localização no mapa");
  });

  it("lets the configured tile origin into the page's img-src (an http fake in tests; https: is allowed anyway)", () => {
    expect(tileOrigin("http://127.0.0.1:4567/{z}/{x}/{y}.png")).toBe("http://127.0.0.1:4567");
    expect(tileOrigin("https://tile.openstreetmap.org/{z}/{x}/{y}.png")).toBe("https://tile.openstreetmap.org");
    expect(tileOrigin("https://{s}.tile.example.com/{z}/{x}/{y}.png")).toBe("https://*.tile.example.com");
    expect(contentSecurityPolicy("n", "http://127.0.0.1:4567")).toContain("img-src 'self' data: blob: https: http://127.0.0.1:4567;");
    expect(contentSecurityPolicy("n", "https://tile.openstreetmap.org")).toContain("img-src 'self' data: blob: https:;");
  });
});
