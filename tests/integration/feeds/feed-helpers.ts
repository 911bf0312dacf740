import sharp from "sharp";
import { xml2js, type Element } from "xml-js";
import { publicUrl, putFile } from "~/modules/files/storage.server";
import { loader } from "~/routes/resources/feeds/feed";
import { makeProperty } from "../../helpers/factories";
import { routeArgs } from "../../helpers/requests";

/** Properties every portal accepts, and the feed route called as a portal would. */
export const PHOTOS = JSON.stringify([1, 2, 3, 4, 5].map((n) => `/uploads/imoveis/teste/foto-${n}.jpg`));
export const DESCRIPTION = "Apartamento amplo e iluminado, com varanda, perto do metrô e de comércio. Agende sua visita.";

export function validOverrides(extra: Parameters<typeof makeProperty>[0] = {}) {
  return { postal_code: "01310-100", images: PHOTOS, description: DESCRIPTION, nearby_amenities: "[]", furnished: 0, pets_allowed: 0, rental: 0, rent_price: 0, purpose: "sale" as const, type: "pronto" as const, property_type: "Apartamento" as const, price: 500_000, area: 80, ...extra };
}

async function callFeed(portal: string, query: string, headers: Record<string, string>): Promise<Response> {
  const request = new Request(`http://localhost/xml/${portal}${query}`, { headers });
  return (await loader(routeArgs(request, { portal }) as never)) as Response;
}

/** The body as text: what a client that takes no compression reads. */
export async function fetchFeed(portal: string, query = "", headers: Record<string, string> = {}) {
  const response = await callFeed(portal, query, headers);
  const text = response.status === 200 ? await response.text() : "";
  return { response, text };
}

/** The body's bytes as sent (gzip when the answer says Content-Encoding: gzip). */
export async function fetchFeedBytes(portal: string, headers: Record<string, string> = {}) {
  const response = await callFeed(portal, "", headers);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

// ── reading a feed's XML (xml-js's element tree) ──────────────────────────
export const parseXml = (xml: string) => xml2js(xml, { compact: false }) as Element;
/** The child elements of that name. */
export const kids = (e: Element | undefined, name: string) => (e?.elements ?? []).filter((c) => c.type === "element" && c.name === name);
/** The first child element of that name. */
export const kid = (e: Element | undefined, name: string) => kids(e, name)[0];
/** The element's own text, CDATA included. */
export const text = (e: Element | undefined): string => (e?.elements ?? []).map((c) => (c.type === "text" || c.type === "cdata" ? String(c.text ?? c.cdata ?? "") : "")).join("");

let photoFolder = 0;
/**
 * Stores real JPEGs of width × height under DATA_DIR's public files and returns their URLs; with `bytes`,
 * padded after the image's end to exactly that size (still a valid JPEG, as large as a camera's original).
 */
export async function storePhotos(specs: { width: number; height: number; bytes?: number }[]): Promise<string[]> {
  photoFolder++;
  const urls: string[] = [];
  for (const [i, spec] of specs.entries()) {
    let data = await sharp({ create: { width: spec.width, height: spec.height, channels: 3, background: "#8a9" } }).jpeg().toBuffer();
    if (spec.bytes !== undefined) {
      if (spec.bytes < data.length) throw new Error(`storePhotos: ${spec.bytes} bytes is less than the image itself (${data.length})`);
      data = Buffer.concat([data, Buffer.alloc(spec.bytes - data.length)]);
    }
    urls.push(publicUrl(await putFile(`imoveis/fotos-teste-${photoFolder}/foto-${i}.jpg`, data)));
  }
  return urls;
}
