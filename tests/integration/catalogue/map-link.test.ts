import { beforeAll, describe, expect, it } from "vitest";
import type { NewProperty } from "#db/schema";
import { loader as catalogueLoader } from "~/routes/public/catalogue";
import { loader as mapLoader } from "~/routes/public/catalogue-map";
import { getRequest, routeArgs } from "../../helpers/requests";
import { run } from "../../helpers/responses";
import { makeProperty } from "../../helpers/factories";

/**
 * 'Ver no mapa' (issue 28) carries the filters the list page really applies:
 * /alugar and /categoria/aluguel list whatever can be rented (the rental flag,
 * a rent price, the purpose), not only the 'rent' category, so their link says
 * purpose=aluguel and the map then shows the same properties; a category page
 * passes its type. Real migrated SQLite database.
 */
const ids: Record<string, number> = {};

async function place(name: string, overrides: Partial<NewProperty>) {
  ids[name] = (await makeProperty({ type: "pronto", purpose: "sale", price: 500_000, rent_price: 0, rental: 0, city: "Santos", neighborhood: "Gonzaga", latitude: -23.96, longitude: -46.33, ...overrides })).id;
}

async function loaded<T>(load: () => Promise<T>) {
  const r = await run(load);
  if (!r.value) throw r.thrown ?? new Error(`unexpected response ${r.response?.status} ${r.response?.headers.get("Location")}`);
  return r.value;
}

const listPage = (path: string, params: Record<string, string> = {}) => loaded(() => catalogueLoader(routeArgs(getRequest(path), params)));
const mapPage = (href: string) => loaded(() => mapLoader(routeArgs(getRequest(href))));
const mapIds = (page: Awaited<ReturnType<typeof mapPage>>) => page.result.groups.flatMap((g) => g.items.map((i) => i.id)).sort((a, b) => a - b);

beforeAll(async () => {
  await place("forSale", { title: "Casa à venda" });
  await place("rentFlag", { title: "Studio para alugar", rental: 1 });
  await place("rentPrice", { title: "Sala com aluguel", type: "imobiliario", purpose: "both", rent_price: 3000 });
  await place("rentType", { title: "Casa para alugar", type: "rent", purpose: "rent", price: 0, rent_price: 2500 });
  await place("campinasRent", { title: "Apartamento para alugar em Campinas", type: "rent", purpose: "rent", price: 0, rent_price: 1800, city: "Campinas", neighborhood: "Cambuí", latitude: -22.9, longitude: -47.05 });
});

describe("'Ver no mapa' on the list pages", () => {
  it("on /alugar passes purpose=aluguel and the page's filters, and the map shows the same properties", async () => {
    const list = await listPage("/alugar?city=Santos");
    expect(list.mapHref).toBe("/imoveis/mapa?city=Santos&purpose=aluguel");
    const listed = list.result.items.map((p) => p.id).sort((a, b) => a - b);
    expect(listed).toEqual([ids.rentFlag, ids.rentPrice, ids.rentType].sort((a, b) => a - b));
    const map = await mapPage(list.mapHref);
    expect(mapIds(map)).toEqual(listed);
    // the map's way back is the rental list, and its filter form keeps the purpose (no type select)
    expect(map.listHref).toBe("/alugar?city=Santos");
    expect(map.rentals).toBe(true);
  });

  it("on /categoria/aluguel does the same", async () => {
    const list = await listPage("/categoria/aluguel", { type: "aluguel" });
    expect(list.mapHref).toBe("/imoveis/mapa?purpose=aluguel");
    expect(mapIds(await mapPage(list.mapHref))).toEqual(list.result.items.map((p) => p.id).sort((a, b) => a - b));
  });

  it("on a category page passes its type; on /imoveis the chosen filters only", async () => {
    const category = await listPage("/categoria/imobiliario?city=Santos", { type: "imobiliario" });
    expect(category.mapHref).toBe("/imoveis/mapa?propertyType=imobiliario&city=Santos");
    expect(mapIds(await mapPage(category.mapHref))).toEqual([ids.rentPrice]);
    expect((await listPage("/imoveis?city=Santos")).mapHref).toBe("/imoveis/mapa?city=Santos");
  });

  it("the map drops an unknown purpose (canonical redirect) and lists the whole search", async () => {
    const r = await run(() => mapLoader(routeArgs(getRequest("/imoveis/mapa?city=Santos&purpose=venda"))));
    expect(r.response?.headers.get("Location")).toBe("/imoveis/mapa?city=Santos");
    const all = await mapPage("/imoveis/mapa?city=Santos");
    expect(all.rentals).toBe(false);
    expect(mapIds(all)).toEqual([ids.forSale, ids.rentFlag, ids.rentPrice, ids.rentType].sort((a, b) => a - b));
  });
});
