import { beforeEach, describe, expect, it } from "vitest";
import { xml2js, type Element } from "xml-js";
import { loader } from "~/routes/resources/feeds/feed";
import { db, nowIso } from "~/modules/platform/db.server";
import { VRSYNC_FEATURES, checkListing, prepareListing, type FeedRow } from "~/modules/feeds/rules";
import { makeProperty } from "../../helpers/factories";
import { routeArgs } from "../../helpers/requests";
import { fetchFeed, validOverrides, kids, kid, text } from "./feed-helpers";

/**
 * The feeds parsed back and checked element by element against the portals'
 * rules (shared/reference/portal-feeds.md), on real rows.
 */
// each test starts from an empty catalogue, so a feed holds exactly what the test made
beforeEach(async () => {
  await db().deleteFrom("properties").execute();
});

/** The children of a parsed element, by name. */
function parse(xml: string): Element {
  return xml2js(xml, { compact: false }) as Element;
}

function vrsyncListings(xml: string): Element[] {
  const root = kid(parse(xml), "ListingDataFeed");
  return kids(kid(root, "Listings"), "Listing");
}
function cnmListings(xml: string): Element[] {
  return kids(kid(kid(parse(xml), "Document"), "imoveis"), "imovel");
}

describe("VRSync feed (/xml/olx)", () => {
  it("writes header and every valid listing element by element, and leaves invalid ones out", async () => {
    const sale = await makeProperty(validOverrides({ title: "Apartamento com 3 quartos em Moema", purpose: "sale", type: "pronto", property_type: "Apartamento", price: 850_000.4, rent_price: 0, rental: 0, state: "", street_number: "120", address_display: "all", amenities: JSON.stringify(["Piscina", "Churrasqueira", "Heliponto"]), condo_fee: 900, iptu: 250 }));
    const rent = await makeProperty(validOverrides({ title: "Casa com quintal para alugar", purpose: "rent", type: "rent", property_type: "Casa", price: 0, rent_price: 4500, rental: 1, state: "RJ" }));
    const both = await makeProperty(validOverrides({ title: "Sala comercial no centro", purpose: "both", type: "imobiliario", property_type: "Sala Comercial", price: 400_000, rent_price: 3000 }));
    const fewPhotos = await makeProperty(validOverrides({ title: "Apartamento com poucas fotos", images: JSON.stringify(["/a.jpg", "/b.jpg"]) }));
    const sold = await makeProperty(validOverrides({ title: "Apartamento vendido em Pinheiros", status: "sold" }));

    const { response, text: xml } = await fetchFeed("olx");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const root = kid(parse(xml), "ListingDataFeed");
    expect(root.attributes?.xmlns).toBe("http://www.vivareal.com/schemas/1.0/VRSync");
    const header = kid(root, "Header");
    for (const name of ["Provider", "Email", "ContactName", "PublishDate", "Telephone"]) expect(text(kid(header, name))).not.toBe("");
    expect(text(kid(header, "PublishDate"))).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);

    const listings = vrsyncListings(xml);
    const ids = listings.map((l) => text(kid(l, "ListingID")));
    expect(ids).toEqual([sale.id, rent.id, both.id].map(String));
    expect(ids).not.toContain(String(fewPhotos.id));
    expect(ids).not.toContain(String(sold.id));

    for (const listing of listings) {
      const id = text(kid(listing, "ListingID"));
      expect(id.length).toBeGreaterThanOrEqual(1);
      expect(id.length).toBeLessThanOrEqual(50);
      const title = text(kid(listing, "Title"));
      expect(title.length).toBeGreaterThanOrEqual(10);
      expect(title.length).toBeLessThanOrEqual(100);
      expect(title).not.toMatch(/<[a-z/]/i);
      expect(["For Sale", "For Rent", "Sale/Rent"]).toContain(text(kid(listing, "TransactionType")));
      const location = kid(listing, "Location");
      expect(["All", "Street", "Neighborhood"]).toContain(location.attributes?.displayAddress);
      expect(kid(location, "Country").attributes?.abbreviation).toBe("BR");
      expect(text(kid(location, "Country"))).toBe("Brasil");
      expect(kid(location, "State").attributes?.abbreviation).toMatch(/^[A-Z]{2}$/);
      for (const name of ["City", "Neighborhood"]) expect(text(kid(location, name))).not.toBe("");
      expect(text(kid(location, "PostalCode"))).toMatch(/^\d{5}-\d{3}$/);
      const items = kids(kid(listing, "Media"), "Item");
      expect(items.length).toBeGreaterThanOrEqual(5);
      expect(items.filter((i) => i.attributes?.primary === "true")).toHaveLength(1);
      for (const item of items) {
        expect(item.attributes?.medium).toBe("image");
        expect(text(item)).toMatch(/^https?:\/\/[^ ]+\.jpg$/);
      }
      const contact = kid(listing, "ContactInfo");
      expect(text(kid(contact, "Name"))).not.toBe("");
      expect(text(kid(contact, "Email"))).toContain("@");
      const details = kid(listing, "Details");
      expect(text(kid(details, "PropertyType"))).toMatch(/^(Residential|Commercial) \/ /);
      const description = text(kid(details, "Description"));
      expect(description.length).toBeGreaterThanOrEqual(50);
      expect(description.length).toBeLessThanOrEqual(3000);
      for (const price of [...kids(details, "ListPrice"), ...kids(details, "RentalPrice"), ...kids(details, "Iptu"), ...kids(details, "PropertyAdministrationFee")]) {
        expect(price.attributes?.currency).toBe("BRL");
        expect(text(price)).toMatch(/^\d+$/);
      }
      const area = kid(details, "LivingArea") ?? kid(details, "LotArea");
      expect(area.attributes?.unit).toBe("square metres");
      expect(text(area)).toMatch(/^\d+$/);
      for (const feature of kids(kid(details, "Features"), "Feature")) expect(VRSYNC_FEATURES.has(text(feature))).toBe(true);
    }

    // the mappings
    const byId = new Map(listings.map((l) => [text(kid(l, "ListingID")), l]));
    const saleEl = byId.get(String(sale.id))!;
    expect(text(kid(saleEl, "TransactionType"))).toBe("For Sale");
    expect(text(kid(kid(saleEl, "Details"), "ListPrice"))).toBe("850000");
    expect(kid(kid(saleEl, "Details"), "RentalPrice")).toBeUndefined();
    expect(kid(kid(saleEl, "Location"), "State").attributes?.abbreviation).toBe("SP"); // empty state → SP
    expect(kid(saleEl, "Location").attributes?.displayAddress).toBe("All"); // the agency shows it all, number included
    expect(kids(kid(kid(saleEl, "Details"), "Features"), "Feature").map(text).sort()).toEqual(["BBQ", "Pool"]);
    const rentEl = byId.get(String(rent.id))!;
    expect(text(kid(rentEl, "TransactionType"))).toBe("For Rent");
    expect(text(kid(kid(rentEl, "Details"), "RentalPrice"))).toBe("4500");
    expect(kid(kid(rentEl, "Details"), "RentalPrice").attributes?.period).toBe("Monthly");
    expect(kid(kid(rentEl, "Location"), "State").attributes?.abbreviation).toBe("RJ");
    const bothEl = byId.get(String(both.id))!;
    expect(text(kid(bothEl, "TransactionType"))).toBe("Sale/Rent");
    expect(text(kid(kid(bothEl, "Details"), "PropertyType"))).toBe("Commercial / Office");
  });

  it("says why an invalid listing is left out (rules.ts)", async () => {
    const p = await makeProperty(validOverrides({ title: "Curto", images: JSON.stringify(["/a.png"]), postal_code: null }));
    const row = (await db().selectFrom("properties").selectAll().where("id", "=", p.id).executeTakeFirstOrThrow()) as unknown as FeedRow;
    const { errors } = checkListing("olx", prepareListing(row));
    expect(errors).toContain("O título deve ter de 10 a 100 caracteres (tem 5).");
    expect(errors).toContain("CEP não informado.");
    expect(errors).toContain("São necessárias pelo menos 5 fotos em JPG (tem 0).");
    const html = checkListing("olx", prepareListing({ ...row, title: "<b>Apartamento</b> com vista" }));
    expect(html.errors).toContain("O título não pode conter HTML.");
    const { text: xml } = await fetchFeed("olx", `?id=${p.id}`);
    expect(vrsyncListings(xml)).toHaveLength(0);
  });
});

describe("escaping", () => {
  const NASTY_TITLE = "Casa <script>alert(1)</script> & ]]> \u0001\u0008 fim";
  const NASTY_DESCRIPTION = `Descrição com <img src=x onerror=alert(1)> & "aspas" 'simples' ]]> <![CDATA[ x ]]> e controle \u0000\u001F\uFFFE mais texto para passar de cinquenta caracteres.`;

  it("comes out escaped and well-formed in every feed", async () => {
    const p = await makeProperty(validOverrides({ title: NASTY_TITLE, description: NASTY_DESCRIPTION, neighborhood: "Moema & <b>Sul</b>", address: 'Rua "A" <x>' }));
    for (const portal of ["chavesnamao", "default"]) {
      const { text: xml } = await fetchFeed(portal, `?id=${p.id}`);
      expect(xml).not.toContain("<script>");
      expect(xml).not.toContain("<img");
      // eslint-disable-next-line no-control-regex
      expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
      const doc = parse(xml); // throws when not well-formed
      const item = portal === "chavesnamao" ? cnmListings(xml)[0] : kids(kid(doc, "properties"), "property")[0];
      const titleTag = portal === "chavesnamao" ? "titulo" : "title";
      const descriptionTag = portal === "chavesnamao" ? "descritivo" : "description";
      expect(text(kid(item, titleTag))).toBe("Casa <script>alert(1)</script> & ]]> fim");
      // eslint-disable-next-line no-control-regex
      expect(text(kid(item, descriptionTag))).toBe(NASTY_DESCRIPTION.replace(/[\u0000\u001F\uFFFE]/g, ""));
      expect(text(kid(item, portal === "chavesnamao" ? "bairro" : "neighborhood"))).toBe("Moema & <b>Sul</b>");
    }
    // VRSync refuses HTML in titles: the listing is left out rather than sent
    const { text: olx } = await fetchFeed("olx", `?id=${p.id}`);
    expect(vrsyncListings(olx)).toHaveLength(0);
    const clean = await makeProperty(validOverrides({ title: "Casa & Jardim ]]> sem tags", description: NASTY_DESCRIPTION }));
    const { text: olx2 } = await fetchFeed("olx", `?id=${clean.id}`);
    const [listing] = vrsyncListings(olx2);
    expect(text(kid(listing, "Title"))).toBe("Casa & Jardim ]]> sem tags");
    expect(olx2).not.toContain("<img");
  });
});

describe("Chaves na Mão feed (/xml/chavesnamao)", () => {
  const ALL_TAGS = ["referencia", "codigo_cliente", "link_cliente", "titulo", "transacao", "transacao2", "finalidade", "finalidade2", "destaque", "tipo", "tipo2", "valor", "valor_locacao", "valor_iptu", "valor_condominio", "area_total", "area_util", "conservacao", "quartos", "suites", "garagem", "banheiro", "estado", "cidade", "bairro", "cep", "endereco", "numero", "complemento", "descritivo", "fotos_imovel", "data_atualizacao", "latitude", "longitude", "video", "tour_360", "area_comum", "area_privativa", "aceita_troca", "aceita_pet", "esconder_endereco_imovel", "periodo_locacao"];
  const TYPES = new Set(["Apartamento", "Casa / Sobrado", "Casa / Sobrado em Condomínio", "Cobertura", "Flat", "Kitnet / Stúdio", "Loft", "Sítio / Chácara", "Terreno / Lote", "Terreno em Condomínio", "Barracão / Galpão", "Casa / Sobrado Comercial", "Conj. Comercial / Sala", "Consultório", "Edifício", "Fazenda", "Garagem", "Loja / Comércio", "Terreno comercial"]);

  it("writes every tag, the spec's mappings and the portal's formats", async () => {
    const sale = await makeProperty(validOverrides({ title: "Casa térrea em Campinas", purpose: "sale", type: "pronto", property_type: "Casa", price: 650_000.5, state: "", updated_at: "2026-03-05T12:07:09.000Z", featured: 1 }));
    const both = await makeProperty(validOverrides({ title: "Galpão logístico", purpose: "both", type: "imobiliario", property_type: "Galpão", price: 2_000_000, rent_price: 15000, postal_code: "13010111" }));
    const rent = await makeProperty(validOverrides({ title: "Apartamento para alugar", purpose: "rent", type: "rent", property_type: "Apartamento", price: 0, rent_price: 3200, rental: 1 }));
    const noCity = await makeProperty(validOverrides({ title: "Sem cidade", city: "" }));
    const { response, text: xml } = await fetchFeed("chavesnamao");
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const items = cnmListings(xml);
    expect(items.map((i) => text(kid(i, "referencia")))).toEqual([sale.id, both.id, rent.id].map(String));
    expect(items.map((i) => text(kid(i, "referencia")))).not.toContain(String(noCity.id));
    for (const item of items) {
      for (const tag of ALL_TAGS) expect(kid(item, tag), tag).toBeDefined();
      expect(["V", "L"]).toContain(text(kid(item, "transacao")));
      expect(["RE", "CO"]).toContain(text(kid(item, "finalidade")));
      expect(["0", "1"]).toContain(text(kid(item, "destaque")));
      expect(TYPES.has(text(kid(item, "tipo")))).toBe(true);
      expect(text(kid(item, "valor"))).toMatch(/^\d+(\.\d+)?$/);
      expect(text(kid(item, "estado"))).toMatch(/^[A-Z]{2}$/);
      expect(text(kid(item, "cep"))).toMatch(/^\d{5}-\d{3}$/);
      expect(text(kid(item, "data_atualizacao"))).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const fotos = kids(kid(item, "fotos_imovel"), "foto");
      expect(fotos.length).toBeGreaterThan(0);
      expect(fotos.length).toBeLessThanOrEqual(30);
      for (const f of fotos) expect(text(kid(f, "url"))).toMatch(/^https?:\/\//);
    }
    const [saleEl, bothEl, rentEl] = items;
    expect(text(kid(saleEl, "transacao"))).toBe("V");
    expect(text(kid(saleEl, "transacao2"))).toBe("");
    expect(text(kid(saleEl, "finalidade"))).toBe("RE");
    expect(text(kid(saleEl, "tipo"))).toBe("Casa / Sobrado");
    expect(text(kid(saleEl, "valor"))).toBe("650000.5");
    expect(text(kid(saleEl, "estado"))).toBe("SP");
    expect(text(kid(saleEl, "destaque"))).toBe("1");
    expect(text(kid(saleEl, "data_atualizacao"))).toBe("2026-03-05 09:07:09"); // São Paulo time
    expect(text(kid(bothEl, "transacao"))).toBe("V");
    expect(text(kid(bothEl, "transacao2"))).toBe("L");
    expect(text(kid(bothEl, "finalidade"))).toBe("CO");
    expect(text(kid(bothEl, "tipo"))).toBe("Barracão / Galpão");
    expect(text(kid(bothEl, "valor_locacao"))).toBe("15000");
    expect(text(kid(bothEl, "cep"))).toBe("13010-111");
    expect(text(kid(rentEl, "transacao"))).toBe("L");
    expect(text(kid(rentEl, "valor"))).toBe("3200");
    expect(text(kid(rentEl, "periodo_locacao"))).toBe("1");
  });
});

describe("default feed and ?id=", () => {
  it("one property by id, an empty feed for an id not published, 404 for a malformed id or portal", async () => {
    const p = await makeProperty(validOverrides({ title: "Apartamento padrão no Itaim" }));
    await makeProperty(validOverrides({ title: "Outro apartamento" }));
    const { text: one } = await fetchFeed("default", `?id=${p.id}`);
    const props = kids(kid(parse(one), "properties"), "property");
    expect(props).toHaveLength(1);
    expect(text(kid(props[0], "id"))).toBe(String(p.id));
    expect(text(kid(props[0], "url"))).toMatch(new RegExp(`/imovel/${p.slug}$`));
    expect(kids(kid(props[0], "images"), "item")).toHaveLength(5);

    const unknown = await fetchFeed("default", "?id=999999");
    expect(unknown.response.status).toBe(200);
    expect(kids(kid(parse(unknown.text), "properties"), "property")).toHaveLength(0);
    const emptyOlx = await fetchFeed("olx", "?id=999999");
    expect(vrsyncListings(emptyOlx.text)).toHaveLength(0);

    expect((await fetchFeed("default", "?id=abc")).response.status).toBe(404);
    expect((await fetchFeed("default", "?id=1%20or%201=1")).response.status).toBe(404);
    expect((await fetchFeed("zap")).response.status).toBe(404);
  });
});

describe("conditional requests", () => {
  it("answers a repeated poll with 304 (ETag or Last-Modified) and a fresh body once something changed", async () => {
    const p = await makeProperty(validOverrides({ title: "Apartamento para o teste de cache" }));
    const first = await fetchFeed("olx");
    const etag = first.response.headers.get("ETag")!;
    const lastModified = first.response.headers.get("Last-Modified")!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);
    expect(first.response.headers.get("Cache-Control")).toContain("must-revalidate");

    const again = await fetchFeed("olx", "", { "If-None-Match": etag });
    expect(again.response.status).toBe(304);
    expect(again.response.headers.get("ETag")).toBe(etag);
    expect(await again.response.text()).toBe("");
    expect((await fetchFeed("olx", "", { "If-Modified-Since": lastModified })).response.status).toBe(304);
    // another portal's or another id's tag does not match
    expect((await fetchFeed("chavesnamao", "", { "If-None-Match": etag })).response.status).toBe(200);

    await db().updateTable("properties").set({ title: "Apartamento com título novo", updated_at: nowIso() }).where("id", "=", p.id).execute();
    const changed = await fetchFeed("olx", "", { "If-None-Match": etag });
    expect(changed.response.status).toBe(200);
    expect(changed.response.headers.get("ETag")).not.toBe(etag);
    expect(changed.text).toContain("Apartamento com título novo");

    // a deletion moves the validators although no updated_at grew
    const before = await fetchFeed("olx");
    await db().deleteFrom("properties").where("id", "=", p.id).execute();
    const afterDelete = await fetchFeed("olx", "", { "If-None-Match": before.response.headers.get("ETag")!, "If-Modified-Since": before.response.headers.get("Last-Modified")! });
    expect(afterDelete.response.status).toBe(200);
    expect(afterDelete.text).not.toContain("Apartamento com título novo");
  });
});

describe("rules", () => {
  it("maps amenities only onto the closed VRSync feature list", async () => {
    const { MAPPED_FEATURES } = await import("~/modules/feeds/rules");
    for (const f of MAPPED_FEATURES) expect(VRSYNC_FEATURES.has(f), f).toBe(true);
  });

  it("counts lengths in characters as the portals do (an emoji is one)", async () => {
    const p = await makeProperty(validOverrides({ title: "Casa 🏠 boa" }));
    const row = (await db().selectFrom("properties").selectAll().where("id", "=", p.id).executeTakeFirstOrThrow()) as unknown as FeedRow;
    // 10 characters, 11 UTF-16 units: the 10-character minimum is met
    expect(checkListing("olx", prepareListing(row)).errors.filter((e) => e.startsWith("O título"))).toEqual([]);
    const short = checkListing("olx", prepareListing({ ...row, title: "🏠🏠🏠🏠🏠🏠🏠🏠🏠" }));
    expect(short.errors).toContain("O título deve ter de 10 a 100 caracteres (tem 9).");
    const long = checkListing("olx", prepareListing({ ...row, description: "🏡".repeat(3001) }));
    expect(long.errors).toContain("A descrição deve ter de 50 a 3000 caracteres (tem 3001).");
  });
});

describe("HEAD", () => {
  it("answers the headers without writing the feed", async () => {
    await makeProperty(validOverrides({ title: "Apartamento para o HEAD" }));
    const request = new Request("http://localhost/xml/olx", { method: "HEAD" });
    const response = (await loader(routeArgs(request, { portal: "olx" }) as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.body).toBeNull();
    expect(response.headers.get("ETag")).toMatch(/^W\//);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
  });
});
