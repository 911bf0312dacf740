import { beforeEach, describe, expect, it } from "vitest";
import { feedStatusPage } from "~/modules/feeds/feeds.server";
import { forgetPhotoInfo } from "~/modules/feeds/photos.server";
import { db } from "~/modules/platform/db.server";
import { makeProperty } from "../../helpers/factories";
import { fetchFeed, validOverrides, kids, kid, text, parseXml as parse, storePhotos } from "../feeds/feed-helpers";

/**
 * The photo limits on both sides (reference §1.5: VRSync takes JPGs of at most
 * 7 MB; §2.4: Chaves na Mão at most 5 MB and at least 800×600 in either
 * orientation), on real files of exactly the limit and one byte or one pixel
 * past it, read from the feeds the portals download.
 */
beforeEach(async () => {
  await db().deleteFrom("properties").execute();
  forgetPhotoInfo();
});


const absolute = (urls: string[]) => urls.map((u) => `http://localhost:3000${u}`);

async function sentTo(id: number) {
  const olx = kids(kid(kid(parse((await fetchFeed("olx", `?id=${id}`)).text), "ListingDataFeed"), "Listings"), "Listing")[0];
  const cnm = kids(kid(kid(parse((await fetchFeed("chavesnamao", `?id=${id}`)).text), "Document"), "imoveis"), "imovel")[0];
  return {
    olx: olx ? kids(kid(olx, "Media"), "Item").map(text) : null,
    cnm: cnm ? kids(kid(cnm, "fotos_imovel"), "foto").map((f) => text(kid(f, "url"))) : null,
  };
}
const checksOf = async (id: number) => (await feedStatusPage(1, 25)).rows.find((r) => r.id === id)!.checks;

const GOOD = { width: 1600, height: 1200 };

describe("photo limits at their edges", () => {
  it("VRSync takes a photo of exactly 7 MB and holds back one byte more", async () => {
    const urls = await storePhotos([GOOD, GOOD, GOOD, GOOD, { ...GOOD, bytes: 7_000_000 }, { ...GOOD, bytes: 7_000_001 }]);
    const p = await makeProperty(validOverrides({ title: "Apartamento com fotos no limite", images: JSON.stringify(urls) }));
    const sent = await sentTo(p.id);
    expect(sent.olx).toEqual(absolute(urls.slice(0, 5)));
    const checks = await checksOf(p.id);
    expect(checks.olx.errors).toEqual([]);
    expect(checks.olx.warnings).toEqual(["1 foto(s) com mais de 7 MB não serão enviadas."]);
    expect(checks.olx.fields["1 foto(s) com mais de 7 MB não serão enviadas."]).toBe("images");
  });

  it("Chaves na Mão takes a photo of exactly 5 MB and holds back one byte more", async () => {
    const urls = await storePhotos([GOOD, { ...GOOD, bytes: 5_000_000 }, { ...GOOD, bytes: 5_000_001 }]);
    const p = await makeProperty(validOverrides({ title: "Casa com fotos no limite", images: JSON.stringify(urls) }));
    expect((await sentTo(p.id)).cnm).toEqual(absolute(urls.slice(0, 2)));
    const checks = await checksOf(p.id);
    expect(checks.chavesnamao.errors).toEqual([]);
    expect(checks.chavesnamao.warnings).toContain("1 foto(s) com mais de 5 MB não serão enviadas.");
    expect(checks.chavesnamao.fields["1 foto(s) com mais de 5 MB não serão enviadas."]).toBe("images");
  });

  it("Chaves na Mão takes 800×600 and 600×800 and holds back a pixel less on either side", async () => {
    const sizes = [
      { width: 800, height: 600 },
      { width: 600, height: 800 },
      { width: 799, height: 600 },
      { width: 800, height: 599 },
      { width: 600, height: 799 },
      { width: 599, height: 800 },
    ];
    const urls = await storePhotos(sizes);
    const p = await makeProperty(validOverrides({ title: "Casa com fotos pequenas", images: JSON.stringify(urls) }));
    const sent = await sentTo(p.id);
    expect(sent.cnm).toEqual(absolute(urls.slice(0, 2)));
    // VRSync states no minimum resolution
    expect(sent.olx).toEqual(absolute(urls));
    const checks = await checksOf(p.id);
    expect(checks.chavesnamao.warnings).toEqual(["4 foto(s) menores que 800×600 pixels não serão enviadas.", "O portal recomenda pelo menos 5 fotos (tem 2)."]);
    expect(checks.chavesnamao.fields["4 foto(s) menores que 800×600 pixels não serão enviadas."]).toBe("images");
    expect(checks.olx.warnings).toEqual([]);
  });
});
