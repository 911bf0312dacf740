import type { ConstructionStatus, FacingDirection, PropertyKind, PropertyPurpose, PropertyStatus, PropertyTypeCode } from "#db/schema";
import { formatBRL } from "~/utils/format";
import { vocabulary } from "~/utils/vocabulary";

/**
 * The property vocabulary shared by the public site, the editor and the
 * feeds: stored codes and the pt-BR labels people read (spec 01 §3).
 */
export const {
  codes: TYPE_CODES,
  labels: TYPE_LABELS,
  is: isPropertyType,
} = vocabulary({
  pronto: "Pronto para Morar",
  lancamento: "Lançamento",
  terrenos: "Terreno",
  rent: "Aluguel",
  imobiliario: "Comercial",
} satisfies Record<PropertyTypeCode, string>);

/** Public category route → stored type (the public route says aluguel for rentals). */
export const CATEGORY_ROUTES: Record<string, { type: PropertyTypeCode; title: string }> = {
  pronto: { type: "pronto", title: "Imóveis Prontos para Morar" },
  lancamento: { type: "lancamento", title: "Lançamentos" },
  terrenos: { type: "terrenos", title: "Terrenos" },
  imobiliario: { type: "imobiliario", title: "Imóveis Comerciais" },
  aluguel: { type: "rent", title: "Imóveis para Alugar" },
};

export const PROPERTY_KINDS: PropertyKind[] = ["Apartamento", "Casa", "Sala Comercial", "Loja", "Terreno", "Galpão"];

export const PURPOSE_LABELS: Record<PropertyPurpose, string> = { sale: "Venda", rent: "Aluguel", both: "Venda e Aluguel" };
export const STATUS_LABELS: Record<PropertyStatus, string> = { available: "Disponível", sold: "Vendido", rented: "Alugado", reserved: "Reservado" };
export const CONSTRUCTION_LABELS: Record<ConstructionStatus, string> = {
  ready: "Pronto para Morar",
  under_construction: "Em Construção",
  off_plan: "Na Planta",
  renovation: "Em Reforma",
};
export const FACING_LABELS: Record<FacingDirection, string> = {
  north: "Norte",
  south: "Sul",
  east: "Leste",
  west: "Oeste",
  northeast: "Nordeste",
  northwest: "Noroeste",
  southeast: "Sudeste",
  southwest: "Sudoeste",
};

export const SUGGESTED_AMENITIES = [
  "Piscina", "Academia", "Churrasqueira", "Playground", "Salão de Festas", "Quadra Poliesportiva", "Sauna", "Jardim", "Varanda", "Varanda Gourmet", "Área de Serviço",
  "Elevador", "Portaria 24h", "Segurança", "Câmeras de Segurança", "Interfone", "Ar Condicionado", "Aquecimento Solar", "Energia Solar", "Internet Fibra Ótica", "Armários Embutidos", "Closet",
];
export const SUGGESTED_NEARBY = [
  "Escola", "Universidade", "Hospital", "Farmácia", "Supermercado", "Shopping", "Restaurante", "Padaria", "Banco", "Academia", "Parque", "Praia", "Ponto de Ônibus",
  "Estação de Metrô", "Estação de Trem", "Aeroporto",
];

/** Spec 01 §4: a rental when the flag is set, or purpose is Aluguel, or rent_price > 0. */
export function isRental(p: { rental?: number | boolean | null; purpose?: string | null; rent_price?: number | null }): boolean {
  return Boolean(p.rental) || p.purpose === "rent" || (p.rent_price ?? 0) > 0;
}

/**
 * The price line of a card or page: sale price, or rent with '/mês'. In the
 * rental context (the rental pages, the type filter Aluguel) a listing for
 * sale and rent shows its rent: that is what the visitor is comparing.
 */
export function priceDisplay(
  p: { price: number; rent_price: number; purpose: string; rental?: number | boolean | null },
  options: { rentContext?: boolean } = {},
): { main: string; suffix: string | null } {
  const rentalOnly = p.purpose === "rent" || (isRental(p) && !(p.price > 0)) || (options.rentContext === true && p.rent_price > 0);
  if (rentalOnly) return { main: formatBRL(p.rent_price, { cents: "auto" }), suffix: "/mês" };
  if (p.price > 0) return { main: formatBRL(p.price, { cents: "auto" }), suffix: null };
  return { main: "Preço sob consulta", suffix: null };
}

/** Extra monthly costs shown only when above 0. */
export function monthlyCosts(p: { condo_fee: number; iptu: number }): { label: string; value: string }[] {
  const out: { label: string; value: string }[] = [];
  if (p.condo_fee > 0) out.push({ label: "Condomínio", value: formatBRL(p.condo_fee, { cents: "auto" }) });
  if (p.iptu > 0) out.push({ label: "IPTU", value: formatBRL(p.iptu, { cents: "auto" }) });
  return out;
}

/** The one property-URL builder: the public page of a property, by slug (or id while it has none). */
export function propertyPath(p: { slug: string; id?: number | null } | { slug: string | null; id: number }): string {
  return `/imovel/${encodeURIComponent(p.slug ?? String(p.id))}`;
}
