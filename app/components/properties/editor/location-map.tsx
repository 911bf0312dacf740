import { useEffect, useRef } from "react";
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import "~/enhance/map/map.css";

/**
 * The editor's pin (issue 28), loaded only when the Localização tab is shown
 * with JavaScript (a lazy chunk: tabs.tsx `LocationPicker`), so the editor's
 * own bundle does not carry Leaflet. Drag the pin or click the map: the
 * latitude and longitude fields follow; typing in them moves the pin.
 */
export type MapTiles = { url: string; attribution: string };

/** São Paulo, where a property without coordinates starts. */
const START: L.LatLngTuple = [-23.55, -46.63];

export default function LocationMap({ lat, lng, tiles, onPick }: { lat: number | null; lng: number | null; tiles: MapTiles; onPick: (lat: number, lng: number) => void }) {
  const frame = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const pin = useRef<L.Marker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    if (!frame.current) return;
    const located = lat !== null && lng !== null;
    const m = L.map(frame.current, { scrollWheelZoom: false }).setView(located ? [lat, lng] : START, located ? 16 : 11);
    L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 18 }).addTo(m);
    m.attributionControl.setPrefix(false);
    const marker = L.marker(located ? [lat, lng] : START, {
      draggable: true,
      title: "Posição do imóvel: arraste para ajustar",
      alt: "Posição do imóvel",
      icon: L.divIcon({ className: "map-pin", html: "<span></span>", iconSize: [28, 28], iconAnchor: [14, 28] }),
      opacity: located ? 1 : 0.55,
    }).addTo(m);
    const place = (at: L.LatLng) => {
      marker.setLatLng(at).setOpacity(1);
      pick.current(at.lat, at.lng);
    };
    marker.on("dragend", () => place(marker.getLatLng()));
    m.on("click", (event: L.LeafletMouseEvent) => place(event.latlng));
    map.current = m;
    pin.current = marker;
    return () => {
      m.remove();
      map.current = null;
      pin.current = null;
    };
    // the map is made once; later values move the pin (below)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tiles.url]);

  useEffect(() => {
    if (lat === null || lng === null || !pin.current || !map.current) return;
    const current = pin.current.getLatLng();
    if (Math.abs(current.lat - lat) < 1e-7 && Math.abs(current.lng - lng) < 1e-7) return;
    pin.current.setLatLng([lat, lng]).setOpacity(1);
    map.current.panTo([lat, lng]);
  }, [lat, lng]);

  return <div ref={frame} className="h-72 w-full overflow-hidden rounded-lg border border-slate-300 sm:h-80" role="region" aria-label="Mapa para posicionar o imóvel" />;
}
