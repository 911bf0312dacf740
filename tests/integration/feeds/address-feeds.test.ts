import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { checkListing, prepareListing, type FeedRow } from "~/modules/feeds/rules";
import { editorFieldHref } from "~/modules/properties/editor/links";
import { loader as integrationLoader } from "~/routes/admin/feeds";
import { makeAdmin, makeProperty } from "../../helpers/factories";
import { getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { fetchFeed, validOverrides, kids, kid, text, parseXml as parse } from "./feed-helpers";

/**
 * Issue 24, 'Portals need an address': the feeds carry the address the
 * editor now fills and say what the portal may show, as the agency chose;
 * /integracao-xml links each rule a listing fails to the field that fixes it.
 */
beforeEach(async () => {
  await db().deleteFrom("properties").execute();
});


const ADDRESS = { address: "Avenida Paulista", street_number: "1000", complement: "Conj. 52", neighborhood: "Bela Vista", city: "São Paulo", state: "SP", postal_code: "01310-100" };

describe("the address in the portal feeds", () => {
  it("VRSync: the whole address with its CEP, displayAddress as the agency chose", async () => {
    const hidden = await makeProperty(validOverrides({ ...ADDRESS, title: "Apartamento só com o bairro à mostra" }));
    const street = await makeProperty(validOverrides({ ...ADDRESS, title: "Apartamento com a rua à mostra", address_display: "street" }));
    const all = await makeProperty(validOverrides({ ...ADDRESS, title: "Apartamento com tudo à mostra", address_display: "all" }));
    const allNoNumber = await makeProperty(validOverrides({ ...ADDRESS, street_number: null, title: "Apartamento sem número à mostra", address_display: "all" }));
    const { text: xml } = await fetchFeed("olx");
    const listings = kids(kid(kid(parse(xml), "ListingDataFeed"), "Listings"), "Listing");
    const location = (id: number) => kid(listings.find((l) => text(kid(l, "ListingID")) === String(id)), "Location");
    expect(location(hidden.id).attributes?.displayAddress).toBe("Neighborhood");
    expect(location(street.id).attributes?.displayAddress).toBe("Street");
    expect(location(all.id).attributes?.displayAddress).toBe("All");
    expect(location(allNoNumber.id).attributes?.displayAddress).toBe("Street");
    const loc = location(hidden.id);
    expect(text(kid(loc, "PostalCode"))).toBe("01310-100");
    expect(text(kid(loc, "Address"))).toBe("Avenida Paulista");
    expect(text(kid(loc, "StreetNumber"))).toBe("1000");
    expect(text(kid(loc, "Complement"))).toBe("Conj. 52");
    expect(kid(loc, "State").attributes?.abbreviation).toBe("SP");
  });

  it("Chaves na Mão: cep, numero, complemento, and the address hidden unless shown whole", async () => {
    const hidden = await makeProperty(validOverrides({ ...ADDRESS, postal_code: "01310100", title: "Casa discreta" }));
    const all = await makeProperty(validOverrides({ ...ADDRESS, title: "Casa com endereço", address_display: "all" }));
    const { text: xml } = await fetchFeed("chavesnamao");
    const items = kids(kid(kid(parse(xml), "Document"), "imoveis"), "imovel");
    const byId = (id: number) => items.find((i) => text(kid(i, "referencia")) === String(id));
    expect(text(kid(byId(hidden.id), "cep"))).toBe("01310-100");
    expect(text(kid(byId(hidden.id), "numero"))).toBe("1000");
    expect(text(kid(byId(hidden.id), "complemento"))).toBe("Conj. 52");
    expect(text(kid(byId(hidden.id), "esconder_endereco_imovel"))).toBe("1");
    expect(text(kid(byId(all.id), "esconder_endereco_imovel"))).toBe("0");
  });

  it("our own feed says what the agency shows", async () => {
    const p = await makeProperty(validOverrides({ ...ADDRESS, address_display: "street" }));
    const { text: xml } = await fetchFeed("default", `?id=${p.id}`);
    expect(xml).toContain("<address_display>street</address_display>");
  });
});

describe("each rule names the field that fixes it", () => {
  const row = (extra: Partial<FeedRow>): FeedRow =>
    ({ id: 7, title: "Apartamento amplo na Bela Vista", description: "x".repeat(80), slug: null, type: "pronto", property_type: "Apartamento", purpose: "sale", status: "available", construction_status: "ready", construction_year: null, price: 100, rent_price: 0, condo_fee: 0, iptu: 0, rental: 0, ...ADDRESS, address_display: "neighborhood", latitude: null, longitude: null, area: 70, bedrooms: 2, bathrooms: 1, suites: 0, parking_spots: 0, floor: null, total_floors: null, furnished: 0, pets_allowed: 0, featured: 0, images: JSON.stringify([1, 2, 3, 4, 5].map((n) => `/f${n}.jpg`)), amenities: "[]", nearby_amenities: "[]", created_at: "", updated_at: "", ...extra }) as FeedRow;

  it("CEP, state, title, photos, prices and sizes point at their editor fields", () => {
    const missing = checkListing("olx", prepareListing(row({ postal_code: null, title: "Curto", images: "[]", area: 0, price: 0 })));
    expect(missing.errors).toContain("CEP não informado.");
    expect(missing.fields["CEP não informado."]).toBe("postal_code");
    expect(missing.fields["O título deve ter de 10 a 100 caracteres (tem 5)."]).toBe("title");
    expect(missing.fields["São necessárias pelo menos 5 fotos em JPG (tem 0)."]).toBe("images");
    expect(missing.fields["Área não informada."]).toBe("area");
    expect(missing.fields["Preço de venda não informado."]).toBe("price");
    const badState = checkListing("chavesnamao", prepareListing(row({ state: "XX" })));
    expect(badState.fields['UF inválida: "XX" (use a sigla do estado, por exemplo SP).']).toBe("state");
    // a CEP of another state goes out, with a warning pointing at it
    const elsewhere = checkListing("olx", prepareListing(row({ postal_code: "20040-002" })));
    expect(elsewhere.errors).toEqual([]);
    expect(elsewhere.warnings).toContain("O CEP 20040-002 não é de São Paulo: confira o CEP e o estado.");
    expect(elsewhere.fields["O CEP 20040-002 não é de São Paulo: confira o CEP e o estado."]).toBe("postal_code");
    // a listing with the whole address passes both portals
    expect(checkListing("olx", prepareListing(row({}))).errors).toEqual([]);
    expect(checkListing("chavesnamao", prepareListing(row({}))).errors).toEqual([]);
  });

  it("the link opens the editor on the field's tab, at its control", () => {
    expect(editorFieldHref("/admin/imoveis/7/editar", "postal_code")).toBe("/admin/imoveis/7/editar?tab=location#pe-postal_code");
    expect(editorFieldHref("/admin/imoveis/7/editar", "images")).toBe("/admin/imoveis/7/editar?tab=images#pe-photos");
    expect(editorFieldHref("/admin/imoveis/7/editar", "amenities")).toBe("/admin/imoveis/7/editar?tab=amenities#pe-new-amenities");
    expect(editorFieldHref("/admin/imoveis/7/editar", "price")).toBe("/admin/imoveis/7/editar?tab=values#pe-price");
    expect(editorFieldHref("/admin/imoveis/7/editar", "description")).toBe("/admin/imoveis/7/editar?tab=description#pe-description");
  });
});

describe("/integracao-xml", () => {
  let cookie = "";
  beforeAll(async () => {
    cookie = await sessionCookie((await makeAdmin()).id);
  });

  it("gives each row its editor address and the fields of its reasons", async () => {
    const p = await makeProperty(validOverrides({ ...ADDRESS, postal_code: null }));
    const data = await integrationLoader(routeArgs(getRequest("/integracao-xml", { cookie })));
    const found = data.rows.find((r) => r.id === p.id)!;
    expect(found.editorPath).toBe(`/admin/imoveis/${p.id}/editar`);
    expect(found.checks.olx.errors).toContain("CEP não informado.");
    expect(found.checks.olx.fields["CEP não informado."]).toBe("postal_code");
    // a bad page number is page 1, not an error
    for (const q of ["?page=abc", "?page=-3", "?page=99999999"]) {
      const r = await integrationLoader(routeArgs(getRequest(`/integracao-xml${q}`, { cookie })));
      expect(r.page, q).toBe(1);
    }
  });
});
