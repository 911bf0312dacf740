/**
 * The map of /imoveis/mapa (issue 28), loaded by the enhancement module
 * (app/enhance/small.ts `enhanceCatalogueMap`) only on that page, after the
 * list is on screen; built by scripts/build-enhance.mjs into its own module
 * with Leaflet and its stylesheet. The server's list is the data: every row
 * with `data-map-point` has its coordinates and its card, which the marker's
 * popup shows. Tiles come from the configured URL (`data-tile-url`), fetched
 * by Leaflet only for what is on screen (no prefetch: OpenStreetMap's rules).
 */
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import "./map.css";
import { AREA_PARAM, formatMapBounds } from "~/modules/catalogue/map-area";
import { withQuery } from "~/utils/url";
import { clusterLabel, gridCluster } from "./cluster";

type Point = { id: string; lat: number; lng: number; row: HTMLElement };

/** São Paulo, for a search with nothing to show. */
const FALLBACK_VIEW: [L.LatLngExpression, number] = [[-23.55, -46.63], 10];
const CELL_PX = 56;
const MAX_FIT_ZOOM = 15;

function readPoints(): Point[] {
  return [...document.querySelectorAll<HTMLElement>("[data-map-point]")].flatMap((row) => {
    const lat = Number(row.dataset.lat);
    const lng = Number(row.dataset.lng);
    return Number.isFinite(lat) && Number.isFinite(lng) && row.dataset.lat !== "" && row.dataset.lng !== "" ? [{ id: row.dataset.id ?? "", lat, lng, row }] : [];
  });
}

function loadStylesheet(href: string | undefined): Promise<void> {
  if (!href || document.querySelector(`link[href="${href}"]`)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
}

/** A property's card in the popup: a copy of its row in the list, with the photo loaded now. */
function cardOf(point: Point): HTMLElement {
  const card = (point.row.querySelector("[data-map-card]") ?? point.row).cloneNode(true) as HTMLElement;
  card.removeAttribute("data-map-card");
  card.classList.add("map-card");
  for (const img of card.querySelectorAll("img")) img.loading = "eager";
  return card;
}

function areaOf(search: string): L.LatLngBounds | null {
  const raw = new URLSearchParams(search).get(AREA_PARAM);
  const parts = raw?.split(",").map(Number) ?? [];
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return null;
  return L.latLngBounds([parts[0], parts[1]], [parts[2], parts[3]]);
}

export function mountCatalogueMap(box: HTMLElement): void {
  const frame = box.querySelector<HTMLElement>("[data-map-frame]");
  const tileUrl = box.dataset.tileUrl;
  if (!frame || !tileUrl) return;
  void loadStylesheet(box.dataset.mapCss).then(() => start(box, frame, tileUrl));
}

function start(box: HTMLElement, frame: HTMLElement, tileUrl: string): void {
  box.hidden = false;
  const map = L.map(frame, { zoomControl: true, scrollWheelZoom: false, minZoom: 3, maxZoom: 18 });
  L.tileLayer(tileUrl, { attribution: box.dataset.attribution ?? "", maxZoom: 18, minZoom: 3 }).addTo(map);
  map.attributionControl.setPrefix(false);
  const layer = L.layerGroup().addTo(map);
  let points = readPoints();

  const fit = () => {
    const area = areaOf(location.search);
    if (area) map.fitBounds(area);
    else if (points.length) map.fitBounds(L.latLngBounds(points.map((p) => [p.lat, p.lng] as L.LatLngTuple)), { padding: [32, 32], maxZoom: MAX_FIT_ZOOM });
    else map.setView(...FALLBACK_VIEW);
  };

  const draw = () => {
    layer.clearLayers();
    const zoom = map.getZoom();
    const clusters = gridCluster(
      points.map((p) => {
        const px = map.project([p.lat, p.lng], zoom);
        return { x: px.x, y: px.y, item: p };
      }),
      CELL_PX,
    );
    for (const c of clusters) {
      const at = map.unproject([c.x, c.y], zoom);
      if (c.items.length === 1) {
        const point = c.items[0];
        const title = point.row.querySelector("a")?.textContent?.trim() ?? "Imóvel";
        const marker = L.marker(at, { title, alt: title, icon: L.divIcon({ className: "map-pin", html: "<span></span>", iconSize: [28, 28], iconAnchor: [14, 28], popupAnchor: [0, -26] }) });
        marker.bindPopup(() => cardOf(point), { maxWidth: 300, minWidth: 240, className: "map-popup" });
        marker.addTo(layer);
      } else {
        const label = `${c.items.length} imóveis aqui: aproximar`;
        const marker = L.marker(at, { title: label, alt: label, icon: L.divIcon({ className: "map-cluster", html: `<span>${clusterLabel(c.items.length)}</span>`, iconSize: [44, 44] }) });
        marker.on("click", () => {
          const bounds = L.latLngBounds(c.items.map((p) => [p.lat, p.lng] as L.LatLngTuple));
          if (map.getZoom() >= map.getMaxZoom() || bounds.getNorthEast().equals(bounds.getSouthWest())) {
            // the same spot at any zoom: list them in one popup
            const list = document.createElement("div");
            list.className = "map-card-list";
            for (const p of c.items) list.append(cardOf(p));
            marker.bindPopup(list, { maxWidth: 300, minWidth: 240, maxHeight: 320, className: "map-popup" }).openPopup();
          } else map.fitBounds(bounds, { padding: [48, 48], maxZoom: Math.max(map.getZoom() + 1, MAX_FIT_ZOOM) });
        });
        marker.addTo(layer);
      }
    }
  };

  // 'Buscar nesta área': offered once the visitor moves the map; the same URL with the area.
  const button = document.createElement("button");
  button.type = "button";
  button.className = "map-search-area";
  button.textContent = "Buscar nesta área";
  button.hidden = true;
  button.addEventListener("click", () => {
    const b = map.getBounds();
    const clamp = (n: number, limit: number) => Math.max(-limit, Math.min(limit, n));
    const area = formatMapBounds({ south: clamp(b.getSouth(), 90), west: clamp(b.getWest(), 180), north: clamp(b.getNorth(), 90), east: clamp(b.getEast(), 180) });
    // commas as they are ("area=-23.6,-46.7,…"): the URL stays readable when shared
    location.assign(`${location.pathname}${withQuery(location.search, { [AREA_PARAM]: area }).replace(/%2C/gi, ",")}`);
  });
  box.append(button);

  fit();
  draw();
  map.on("zoomend", draw);
  map.whenReady(() => {
    // only moves after the first view count as the visitor's
    window.setTimeout(() => map.on("movestart", () => (button.hidden = false)), 0);
  });

  // The live filters (app/enhance/filters.ts) replace the list: draw the new results.
  const results = document.getElementById("map-results");
  if (results?.parentElement) {
    new MutationObserver(() => {
      points = readPoints();
      fit();
      draw();
    }).observe(results.parentElement, { childList: true });
  }
}
