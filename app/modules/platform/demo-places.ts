/**
 * Where the demo's neighbourhoods are (approximate centres), so the demo's
 * listings have plausible coordinates for the map of results (issue 28).
 * Each listing is spread a few hundred metres around its neighbourhood's
 * centre without a random draw (the seed's other values stay as they were);
 * one in eleven is left without coordinates, so the map's count of
 * properties without a location has something to show.
 */
const CENTRES: Record<string, [number, number]> = {
  // São Paulo
  Moema: [-23.6009, -46.665],
  Pinheiros: [-23.567, -46.693],
  "Vila Mariana": [-23.589, -46.635],
  "Itaim Bibi": [-23.585, -46.678],
  Tatuapé: [-23.54, -46.576],
  Perdizes: [-23.536, -46.678],
  // Campinas
  Cambuí: [-22.894, -47.049],
  Taquaral: [-22.871, -47.059],
  "Barão Geraldo": [-22.817, -47.078],
  "Nova Campinas": [-22.896, -47.039],
  // Santos
  Gonzaga: [-23.967, -46.334],
  "Ponta da Praia": [-23.985, -46.305],
  Boqueirão: [-23.966, -46.321],
  Embaré: [-23.967, -46.313],
  // São José dos Campos
  "Jardim Aquarius": [-23.222, -45.908],
  "Vila Adyana": [-23.196, -45.889],
  Urbanova: [-23.198, -45.946],
  // Sorocaba
  Campolim: [-23.533, -47.467],
  "Jardim Europa": [-23.519, -47.462],
  Centro: [-23.501, -47.458],
};

export function demoCoordinates(neighborhood: string, index: number): { latitude: number | null; longitude: number | null } {
  const centre = CENTRES[neighborhood];
  if (!centre || index % 11 === 5) return { latitude: null, longitude: null };
  // up to about ±600 m, different for each listing
  const dLat = (((index * 37) % 23) - 11) * 0.0005;
  const dLng = (((index * 53) % 29) - 14) * 0.0004;
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return { latitude: round(centre[0] + dLat), longitude: round(centre[1] + dLng) };
}
