import { beforeEach, describe, expect, it } from "vitest";
import type { Element } from "xml-js";
import { feedStatusPage } from "~/modules/feeds/feeds.server";
import { db } from "~/modules/platform/db.server";
import { makeProperty } from "../../helpers/factories";
import { fetchFeed, validOverrides, kids, kid, text, parseXml as parse } from "../feeds/feed-helpers";

/**
 * What each of our amenity names becomes in the portals' feeds: VRSync's
 * closed Features list (reference §1.7) and Chaves na Mão's area_comum /
 * area_privativa (reference §2.2), one property per name so that two names
 * that give the same portal word are each checked on their own. A name the
 * portal has no word for is not sent, and the admin is told which.
 */
beforeEach(async () => {
  await db().deleteFrom("properties").execute();
});


/** The same property but for its amenities (no random amenities, furniture or pets from the factory). */
function property(extra: Parameters<typeof makeProperty>[0]) {
  const address = { address: "Avenida Paulista", street_number: "1000", complement: null, neighborhood: "Bela Vista", city: "São Paulo", state: "SP" };
  return makeProperty(validOverrides({ title: "Apartamento com comodidades", ...address, condo_fee: 0, amenities: "[]", ...extra }));
}

/** id → the Feature texts of each listing of the VRSync feed. */
async function vrsyncFeatures(): Promise<Map<number, string[]>> {
  const { text: xml } = await fetchFeed("olx");
  const listings = kids(kid(kid(parse(xml), "ListingDataFeed"), "Listings"), "Listing");
  return new Map(listings.map((l) => [Number(text(kid(l, "ListingID"))), kids(kid(kid(l, "Details"), "Features"), "Feature").map(text)]));
}

/** id → the items of area_comum and area_privativa of each listing of the Chaves na Mão feed. */
async function cnmAreas(): Promise<Map<number, { common: string[]; own: string[] }>> {
  const { text: xml } = await fetchFeed("chavesnamao");
  const items = kids(kid(kid(parse(xml), "Document"), "imoveis"), "imovel");
  const list = (i: Element, tag: string) => kids(kid(i, tag), "item").map(text);
  return new Map(items.map((i) => [Number(text(kid(i, "referencia"))), { common: list(i, "area_comum"), own: list(i, "area_privativa") }]));
}

// Our names as the editor offers them (accents and capitals as typed) → VRSync's word.
const VRSYNC_AMENITIES: [string, string][] = [
  ["Piscina", "Pool"], ["Academia", "Gym"], ["Churrasqueira", "BBQ"], ["Playground", "Playground"], ["Salão de Festas", "Party Room"],
  ["Quadra Poliesportiva", "Sports Court"], ["Sauna", "Sauna"], ["Jardim", "Garden Area"], ["Varanda", "Balcony"], ["Varanda Gourmet", "Gourmet Balcony"],
  ["Área de Serviço", "Laundry"], ["Elevador", "Elevator"], ["Portaria 24h", "Concierge 24h"], ["Segurança", "Security Guard on Duty"],
  ["Câmeras de Segurança", "Security Camera"], ["Interfone", "Intercom"], ["Ar Condicionado", "Cooling"], ["Aquecimento Solar", "Solar Energy"],
  ["Energia Solar", "Solar Energy"], ["Internet Fibra Ótica", "Internet Connection"], ["Armários Embutidos", "Builtin Wardrobe"], ["Closet", "Closet"],
  ["Lareira", "Fireplace"], ["Espaço Gourmet", "Gourmet Area"], ["Cozinha Planejada", "Planned Furniture"], ["Home Office", "Home Office"],
  ["Brinquedoteca", "Toys Place"], ["Salão de Jogos", "Game room"], ["Quadra de Tênis", "Tennis court"], ["Pet Place", "Pet Space"], ["Lavanderia", "Laundry"],
];
// Places nearby (nearby_amenities) → VRSync's "close to" words.
const VRSYNC_NEARBY: [string, string][] = [
  ["Escola", "Close to schools"], ["Universidade", "Close to schools"], ["Hospital", "Close to hospitals"], ["Shopping", "Near Shopping Center"],
  ["Ponto de Ônibus", "Close to public transportation"], ["Estação de Metrô", "Close to public transportation"], ["Estação de Trem", "Close to public transportation"],
];

describe("VRSync Features", () => {
  it("sends each amenity as its word of the closed list, whatever its accents and capitals", async () => {
    const made = [];
    for (const [name, feature] of VRSYNC_AMENITIES) made.push({ id: (await property({ amenities: JSON.stringify([name]) })).id, name, feature });
    const shouted = await property({ amenities: JSON.stringify(["  PISCINA ", "salao de festas"]) });
    const features = await vrsyncFeatures();
    for (const { id, name, feature } of made) expect(features.get(id), name).toEqual([feature]);
    expect(features.get(shouted.id)).toEqual(["Pool", "Party Room"]);
  });

  it("sends each place nearby as its 'close to' word, and a name given twice once", async () => {
    const made = [];
    for (const [name, feature] of VRSYNC_NEARBY) made.push({ id: (await property({ nearby_amenities: JSON.stringify([name]) })).id, name, feature });
    const twice = await property({ amenities: JSON.stringify(["Área de Serviço", "Lavanderia"]), nearby_amenities: JSON.stringify(["Escola", "Universidade"]) });
    const features = await vrsyncFeatures();
    for (const { id, name, feature } of made) expect(features.get(id), name).toEqual([feature]);
    expect(features.get(twice.id)).toEqual(["Laundry", "Close to schools"]);
  });

  it("adds Furnished and Pets Allowed from the property's flags, and nothing when there is nothing", async () => {
    const furnished = await property({ furnished: 1 });
    const pets = await property({ pets_allowed: 1 });
    const both = await property({ furnished: 1, pets_allowed: 1, amenities: JSON.stringify(["Piscina"]) });
    const none = await property({});
    const features = await vrsyncFeatures();
    expect(features.get(furnished.id)).toEqual(["Furnished"]);
    expect(features.get(pets.id)).toEqual(["Pets Allowed"]);
    expect(features.get(both.id)).toEqual(["Pool", "Furnished", "Pets Allowed"]);
    expect(features.get(none.id)).toEqual([]);
  });

  it("leaves out an amenity the list has no word for and tells the admin which; a place nearby without one is just left out", async () => {
    const p = await property({ amenities: JSON.stringify(["Piscina", "Heliponto", "Adega"]), nearby_amenities: JSON.stringify(["Padaria", "Escola"]) });
    const quiet = await property({ amenities: JSON.stringify(["Piscina"]), nearby_amenities: JSON.stringify(["Padaria"]) });
    const features = await vrsyncFeatures();
    expect(features.get(p.id)).toEqual(["Pool", "Close to schools"]);
    expect(features.get(quiet.id)).toEqual(["Pool"]);
    const { rows } = await feedStatusPage(1, 25);
    const row = rows.find((r) => r.id === p.id)!;
    expect(row.checks.olx.errors).toEqual([]);
    expect(row.checks.olx.warnings).toEqual(["Comodidades fora da lista do portal (não enviadas): Heliponto, Adega."]);
    expect(row.checks.olx.fields["Comodidades fora da lista do portal (não enviadas): Heliponto, Adega."]).toBe("amenities");
    expect(rows.find((r) => r.id === quiet.id)!.checks.olx.warnings).toEqual([]);
  });
});

// Our names → Chaves na Mão: in a condominium (a condo fee, an apartment or an office unit) and in a house of its own.
type Areas = { common: string[]; own: string[] };
const CNM_AMENITIES: [string, Areas, Areas][] = [
  ["Piscina", { common: ["Piscina"], own: [] }, { common: [], own: ["Piscina"] }],
  ["Piscina Aquecida", { common: ["Piscina"], own: [] }, { common: [], own: ["Piscina Aquecida"] }],
  ["Churrasqueira", { common: ["Churrasqueira"], own: [] }, { common: [], own: ["Churrasqueira"] }],
  ["Jardim", { common: ["Área Verde"], own: [] }, { common: [], own: ["Jardim"] }],
  ...(
    [
      ["Academia", "Academia"], ["Playground", "Playground"], ["Salão de Festas", "Salão de Festas"], ["Quadra Poliesportiva", "Quadra de Esportes"],
      ["Quadra de Esportes", "Quadra de Esportes"], ["Elevador", "Elevador"], ["Elevadores", "Elevador"], ["Portaria 24h", "Portaria 24h"],
      ["Segurança 24h", "Segurança 24h"], ["Área Verde", "Área Verde"], ["Recepção", "Recepção"],
    ] as const
  ).map(([name, common]): [string, Areas, Areas] => [name, { common: [common], own: [] }, { common: [common], own: [] }]),
  ...(
    [
      ["Ar Condicionado", "Ar Condicionado"], ["Armários Embutidos", "Armário Embutido"], ["Armário Embutido", "Armário Embutido"], ["Closet", "Closet"],
      ["Piso Porcelanato", "Piso Porcelanato"], ["Porcelanato", "Piso Porcelanato"], ["Aquecedor", "Aquecedor"], ["Box Blindex", "Box Blindex"],
      ["Varanda Gourmet", "Varanda Gourmet"], ["Varanda", "Varanda"], ["Lareira", "Lareira"], ["Aquecimento Central", "Aquecimento Central"],
      ["Escritório", "Escritório"], ["Home Office", "Escritório"], ["Copa", "Copa"], ["Internet", "Internet"], ["Internet Fibra Ótica", "Internet"],
    ] as const
  ).map(([name, own]): [string, Areas, Areas] => [name, { common: [], own: [own] }, { common: [], own: [own] }]),
];

describe("Chaves na Mão area_comum and area_privativa", () => {
  it("sends each amenity in the area and under the name the portal lists, for a condominium and for a house", async () => {
    const made = [];
    for (const [name, condo, house] of CNM_AMENITIES) {
      const amenities = JSON.stringify([name]);
      made.push({ name, condo, house, condoId: (await property({ amenities, property_type: "Apartamento", condo_fee: 500 })).id, houseId: (await property({ amenities, property_type: "Casa", condo_fee: 0 })).id });
    }
    const areas = await cnmAreas();
    for (const m of made) {
      expect(areas.get(m.condoId), `${m.name} (condomínio)`).toEqual(m.condo);
      expect(areas.get(m.houseId), `${m.name} (casa)`).toEqual(m.house);
    }
  });

  it("counts as a condominium a condo fee, an apartment or an office unit, and nothing else", async () => {
    const amenities = JSON.stringify(["Piscina"]);
    const houseWithFee = await property({ amenities, property_type: "Casa", condo_fee: 1 });
    const flatWithoutFee = await property({ amenities, property_type: "Apartamento", condo_fee: 0 });
    const office = await property({ amenities, property_type: "Sala Comercial", type: "imobiliario", condo_fee: 0 });
    const shop = await property({ amenities, property_type: "Loja", type: "imobiliario", condo_fee: 0 });
    const land = await property({ amenities, property_type: "Terreno", condo_fee: 0 });
    const areas = await cnmAreas();
    for (const p of [houseWithFee, flatWithoutFee, office]) expect(areas.get(p.id), p.property_type).toEqual({ common: ["Piscina"], own: [] });
    for (const p of [shop, land]) expect(areas.get(p.id), p.property_type).toEqual({ common: [], own: ["Piscina"] });
  });

  it("sends a name given twice once, and tells the admin which amenities have no name there", async () => {
    const p = await property({ property_type: "Casa", amenities: JSON.stringify(["Elevador", "Elevadores", "Home Office", "Escritório", "Sauna", "Adega"]) });
    const areas = await cnmAreas();
    expect(areas.get(p.id)).toEqual({ common: ["Elevador"], own: ["Escritório"] });
    const row = (await feedStatusPage(1, 25)).rows.find((r) => r.id === p.id)!;
    expect(row.checks.chavesnamao.errors).toEqual([]);
    expect(row.checks.chavesnamao.warnings).toEqual(["Comodidades fora da lista do portal (não enviadas): Sauna, Adega."]);
    expect(row.checks.chavesnamao.fields["Comodidades fora da lista do portal (não enviadas): Sauna, Adega."]).toBe("amenities");
  });
});
