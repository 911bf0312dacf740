/**
 * The map of results (/imoveis/mapa): the area a visitor searches in, as
 * the URL carries it, and the tile source's details. Shared by the server
 * (loader, conditions) and the map script (app/enhance/map/), so both agree
 * on what `area=` means.
 */

/** The map page's path; the list's 'Ver no mapa' link and the map's 'Ver lista' link are built from it. */
export const MAP_PATH = "/imoveis/mapa";

/** The URL parameter of 'Buscar nesta área': south,west,north,east in degrees. */
export const AREA_PARAM = "area";

/**
 * The map of a rental page (/alugar, /categoria/aluguel): `purpose=aluguel`
 * lists whatever can be rented, as those pages do (not only the 'rent'
 * category that the type filter names).
 */
export const PURPOSE_PARAM = "purpose";
export const RENT_PURPOSE = "aluguel";

/** A catalogue query ("?…" or "") with the map's own parameters after it; the area's commas stay readable. */
export function withMapParams(query: string, params: { rentals?: boolean; area?: string | null }): string {
  const extra = [params.rentals ? `${PURPOSE_PARAM}=${RENT_PURPOSE}` : null, params.area ? `${AREA_PARAM}=${params.area}` : null].filter(Boolean);
  return extra.length ? `${query ? `${query}&` : "?"}${extra.join("&")}` : query;
}

/** How many properties the map page draws (and lists without JavaScript) at most; more asks for a closer look. */
export const MAP_LIMIT = 300;

/** A rectangle of latitude and longitude (no crossing of the antimeridian: the agency's cities are in Brazil). */
export type MapBounds = { south: number; west: number; north: number; east: number };

const DECIMALS = 5; // ~1 m: enough for an area, short in the URL

function round(n: number): number {
  const f = 10 ** DECIMALS;
  return Math.round(n * f) / f;
}

/**
 * Reads `area=south,west,north,east`. Anything else (letters, too few or
 * too many numbers, out of range, south above north, west east of east) is
 * no area: the page then shows the whole search, and the server's canonical
 * redirect drops the parameter.
 */
export function parseMapBounds(raw: string | null | undefined): MapBounds | null {
  if (!raw || raw.length > 100) return null;
  const parts = raw.split(",");
  if (parts.length !== 4 || parts.some((p) => !/^\s*-?\d{1,3}(\.\d{1,12})?\s*$/.test(p))) return null;
  const [south, west, north, east] = parts.map((p) => round(Number(p)));
  const lat = (n: number) => n >= -90 && n <= 90;
  const lng = (n: number) => n >= -180 && n <= 180;
  if (!lat(south) || !lat(north) || !lng(west) || !lng(east) || south > north || west > east) return null;
  return { south, west, north, east };
}

/** The parameter's value: "south,west,north,east", rounded to 5 decimals. */
export function formatMapBounds(b: MapBounds): string {
  return [b.south, b.west, b.north, b.east].map((n) => String(round(n))).join(",");
}

/** The map's count of left-off properties: '12 imóveis sem localização no mapa', '1 imóvel sem localização no mapa'. */
export function withoutLocationText(count: number): string {
  return count === 1 ? "1 imóvel sem localização no mapa" : `${count.toLocaleString("pt-BR")} imóveis sem localização no mapa`;
}

// ── tiles ────────────────────────────────────────────────────────────────
export const OSM_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
/** OpenStreetMap's required attribution (its tile usage policy): the credit, linked to the copyright page. */
export const OSM_ATTRIBUTION = '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap contributors</a>';

/** The origin the tiles come from (for the page's Content-Security-Policy), or null for a template that is not a URL. */
export function tileOrigin(template: string): string | null {
  try {
    const url = new URL(template.replace(/\{s\}/g, "a").replace(/\{[a-z]+\}/g, "0"));
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    // a {s} subdomain template: allow its siblings too
    return template.includes("{s}") ? `${url.protocol}//*.${url.host.split(".").slice(1).join(".")}` : url.origin;
  } catch {
    return null;
  }
}
