import { propertyPath } from "~/modules/properties/vocabulary";
import { absoluteUrl, decimal, type FeedContext, type FeedFormat } from "./format.server";
import { formatPostalCode } from "~/modules/properties/address";
import { cnmAreas, cnmPhotos, foldTextCached, type Listing } from "./rules";
import { el, wrap } from "./xml-writer.server";
import { formatLocalIso } from "~/utils/clock";

/**
 * Chaves na Mão (shared/reference/portal-feeds.md §2), served at
 * /xml/chavesnamao. Tag names are case-sensitive and every tag is written,
 * empty when we have no value (the portal's rule).
 */

/** Spec 03 §9: RE, or CO when the type says comercial (RU: no rural type exists, and the portal dropped it in 2026-04). */
export function cnmPurpose(l: Listing): "RE" | "CO" {
  const text = foldTextCached(`${l.row.type === "imobiliario" ? "comercial" : ""} ${l.row.property_type}`);
  return text.includes("comercial") || ["Loja", "Galpão"].includes(l.row.property_type) ? "CO" : "RE";
}

/** Our kind → the portal's exact type string (§2.3, accents and spaces included). */
export function cnmType(l: Listing): string {
  const co = cnmPurpose(l) === "CO";
  switch (l.row.property_type) {
    case "Apartamento":
      return "Apartamento";
    case "Casa":
      return co ? "Casa / Sobrado Comercial" : "Casa / Sobrado";
    case "Terreno":
      return co ? "Terreno comercial" : "Terreno / Lote";
    case "Sala Comercial":
      return "Conj. Comercial / Sala";
    case "Loja":
      return "Loja / Comércio";
    case "Galpão":
      return "Barracão / Galpão";
    default:
      return co ? "Loja / Comércio" : "Casa / Sobrado";
  }
}

const has = (l: Listing, ...names: string[]) => l.amenities.some((a) => names.includes(foldTextCached(a)));
const count = (yes: boolean) => (yes ? "1" : "");

export const chavesNaMao: FeedFormat = {
  head() {
    return '<?xml version="1.0" encoding="UTF-8"?>\n<Document>\n<imoveis>\n';
  },
  listing(l: Listing, ctx: FeedContext) {
    const r = l.row;
    const both = l.sale && l.rent;
    const photos = cnmPhotos(l)
      .sent.map((u) => wrap("foto", el("url", absoluteUrl(ctx.baseUrl, u)) + el("data_atualizacao", formatLocalIso(r.updated_at, " "))))
      .join("");
    const land = r.property_type === "Terreno";
    const areas = cnmAreas(l);
    const items = (names: string[]) => names.map((n) => el("item", n)).join("");
    const isNew = r.type === "lancamento" || r.construction_status === "off_plan" || r.construction_status === "under_construction";
    return (
      wrap(
        "imovel",
        el("referencia", r.id) +
          el("codigo_cliente", r.id) +
          el("link_cliente", absoluteUrl(ctx.baseUrl, propertyPath(r))) +
          el("titulo", l.title) +
          // Spec 03 §9: V for sale, else L; a property for both also gets transacao2 L
          el("transacao", l.sale ? "V" : "L") +
          el("transacao2", both ? "L" : "") +
          el("finalidade", cnmPurpose(l)) +
          el("finalidade2", "") +
          el("destaque", r.featured ? "1" : "0") +
          el("tipo", cnmType(l)) +
          el("tipo2", "") +
          el("valor", decimal(l.sale ? r.price : r.rent_price)) +
          el("valor_locacao", both ? decimal(r.rent_price) : "") +
          el("valor_iptu", r.iptu > 0 ? decimal(r.iptu) : "") +
          el("valor_condominio", r.condo_fee > 0 ? decimal(r.condo_fee) : "") +
          el("area_total", r.area > 0 ? decimal(r.area) : "") +
          el("area_util", r.area > 0 && !land ? decimal(r.area) : "") +
          el("conservacao", isNew ? "N" : "U") +
          el("quartos", land ? "" : r.bedrooms) +
          el("suites", land ? "" : r.suites) +
          el("garagem", land ? "" : r.parking_spots) +
          el("banheiro", land ? "" : r.bathrooms) +
          el("closet", count(has(l, "closet"))) +
          el("salas", "") +
          el("despensa", "") +
          el("bar", "") +
          el("cozinha", "") +
          el("quarto_empregada", "") +
          el("escritorio", count(has(l, "home office", "escritorio"))) +
          el("area_servico", count(has(l, "area de servico"))) +
          el("lareira", count(has(l, "lareira"))) +
          el("varanda", count(has(l, "varanda", "varanda gourmet"))) +
          el("lavanderia", count(has(l, "lavanderia"))) +
          el("estado", l.state) +
          el("cidade", l.city) +
          el("bairro", l.neighborhood) +
          el("cep", l.postalCode ? formatPostalCode(l.postalCode) : "") +
          el("endereco", r.address) +
          el("numero", r.street_number ?? "") +
          el("complemento", r.complement ?? "") +
          el("descritivo", l.description) +
          wrap("fotos_imovel", photos) +
          el("data_atualizacao", formatLocalIso(r.updated_at, " ")) +
          el("latitude", r.latitude ?? "") +
          el("longitude", r.longitude ?? "") +
          el("video", "") +
          el("tour_360", "") +
          // an empty tag when there is nothing: the portal asks for at least one <item> inside a non-empty one
          (areas.common.length ? wrap("area_comum", items(areas.common)) : el("area_comum", "")) +
          (areas.private.length ? wrap("area_privativa", items(areas.private)) : el("area_privativa", "")) +
          el("aceita_troca", "0") +
          el("aceita_pet", r.pets_allowed ? "1" : "0") +
          // the portal can only hide the address or show it whole: hidden unless the agency shows it all (0040)
          el("esconder_endereco_imovel", r.address_display === "all" ? "0" : "1") +
          el("periodo_locacao", l.rent ? "1" : ""),
      ) + "\n"
    );
  },
  tail: "</imoveis>\n</Document>\n",
};
