import fs from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { xml2js, type Element } from "xml-js";
import { loader } from "~/routes/resources/feeds/feed";
import { feedStatusPage } from "~/modules/feeds/feeds.server";
import { forgetPhotoInfo } from "~/modules/feeds/photos.server";
import { keyFromUrl, resolveKey } from "~/modules/files/storage.server";
import { db } from "~/modules/platform/db.server";
import { makeProperty } from "../../helpers/factories";
import { routeArgs } from "../../helpers/requests";
import { kids, kid, storePhotos, text } from "./feed-helpers";

/**
 * The portals' photo size rules (reference §1.5: JPG of at most 7 MB; §2.4: at
 * most 5 MB and at least 800×600), measured on real files in the uploads folder.
 */
beforeEach(async () => {
  await db().deleteFrom("properties").execute();
  forgetPhotoInfo();
});

const DESCRIPTION = "Apartamento amplo e iluminado, com varanda, perto do metrô e de comércio. Agende sua visita.";

async function property(images: string[], title = "Apartamento com fotos medidas") {
  return makeProperty({ title, postal_code: "01310-100", images: JSON.stringify(images), description: DESCRIPTION, purpose: "sale", price: 500_000, rent_price: 0, rental: 0, area: 80, type: "pronto", property_type: "Apartamento" });
}

async function feed(portal: string): Promise<Element> {
  const response = (await loader(routeArgs(new Request(`http://localhost/xml/${portal}`), { portal }) as never)) as Response;
  return xml2js(await response.text(), { compact: false }) as Element;
}

const GOOD = { width: 1600, height: 1200 };
const PORTRAIT = { width: 600, height: 800 };
const SMALL = { width: 640, height: 480 };
const HEAVY = { width: 1600, height: 1200, bytes: 7_200_000 };
const MEDIUM = { width: 1600, height: 1200, bytes: 5_500_000 };

describe("photo size and resolution", () => {
  it("holds back photos over 7 MB from VRSync and over 5 MB or under 800×600 from Chaves na Mão", async () => {
    const urls = await storePhotos([GOOD, GOOD, GOOD, GOOD, GOOD, SMALL, HEAVY, MEDIUM, PORTRAIT]);
    const p = await property(urls);

    const olx = kid(kid(await feed("olx"), "ListingDataFeed"), "Listings");
    const listing = kids(olx, "Listing")[0];
    expect(text(kid(listing, "ListingID"))).toBe(String(p.id));
    const media = kids(kid(listing, "Media"), "Item").map((i) => text(i));
    // VRSync states no minimum resolution: the small photos go; the 7.2 MB one does not; 5.5 MB is within 7 MB
    expect(media).toEqual([0, 1, 2, 3, 4, 5, 7, 8].map((i) => `http://localhost:3000${urls[i]}`));

    const cnm = kids(kid(kid(await feed("chavesnamao"), "Document"), "imoveis"), "imovel")[0];
    const fotos = kids(kid(cnm, "fotos_imovel"), "foto").map((f) => text(kid(f, "url")));
    // 640×480 is too small, 600×800 (portrait) is not; 7.2 and 5.5 MB are over 5 MB
    expect(fotos).toEqual([0, 1, 2, 3, 4, 8].map((i) => `http://localhost:3000${urls[i]}`));

    const row = (await feedStatusPage(1, 25)).rows.find((r) => r.id === p.id)!;
    expect(row.checks.olx.errors).toEqual([]);
    expect(row.checks.olx.warnings).toContain("1 foto(s) com mais de 7 MB não serão enviadas.");
    expect(row.checks.chavesnamao.warnings).toEqual(expect.arrayContaining(["2 foto(s) com mais de 5 MB não serão enviadas.", "1 foto(s) menores que 800×600 pixels não serão enviadas."]));
  });

  it("leaves a listing out of VRSync when the photos within 7 MB are fewer than 5", async () => {
    const urls = await storePhotos([GOOD, GOOD, GOOD, GOOD, HEAVY]);
    const p = await property(urls);
    const olx = kid(kid(await feed("olx"), "ListingDataFeed"), "Listings");
    expect(kids(olx, "Listing")).toHaveLength(0);
    const row = (await feedStatusPage(1, 25)).rows.find((r) => r.id === p.id)!;
    expect(row.checks.olx.errors).toContain("São necessárias pelo menos 5 fotos em JPG (tem 4).");
    // Chaves na Mão only recommends 5: the listing goes with its 4 photos
    expect(row.checks.chavesnamao.errors).toEqual([]);
  });

  it("does not hold back photos it cannot measure (remote or missing files)", async () => {
    const images = ["https://cdn.exemplo.com.br/a.jpg", "/uploads/imoveis/nao-existe/b.jpg", "/uploads/imoveis/nao-existe/c.jpg", "/uploads/imoveis/nao-existe/d.jpg", "/uploads/imoveis/nao-existe/e.jpg"];
    await property(images);
    const olx = kid(kid(await feed("olx"), "ListingDataFeed"), "Listings");
    expect(kids(kid(kids(olx, "Listing")[0], "Media"), "Item")).toHaveLength(5);
    expect(await db().selectFrom("photo_measurements").select("url").where("url", "like", "%nao-existe%").execute()).toEqual([]);
  });

  it("keeps what it measured across a restart (photo_measurements), so the photos are not read again", async () => {
    const urls = await storePhotos([GOOD, GOOD, GOOD, GOOD, GOOD, HEAVY]);
    await property(urls);
    const sent = async () => kids(kid(kids(kid(kid(await feed("olx"), "ListingDataFeed"), "Listings"), "Listing")[0], "Media"), "Item").length;
    expect(await sent()).toBe(5); // the 7.2 MB photo is held back
    const stored = await db().selectFrom("photo_measurements").selectAll().where("url", "in", urls).orderBy("url").execute();
    expect(stored.map((r) => [r.url, r.width, r.height])).toEqual(urls.map((u) => [u, 1600, 1200]).sort());
    expect(stored.find((r) => r.url === urls[5])!.bytes).toBe(7_200_000);

    // a restart forgets the process's memory; the files going away proves the sizes are read back, not measured again
    forgetPhotoInfo();
    for (const url of urls) fs.rmSync(resolveKey(keyFromUrl(url)!));
    expect(await sent()).toBe(5);
  });
});
