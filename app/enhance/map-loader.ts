/**
 * `[data-catalogue-map]` (components/catalogue/map-results.tsx, only on
 * /imoveis/mapa): fetches the map's own module (Leaflet and the markers,
 * app/enhance/map/catalogue-map.ts) once the list is on screen, so no other
 * page pays for the map library. Without it the page stays the list.
 */
export function enhanceCatalogueMap(box: HTMLElement): void {
  const src = box.dataset.mapScript;
  if (!src || !src.startsWith("/")) return;
  const load = () =>
    import(/* @vite-ignore */ src)
      .then((module: { mountCatalogueMap: (box: HTMLElement) => void }) => module.mountCatalogueMap(box))
      .catch((error: unknown) => console.error(error));
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(() => void load(), { timeout: 1500 });
  else window.setTimeout(() => void load(), 0);
}
