import { beforeEach, describe, expect, it } from "vitest";
import type { Element } from "xml-js";
import { feedStatusPage } from "~/modules/feeds/feeds.server";
import { db } from "~/modules/platform/db.server";
import { makeProperty } from "../../helpers/factories";
import { DESCRIPTION, fetchFeed, kids, kid, text, parseXml as parse } from "../feeds/feed-helpers";

/**
 * Which listings each portal's feed carries (shared/reference/portal-feeds.md,
 * spec 03 §9): a listing a portal would reject is left out of that portal's
 * feed and /integracao-xml says why; what it only would not receive is a
 * warning and the listing goes. Each rule on both sides of its boundary, read
 * from the XML a portal downloads.
 */
beforeEach(async () => {
  await db().deleteFrom("properties").execute();
});


const PHOTOS = (n: number, ext = "jpg") => Array.from({ length: n }, (_, i) => `/uploads/imoveis/regras/foto-${i + 1}.${ext}`);

/** A listing every portal takes, every field fixed (nothing random from the factory). */
const VALID = {
  title: "Apartamento amplo na Bela Vista",
  description: DESCRIPTION,
  purpose: "sale" as const,
  type: "pronto" as const,
  property_type: "Apartamento" as const,
  status: "available" as const,
  price: 500_000,
  rent_price: 0,
  rental: 0,
  condo_fee: 0,
  iptu: 0,
  address: "Avenida Paulista",
  street_number: "1000",
  complement: "Conj. 52",
  neighborhood: "Bela Vista",
  city: "São Paulo",
  state: "SP",
  postal_code: "01310-100",
  area: 80,
  images: JSON.stringify(PHOTOS(5)),
  amenities: "[]",
  nearby_amenities: "[]",
  furnished: 0,
  pets_allowed: 0,
};

type Portal = "olx" | "chavesnamao" | "default";
/** The listing's element in a portal's feed (fetched as the portal does, for this id), or undefined when left out. */
async function inFeed(portal: Portal, id: number): Promise<Element | undefined> {
  const { response, text: xml } = await fetchFeed(portal, `?id=${id}`);
  expect(response.status).toBe(200);
  const doc = parse(xml);
  if (portal === "olx") return kids(kid(kid(doc, "ListingDataFeed"), "Listings"), "Listing")[0];
  if (portal === "chavesnamao") return kids(kid(kid(doc, "Document"), "imoveis"), "imovel")[0];
  return kids(kid(doc, "properties"), "property")[0];
}

/** A property, whether each feed carries it, and what /integracao-xml says of it. */
async function judge(extra: Parameters<typeof makeProperty>[0] = {}) {
  const p = await makeProperty({ ...VALID, ...extra });
  const row = (await feedStatusPage(1, 100)).rows.find((r) => r.id === p.id)!;
  const olx = await inFeed("olx", p.id);
  const cnm = await inFeed("chavesnamao", p.id);
  const own = await inFeed("default", p.id);
  return { id: p.id, olx, cnm, own, sent: { olx: Boolean(olx), chavesnamao: Boolean(cnm), default: Boolean(own) }, checks: row.checks };
}

describe("for sale, for rent or both (spec 01 §4, spec 03 §9)", () => {
  it("reads the purpose, the rental flag and the prices as the portals' transaction", async () => {
    const sale = await judge({ purpose: "sale", price: 500_000, rent_price: 0, rental: 0 });
    const rent = await judge({ purpose: "rent", price: 0, rent_price: 3000, rental: 0 });
    const rentWithPrice = await judge({ purpose: "rent", price: 900_000, rent_price: 3000, rental: 0 });
    const both = await judge({ purpose: "both", price: 500_000, rent_price: 3000, rental: 0 });
    const flagged = await judge({ purpose: "sale", price: 500_000, rent_price: 0, rental: 1 });
    const rentPrice = await judge({ purpose: "sale", price: 500_000, rent_price: 1, rental: 0 });
    const expected: [typeof sale, string, string, string][] = [
      [sale, "For Sale", "V", ""],
      [rent, "For Rent", "L", ""],
      [rentWithPrice, "For Rent", "L", ""],
      [both, "Sale/Rent", "V", "L"],
      [rentPrice, "Sale/Rent", "V", "L"],
    ];
    for (const [l, vrsync, transacao, transacao2] of expected) {
      expect(text(kid(l.olx, "TransactionType")), String(l.id)).toBe(vrsync);
      expect(text(kid(l.cnm, "transacao")), String(l.id)).toBe(transacao);
      expect(text(kid(l.cnm, "transacao2")), String(l.id)).toBe(transacao2);
    }
    // the rental flag alone makes it a rental too: without a rent it is refused as such
    expect(flagged.checks.olx.errors).toEqual(["Valor do aluguel não informado (imóvel para venda e aluguel)."]);
    expect(flagged.sent).toEqual({ olx: false, chavesnamao: false, default: true });
    expect(text(kid(kid(rentWithPrice.olx, "Details"), "RentalPrice"))).toBe("3000");
    expect(kid(kid(rentWithPrice.olx, "Details"), "ListPrice")).toBeUndefined();
  });

  it("leaves out of both portals a listing without the price of its transaction, and says which", async () => {
    const noSalePrice = await judge({ purpose: "sale", price: 0 });
    const noRent = await judge({ purpose: "rent", price: 0, rent_price: 0 });
    const bothNoRent = await judge({ purpose: "both", price: 400_000, rent_price: 0 });
    const bothNoPrice = await judge({ purpose: "both", price: 0, rent_price: 3000 });
    const cheapest = await judge({ purpose: "both", price: 1, rent_price: 1 });
    expect(noSalePrice.checks.olx.errors).toEqual(["Preço de venda não informado."]);
    expect(noSalePrice.checks.olx.fields["Preço de venda não informado."]).toBe("price");
    expect(noRent.checks.olx.errors).toEqual(["Valor do aluguel não informado."]);
    expect(noRent.checks.chavesnamao.fields["Valor do aluguel não informado."]).toBe("rent_price");
    expect(bothNoRent.checks.olx.errors).toEqual(["Valor do aluguel não informado (imóvel para venda e aluguel)."]);
    expect(bothNoRent.checks.chavesnamao.errors).toEqual(["Valor do aluguel não informado (imóvel para venda e aluguel)."]);
    expect(bothNoRent.checks.olx.fields["Valor do aluguel não informado (imóvel para venda e aluguel)."]).toBe("rent_price");
    // for sale and for rent: still for sale without a price, so refused as such
    expect(bothNoPrice.checks.olx.errors).toEqual(["Preço de venda não informado."]);
    for (const l of [noSalePrice, noRent, bothNoRent, bothNoPrice]) expect(l.sent, String(l.id)).toEqual({ olx: false, chavesnamao: false, default: true });
    expect(cheapest.checks.olx.errors).toEqual([]);
    expect(cheapest.sent).toEqual({ olx: true, chavesnamao: true, default: true });
  });
});

describe("where the property is", () => {
  it("needs a city and a neighbourhood (spaces are nothing), in both portals", async () => {
    const noCity = await judge({ city: " \t " });
    const noNeighborhood = await judge({ neighborhood: "" });
    expect(noCity.checks.olx.errors).toEqual(["Cidade não informada."]);
    expect(noCity.checks.chavesnamao.errors).toEqual(["Cidade não informada."]);
    expect(noCity.checks.olx.fields["Cidade não informada."]).toBe("city");
    expect(noNeighborhood.checks.chavesnamao.errors).toEqual(["Bairro não informado."]);
    expect(noNeighborhood.checks.olx.fields["Bairro não informado."]).toBe("neighborhood");
    for (const l of [noCity, noNeighborhood]) expect(l.sent).toEqual({ olx: false, chavesnamao: false, default: true });
    const spaced = await judge({ city: "  São   Paulo ", neighborhood: "Bela\tVista " });
    expect(text(kid(kid(spaced.olx, "Location"), "City"))).toBe("São Paulo");
    expect(text(kid(spaced.cnm, "bairro"))).toBe("Bela Vista");
  });

  it("takes the state's two letters in any case, SP when blank, and refuses anything else", async () => {
    const lower = await judge({ state: " rj ", postal_code: "20040-002" });
    const blank = await judge({ state: "" });
    const wrong = await judge({ state: "XX" });
    expect(lower.checks.olx.errors).toEqual([]);
    expect(kid(kid(lower.olx, "Location"), "State").attributes?.abbreviation).toBe("RJ");
    expect(text(kid(lower.cnm, "estado"))).toBe("RJ");
    expect(text(kid(blank.cnm, "estado"))).toBe("SP");
    expect(wrong.checks.olx.errors).toEqual(['UF inválida: "XX" (use a sigla do estado, por exemplo SP).']);
    expect(wrong.checks.chavesnamao.errors).toEqual(['UF inválida: "XX" (use a sigla do estado, por exemplo SP).']);
    expect(wrong.checks.olx.warnings).toEqual([]);
    expect(wrong.sent).toEqual({ olx: false, chavesnamao: false, default: true });
  });

  it("VRSync needs the CEP, Chaves na Mão does not; both refuse a malformed one and only warn of another state's", async () => {
    const none = await judge({ postal_code: null });
    const digits = await judge({ postal_code: " 01310100 " });
    const short = await judge({ postal_code: "0131-100" });
    const lettered = await judge({ postal_code: "01310-10a" });
    const elsewhere = await judge({ postal_code: "20040-002" });
    expect(none.checks.olx.errors).toEqual(["CEP não informado."]);
    expect(none.checks.chavesnamao.errors).toEqual([]);
    expect(none.sent).toEqual({ olx: false, chavesnamao: true, default: true });
    expect(text(kid(none.cnm, "cep"))).toBe("");
    expect(digits.sent).toEqual({ olx: true, chavesnamao: true, default: true });
    expect(text(kid(kid(digits.olx, "Location"), "PostalCode"))).toBe("01310-100");
    for (const [l, code] of [[short, "0131-100"], [lettered, "01310-10a"]] as const) {
      const message = `CEP inválido: "${code}" (use 00000-000).`;
      expect(l.checks.olx.errors).toEqual([message]);
      expect(l.checks.chavesnamao.errors).toEqual([message]);
      expect(l.checks.olx.fields[message]).toBe("postal_code");
      expect(l.checks.olx.warnings).toEqual([]);
      expect(l.sent).toEqual({ olx: false, chavesnamao: false, default: true });
    }
    expect(elsewhere.checks.olx.errors).toEqual([]);
    expect(elsewhere.checks.chavesnamao.warnings).toEqual(["O CEP 20040-002 não é de São Paulo: confira o CEP e o estado."]);
    expect(elsewhere.sent).toEqual({ olx: true, chavesnamao: true, default: true });
    expect(digits.checks.olx.warnings).toEqual([]);
  });

  it("Chaves na Mão: street up to 200 characters, number up to 10, complement up to 50", async () => {
    const longest = await judge({ address: "R".repeat(200), street_number: "1234567890", complement: "C".repeat(50) });
    const street = await judge({ address: "R".repeat(201) });
    const number = await judge({ street_number: "12345678901" });
    const complement = await judge({ complement: "C".repeat(51) });
    const spaced = await judge({ address: ` ${"R".repeat(200)}  `, street_number: " 1234567890 " });
    for (const l of [longest, spaced]) {
      expect(l.checks.chavesnamao.errors).toEqual([]);
      expect(l.sent.chavesnamao).toBe(true);
    }
    expect(street.checks.chavesnamao.errors).toEqual(["O endereço deve ter no máximo 200 caracteres."]);
    expect(street.checks.chavesnamao.fields["O endereço deve ter no máximo 200 caracteres."]).toBe("address");
    expect(number.checks.chavesnamao.errors).toEqual(["O número deve ter no máximo 10 caracteres."]);
    expect(number.checks.chavesnamao.fields["O número deve ter no máximo 10 caracteres."]).toBe("street_number");
    expect(complement.checks.chavesnamao.errors).toEqual(["O complemento deve ter no máximo 50 caracteres."]);
    expect(complement.checks.chavesnamao.fields["O complemento deve ter no máximo 50 caracteres."]).toBe("complement");
    // VRSync states no such limits
    for (const l of [street, number, complement]) expect(l.sent).toEqual({ olx: true, chavesnamao: false, default: true });
  });
});

describe("title and description", () => {
  it("VRSync refuses HTML in the title (tags, comments, entities), not an ampersand or angle brackets in words", async () => {
    for (const title of ["Apartamento <br> com vista", "Apartamento </B> com vista", "Apartamento <!-- x --> vista", "Apartamento&nbsp;com vista", "Apartamento &#169; com vista"]) {
      const l = await judge({ title });
      expect(l.checks.olx.errors, title).toEqual(["O título não pode conter HTML."]);
      expect(l.checks.olx.fields["O título não pode conter HTML."]).toBe("title");
      expect(l.sent, title).toEqual({ olx: false, chavesnamao: true, default: true });
    }
    for (const title of ["Casa & Jardim no centro", "Casa 3 < 4 quartos > 2", "Sala R&D 40 m² ampla", "Casa <3 quartos com vista"]) {
      const l = await judge({ title });
      expect(l.checks.olx.errors, title).toEqual([]);
      expect(text(kid(l.olx, "Title"))).toBe(title);
    }
  });

  it("counts the title after joining runs of spaces and tabs and trimming it", async () => {
    const spaced = await judge({ title: "  Casa \t  ampla  " });
    const short = await judge({ title: " Casa\tboa! " });
    expect(spaced.checks.olx.errors).toEqual([]);
    expect(text(kid(spaced.olx, "Title"))).toBe("Casa ampla");
    expect(text(kid(spaced.cnm, "titulo"))).toBe("Casa ampla");
    expect(text(kid(spaced.own, "title"))).toBe("Casa ampla");
    expect(short.checks.olx.errors).toEqual(["O título deve ter de 10 a 100 caracteres (tem 9)."]);
  });

  it("VRSync: a description of 50 to 3000 characters, trimmed; Chaves na Mão: any up to 3000, not none", async () => {
    const d = (n: number) => `${"D".repeat(n - 1)}.`;
    const fifty = await judge({ description: `  ${d(50)}\n` });
    const fortyNine = await judge({ description: d(49) });
    const max = await judge({ description: d(3000) });
    const over = await judge({ description: d(3001) });
    const blank = await judge({ description: " \n\t " });
    const one = await judge({ description: "." });
    expect(fifty.checks.olx.errors).toEqual([]);
    expect(text(kid(kid(fifty.olx, "Details"), "Description"))).toBe(d(50));
    expect(fortyNine.checks.olx.errors).toEqual(["A descrição deve ter de 50 a 3000 caracteres (tem 49)."]);
    expect(fortyNine.checks.olx.fields["A descrição deve ter de 50 a 3000 caracteres (tem 49)."]).toBe("description");
    expect(fortyNine.sent).toEqual({ olx: false, chavesnamao: true, default: true });
    expect(max.sent).toEqual({ olx: true, chavesnamao: true, default: true });
    expect(over.checks.olx.errors).toEqual(["A descrição deve ter de 50 a 3000 caracteres (tem 3001)."]);
    expect(over.checks.chavesnamao.errors).toEqual(["A descrição deve ter no máximo 3000 caracteres (tem 3001)."]);
    expect(over.checks.chavesnamao.fields["A descrição deve ter no máximo 3000 caracteres (tem 3001)."]).toBe("description");
    expect(over.sent).toEqual({ olx: false, chavesnamao: false, default: true });
    expect(blank.checks.chavesnamao.errors).toEqual(["Descrição não informada."]);
    expect(blank.checks.chavesnamao.fields["Descrição não informada."]).toBe("description");
    expect(blank.sent).toEqual({ olx: false, chavesnamao: false, default: true });
    expect(one.checks.chavesnamao.errors).toEqual([]);
    expect(one.sent.chavesnamao).toBe(true);
  });

  it("a listing without a title: left out of VRSync and our feed, sent to Chaves na Mão with a warning", async () => {
    // the database refuses a blank title; a tab passes it, and is nothing once cleaned
    const l = await judge({ title: "\t" });
    expect(l.checks.default.errors).toEqual(["Título não informado."]);
    expect(l.checks.default.fields["Título não informado."]).toBe("title");
    expect(l.checks.chavesnamao.errors).toEqual([]);
    expect(l.checks.chavesnamao.warnings).toEqual(["Título não informado."]);
    expect(l.checks.chavesnamao.fields["Título não informado."]).toBe("title");
    expect(l.sent).toEqual({ olx: false, chavesnamao: true, default: false });
    expect(text(kid(l.cnm, "titulo"))).toBe("");
    const titled = await judge({ title: "Casa" });
    expect(titled.checks.default.errors).toEqual([]);
    expect(titled.checks.chavesnamao.warnings).toEqual([]);
    expect(titled.sent).toEqual({ olx: false, chavesnamao: true, default: true });
  });

  it("drops what XML cannot carry (control characters, U+FFFE/U+FFFF) and keeps emoji, tabs and line breaks", async () => {
    const l = await judge({ title: "Casa \u0001ampla\uFFFF com \u001Fjardim 🏡", description: `${DESCRIPTION}\n\tSegunda linha \u000B fim \u000C e \uFFFE.\r\n` });
    expect(text(kid(l.olx, "Title"))).toBe("Casa ampla com jardim 🏡");
    expect(text(kid(l.own, "description"))).toBe(`${DESCRIPTION}\n\tSegunda linha  fim  e .`);
  });
});

describe("area and photos", () => {
  it("VRSync needs an area; Chaves na Mão does not", async () => {
    const none = await judge({ area: 0 });
    expect(none.checks.olx.errors).toEqual(["Área não informada."]);
    expect(none.sent).toEqual({ olx: false, chavesnamao: true, default: true });
    const small = await judge({ area: 1 });
    expect(small.sent.olx).toBe(true);
  });

  it("VRSync needs 5 JPG photos and sends only the JPGs; Chaves na Mão takes PNG and WebP too and only recommends 5", async () => {
    const mixed = [...PHOTOS(4), "/f/planta.PNG", "/f/fachada.webp", "/f/antiga.gif", "/f/sem-extensao", "/f/foto.jpg.png", "/f/capa.JPEG?v=2#topo"];
    const l = await judge({ images: JSON.stringify(mixed) });
    expect(kids(kid(l.olx, "Media"), "Item").map(text)).toEqual([...PHOTOS(4), "/f/capa.JPEG?v=2#topo"].map((u) => `http://localhost:3000${u}`));
    expect(l.checks.olx.warnings).toEqual(["5 foto(s) fora do formato JPG não serão enviadas."]);
    expect(l.checks.olx.fields["5 foto(s) fora do formato JPG não serão enviadas."]).toBe("images");
    const fotos = kids(kid(l.cnm, "fotos_imovel"), "foto").map((f) => text(kid(f, "url")));
    expect(fotos).toEqual([...PHOTOS(4), "/f/planta.PNG", "/f/fachada.webp", "/f/foto.jpg.png", "/f/capa.JPEG?v=2#topo"].map((u) => `http://localhost:3000${u}`));
    expect(l.checks.chavesnamao.warnings).toEqual(["2 foto(s) fora dos formatos JPG, PNG ou WebP não serão enviadas."]);
    expect(l.checks.chavesnamao.fields["2 foto(s) fora dos formatos JPG, PNG ou WebP não serão enviadas."]).toBe("images");

    const four = await judge({ images: JSON.stringify([...PHOTOS(4), "/f/planta.png"]) });
    expect(four.checks.olx.errors).toEqual(["São necessárias pelo menos 5 fotos em JPG (tem 4)."]);
    expect(four.checks.chavesnamao.errors).toEqual([]);
    expect(four.checks.chavesnamao.warnings).toEqual([]);
    expect(four.sent).toEqual({ olx: false, chavesnamao: true, default: true });
    const fewer = await judge({ images: JSON.stringify(PHOTOS(4)) });
    expect(fewer.checks.chavesnamao.warnings).toEqual(["O portal recomenda pelo menos 5 fotos (tem 4)."]);
    expect(fewer.checks.chavesnamao.fields["O portal recomenda pelo menos 5 fotos (tem 4)."]).toBe("images");
    expect(fewer.sent.chavesnamao).toBe(true);
  });

  it("sends Chaves na Mão the first 30 photos and warns past them", async () => {
    const thirty = await judge({ images: JSON.stringify(PHOTOS(30)) });
    const thirtyOne = await judge({ images: JSON.stringify(PHOTOS(31)) });
    expect(kids(kid(thirty.cnm, "fotos_imovel"), "foto")).toHaveLength(30);
    expect(thirty.checks.chavesnamao.warnings).toEqual([]);
    const sent = kids(kid(thirtyOne.cnm, "fotos_imovel"), "foto").map((f) => text(kid(f, "url")));
    expect(sent).toEqual(PHOTOS(30).map((u) => `http://localhost:3000${u}`));
    expect(thirtyOne.checks.chavesnamao.warnings).toEqual(["Só as primeiras 30 fotos serão enviadas (tem 31)."]);
    expect(thirtyOne.checks.chavesnamao.fields["Só as primeiras 30 fotos serão enviadas (tem 31)."]).toBe("images");
    // VRSync has no maximum of its own here
    expect(kids(kid(thirtyOne.olx, "Media"), "Item")).toHaveLength(31);
  });

  it("reads the photo list as stored: a single URL, blank and non-text entries skipped, spaces trimmed, broken JSON as none", async () => {
    const single = await judge({ images: JSON.stringify("/f/unica.jpg") });
    const messy = await judge({ images: JSON.stringify([" /f/a.jpg ", "", "  ", 7, null, "/f/b.jpg"]) });
    const broken = await judge({ images: "[\"/f/a.jpg\"" });
    const blank = await judge({ images: JSON.stringify("  ") });
    const other = await judge({ images: JSON.stringify({ url: "/f/a.jpg" }) });
    const items = (l: { own?: Element }) => kids(kid(l.own, "images"), "item").map(text);
    expect(items(single)).toEqual(["http://localhost:3000/f/unica.jpg"]);
    expect(items(messy)).toEqual(["http://localhost:3000/f/a.jpg", "http://localhost:3000/f/b.jpg"]);
    for (const l of [broken, blank, other]) expect(items(l)).toEqual([]);
    // the same reading for the amenities, written as they are in our own feed
    const amenities = (l: { own?: Element }) => kids(kid(l.own, "amenities"), "item").map(text);
    expect(amenities(await judge({ amenities: JSON.stringify(["  Piscina ", " ", "Sauna"]) }))).toEqual(["Piscina", "Sauna"]);
    expect(amenities(await judge({ amenities: JSON.stringify(" Piscina  ") }))).toEqual(["Piscina"]);
    expect(broken.checks.olx.errors).toEqual(["São necessárias pelo menos 5 fotos em JPG (tem 0)."]);
  });
});
