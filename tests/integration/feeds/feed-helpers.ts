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
