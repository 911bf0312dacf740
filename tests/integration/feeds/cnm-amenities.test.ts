import { beforeEach, describe, expect, it } from "vitest";
import { xml2js, type Element } from "xml-js";
import { loader } from "~/routes/resources/feeds/feed";
import { feedStatusPage } from "~/modules/feeds/feeds.server";
import { CNM_COMMON_AREAS, CNM_PRIVATE_AREAS, MAPPED_CNM_AREAS } from "~/modules/feeds/rules";
import { db } from "~/modules/platform/db.server";
import { makeProperty } from "../../helpers/factories";
import { routeArgs } from "../../helpers/requests";
import { kids, kid, text } from "./feed-helpers";

/** Chaves na Mão area_comum / area_privativa: our amenities on the portal's closed names, one area each, the rest left out. */
beforeEach(async () => {
  await db().deleteFrom("properties").execute();
});

const PHOTOS = JSON.stringify([1, 2, 3, 4, 5].map((n) => `/uploads/imoveis/areas/foto-${n}.jpg`));
const DESCRIPTION = "Imóvel amplo e iluminado, perto do metrô e de comércio. Agende sua visita com a Lar Imóveis.";

function property(amenities: string[], extra: Parameters<typeof makeProperty>[0] = {}) {
  return makeProperty({ title: "Imóvel com comodidades", postal_code: "01310-100", images: PHOTOS, description: DESCRIPTION, purpose: "sale", price: 500_000, rent_price: 0, rental: 0, area: 80, type: "pronto", amenities: JSON.stringify(amenities), ...extra });
}


async function cnmFeed(): Promise<{ raw: string; items: Map<string, Element> }> {
  const response = (await loader(routeArgs(new Request("http://localhost/xml/chavesnamao"), { portal: "chavesnamao" }) as never)) as Response;
  const raw = await response.text();
  const doc = xml2js(raw, { compact: false }) as Element;
  const items = new Map(kids(kid(kid(doc, "Document"), "imoveis"), "imovel").map((i) => [text(kid(i, "referencia")), i]));
  return { raw, items };
}
const areaItems = (imovel: Element, tag: string) => kids(kid(imovel, tag), "item").map((i) => text(i));

describe("Chaves na Mão amenities", () => {
  it("maps only onto the names of the portal's lists", () => {
    for (const { area, name } of MAPPED_CNM_AREAS) expect((area === "common" ? CNM_COMMON_AREAS : CNM_PRIVATE_AREAS).has(name), `${area}: ${name}`).toBe(true);
  });

  it("puts a condominium's shared amenities in area_comum, the unit's in area_privativa, and drops unknown ones (escaped)", async () => {
    const flat = await property(["Piscina", "churrasqueira", "Portaria 24h", "Ar Condicionado", "Armários Embutidos", "Jardim", "Sauna", "<b>Heliponto</b> & Cia"], { property_type: "Apartamento", condo_fee: 800 });
    const house = await property(["Piscina", "Churrasqueira", "Jardim", "Academia", "Varanda Gourmet"], { property_type: "Casa", condo_fee: 0 });
    const bare = await property([], { property_type: "Casa", condo_fee: 0 });
    const { raw, items } = await cnmFeed();

    const f = items.get(String(flat.id))!;
    expect(areaItems(f, "area_comum")).toEqual(["Piscina", "Churrasqueira", "Portaria 24h", "Área Verde"]);
    expect(areaItems(f, "area_privativa")).toEqual(["Ar Condicionado", "Armário Embutido"]);

    const h = items.get(String(house.id))!;
    expect(areaItems(h, "area_comum")).toEqual(["Academia"]);
    expect(areaItems(h, "area_privativa")).toEqual(["Piscina", "Churrasqueira", "Jardim", "Varanda Gourmet"]);
    // the portal forbids one item in both areas
    for (const i of [f, h]) expect(areaItems(i, "area_comum").filter((n) => areaItems(i, "area_privativa").includes(n))).toEqual([]);

    const b = items.get(String(bare.id))!;
    expect(kid(b, "area_comum")).toBeDefined();
    expect(areaItems(b, "area_comum")).toEqual([]);
    expect(areaItems(b, "area_privativa")).toEqual([]);

    expect(raw).not.toContain("Sauna");
    expect(raw).not.toContain("Heliponto");
    expect(raw).not.toContain("<b>");

    const row = (await feedStatusPage(1, 25)).rows.find((r) => r.id === flat.id)!;
    expect(row.checks.chavesnamao.errors).toEqual([]);
    expect(row.checks.chavesnamao.warnings).toContain("Comodidades fora da lista do portal (não enviadas): Sauna, <b>Heliponto</b> & Cia.");
  });
});
