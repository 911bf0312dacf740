import { beforeAll, describe, expect, it } from "vitest";
import { db, nowIso, toJsonList } from "~/modules/platform/db.server";
import { loader as listLoader } from "~/routes/admin/properties/list";
import { getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { makeAdmin } from "../../helpers/factories";

/** Issue 7 items 4, 5, 11: the admin list's city and price filters, and its subtitle. */
let cookie = "";

async function addProperty(row: { title: string; city: string; neighborhood?: string; purpose?: "sale" | "rent" | "both"; price?: number; rent?: number; featured?: boolean }) {
  const now = nowIso();
  await db()
    .insertInto("properties")
    .values({
      title: row.title,
      type: "pronto",
      property_type: "Casa",
      purpose: row.purpose ?? "sale",
      construction_status: "ready",
      price: row.price ?? 0,
      rent_price: row.rent ?? 0,
      rental: row.purpose === "rent" ? 1 : 0,
      city: row.city,
      neighborhood: row.neighborhood ?? "Centro",
      featured: row.featured ? 1 : 0,
      images: toJsonList(["/uploads/imoveis/x/foto.jpg"]),
      created_at: now,
      updated_at: now,
    })
    .execute();
}

async function list(query: string) {
  const result = (await listLoader(routeArgs(getRequest(`/admin${query}`, { cookie })))) as Awaited<ReturnType<typeof listLoader>>;
  return result;
}

beforeAll(async () => {
  cookie = await sessionCookie((await makeAdmin()).id);
  await addProperty({ title: "Casa A", city: "Sorocaba", neighborhood: "Campolim", price: 500_000 });
  await addProperty({ title: "Casa B", city: "Sorocaba - SP", neighborhood: "campolim", price: 800_000 });
  await addProperty({ title: "Casa C", city: "SOROCABA/SP", neighborhood: "Éden", price: 300_000, featured: true });
  await addProperty({ title: "Apto aluguel", city: "Votorantim", purpose: "rent", price: 0, rent: 2_500 });
  await addProperty({ title: "Apto venda", city: "Araçoiaba da Serra", price: 900_000 });
});

describe("admin list filters", () => {
  it("lists each city once, normalised and sorted, and 'Sorocaba' finds every spelling", async () => {
    const all = await list("");
    expect(all.choices.cities).toEqual(["Araçoiaba da Serra", "Sorocaba", "Votorantim"]);
    const sorocaba = await list("?city=Sorocaba");
    expect(sorocaba.total).toBe(3);
    const spelled = await list("?city=sorocaba%20-%20sp");
    expect(spelled.total).toBe(3);
    expect(spelled.filters.city).toBe("Sorocaba");
    // neighbourhoods of the city, each once (case/accents folded)
    expect(sorocaba.choices.neighborhoods).toEqual(["Campolim", "Éden"]);
    expect((await list("?city=Sorocaba&neighborhood=CAMPOLIM")).total).toBe(2);
  });

  it("filters on the price shown: a rent-only listing by its rent", async () => {
    const max = await list("?maxPrice=3000");
    expect(max.rows.map((r) => r.title)).toEqual(["Apto aluguel"]);
    const min = await list("?minPrice=2000&maxPrice=10000");
    expect(min.rows.map((r) => r.title)).toEqual(["Apto aluguel"]);
    const sale = await list("?minPrice=600000");
    expect(sale.rows.map((r) => r.title).sort()).toEqual(["Apto venda", "Casa B"]);
  });

  it("says 'com os filtros aplicados' for every filter, and not without one", async () => {
    expect((await list("")).filtered).toBe(false);
    for (const q of ["?featured=destacado", "?neighborhood=Campolim", "?minPrice=1", "?maxPrice=1000000", "?city=Sorocaba", "?q=casa", "?status=available", "?type=pronto"]) {
      expect((await list(q)).filtered, q).toBe(true);
    }
    expect((await list("?featured=destacado")).total).toBe(1);
  });

  it("shows a price that is not a number back as typed, with the catalogue's pt-BR message, and lists as if it were not there (issue 22)", async () => {
    const all = await list("");
    const cases: [string, string, string][] = [
      ["?minPrice=abc", "abc", "Informe um número válido"],
      ["?minPrice=-5", "-5", "Informe um valor maior ou igual a zero"],
      ["?minPrice=1e400", "1e400", "Informe um número válido"],
      ["?minPrice=%27%20OR%201%3D1%20--", "' OR 1=1 --", "Informe um número válido"],
      [`?minPrice=${"9".repeat(20)}`, "9".repeat(20), "Informe um valor de no máximo 1.000.000.000.000"],
    ];
    for (const [query, typed, message] of cases) {
      const r = await list(query);
      expect(r.invalid.minPrice, query).toEqual({ value: typed, message });
      expect(r.filters.minPrice, query).toBe(typed);
      expect(r.total, query).toBe(all.total);
    }
    // the other bound still filters; a huge typed value is cut, never echoed whole
    const mixed = await list("?minPrice=abc&maxPrice=3000");
    expect(mixed.rows.map((row) => row.title)).toEqual(["Apto aluguel"]);
    expect(mixed.invalid.maxPrice).toBeUndefined();
    const long = await list(`?maxPrice=${"x".repeat(5000)}`);
    expect(long.invalid.maxPrice?.value).toHaveLength(30);
    expect(long.filters.maxPrice).toHaveLength(30);
  });
});
