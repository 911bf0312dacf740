import { AGENCY } from "~/modules/platform/agency";
import { propertyPath } from "~/modules/properties/vocabulary";
import { absoluteUrl, int, type FeedContext, type FeedFormat } from "./format.server";
import { UF_NAMES, formatPostalCode } from "~/modules/properties/address";
import { vrsyncFeatures, vrsyncPhotos, type Listing } from "./rules";
import { el, wrap } from "./xml-writer.server";
import { formatLocalIso } from "~/utils/clock";

/**
 * VRSync, the one format Grupo OLX (OLX, ZAP Imóveis, VivaReal) accepts
 * (shared/reference/portal-feeds.md §1). Served at /xml/olx.
 */
type Kind = { type: string; usage: "Residential" | "Commercial"; land: boolean };
const KIND_TYPES: Record<string, Kind> = {
  Apartamento: { type: "Residential / Apartment", usage: "Residential", land: false },
  Casa: { type: "Residential / Home", usage: "Residential", land: false },
  "Sala Comercial": { type: "Commercial / Office", usage: "Commercial", land: false },
  Loja: { type: "Commercial / Business", usage: "Commercial", land: false },
  Galpão: { type: "Commercial / Industrial", usage: "Commercial", land: true },
};
const LAND: Record<"Residential" | "Commercial", Kind> = {
  Residential: { type: "Residential / Land Lot", usage: "Residential", land: true },
  Commercial: { type: "Commercial / Land Lot", usage: "Commercial", land: true },
};
const OTHER: Record<"Residential" | "Commercial", Kind> = {
  Residential: { type: "Residential / Home", usage: "Residential", land: false },
  Commercial: { type: "Commercial / Building", usage: "Commercial", land: false },
};

export function vrsyncPropertyType(l: Listing): Kind {
  const usage = l.row.type === "imobiliario" ? "Commercial" : "Residential";
  if (l.row.property_type === "Terreno") return LAND[usage];
  return KIND_TYPES[l.row.property_type] ?? OTHER[usage];
}

/** Spec 03 §9: For Sale or For Rent; a property for both is Sale/Rent (reference §1.2). */
export function vrsyncTransaction(l: Listing): "For Sale" | "For Rent" | "Sale/Rent" {
  if (l.sale && l.rent) return "Sale/Rent";
  return l.sale ? "For Sale" : "For Rent";
}

/**
 * Reference §1.4: what the portal shows of the address, as the agency chose
 * (0040): the neighbourhood only, the street, or all (street and number; a
 * listing without a number can show at most its street).
 */
export function vrsyncDisplayAddress(l: Listing): "All" | "Street" | "Neighborhood" {
  const display = l.row.address_display;
  if (display === "all" && l.row.street_number?.trim()) return "All";
  if (display === "all" || display === "street") return "Street";
  return "Neighborhood";
}

/** The same for every listing of a feed: written once per feed, not once per listing. */
const contactInfo = new WeakMap<FeedContext, string>();
function contactInfoOf(ctx: FeedContext): string {
  let xml = contactInfo.get(ctx);
  if (xml === undefined) {
    xml = wrap("ContactInfo", el("Name", AGENCY.name) + el("Email", AGENCY.email) + el("Website", ctx.baseUrl) + el("Telephone", AGENCY.phone));
    contactInfo.set(ctx, xml);
  }
  return xml;
}
const COUNTRY = el("Country", "Brasil", { abbreviation: "BR" });

export const vrsync: FeedFormat = {
  head(ctx: FeedContext) {
    return (
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<ListingDataFeed xmlns="http://www.vivareal.com/schemas/1.0/VRSync" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.vivareal.com/schemas/1.0/VRSync http://xml.vivareal.com/vrsync.xsd">\n' +
      wrap(
        "Header",
        el("Provider", AGENCY.name) + el("Email", AGENCY.email) + el("ContactName", AGENCY.name) + el("PublishDate", formatLocalIso(ctx.lastModified, "T")) + el("Telephone", AGENCY.phone),
      ) +
      "\n<Listings>\n"
    );
  },
  listing(l: Listing, ctx: FeedContext) {
    const r = l.row;
    const kind = vrsyncPropertyType(l);
    const transaction = vrsyncTransaction(l);
    const hasNumber = Boolean(r.street_number?.trim());
    // the data goes whole (the portal locates the listing with it); displayAddress says what it may show
    const location = wrap(
      "Location",
      COUNTRY +
        el("State", UF_NAMES[l.state] ?? l.state, { abbreviation: l.state }) +
        el("City", l.city) +
        el("Neighborhood", l.neighborhood) +
        el("Address", r.address) +
        (hasNumber ? el("StreetNumber", r.street_number) : "") +
        (r.complement ? el("Complement", r.complement) : "") +
        el("PostalCode", formatPostalCode(l.postalCode)) +
        (r.latitude !== null && r.longitude !== null ? el("Latitude", r.latitude) + el("Longitude", r.longitude) : ""),
      { displayAddress: vrsyncDisplayAddress(l) },
    );
    let media = "";
    let first = true;
    for (const url of vrsyncPhotos(l).sent) {
      media += el("Item", absoluteUrl(ctx.baseUrl, url), { medium: "image", primary: first ? "true" : undefined });
      first = false;
    }
    const { features } = vrsyncFeatures(l);
    const residential = kind.usage === "Residential" && !kind.land;
    const details =
      el("PropertyType", kind.type) +
      el("UsageType", kind.usage) +
      el("Description", l.description) +
      (l.sale ? el("ListPrice", int(r.price), { currency: "BRL" }) : "") +
      (l.rent ? el("RentalPrice", int(r.rent_price), { currency: "BRL", period: "Monthly" }) : "") +
      (r.condo_fee > 0 ? el("PropertyAdministrationFee", int(r.condo_fee), { currency: "BRL" }) : "") +
      (r.iptu > 0 ? el("Iptu", int(r.iptu), { currency: "BRL", period: "Yearly" }) : "") +
      (kind.land ? el("LotArea", int(r.area), { unit: "square metres" }) : el("LivingArea", int(r.area), { unit: "square metres" })) +
      (residential ? el("Bedrooms", r.bedrooms) + el("Bathrooms", r.bathrooms) + el("Suites", r.suites) : r.bathrooms > 0 ? el("Bathrooms", r.bathrooms) : "") +
      (r.parking_spots > 0 ? el("Garage", r.parking_spots, { type: "Parking Space" }) : "") +
      (r.total_floors ? el("Floors", r.total_floors) : "") +
      (r.floor ? el("UnitFloor", r.floor) : "") +
      (r.construction_year ? el("YearBuilt", r.construction_year) : "") +
      (features.length ? wrap("Features", features.map((f) => el("Feature", f)).join("")) : "");
    return (
      wrap(
        "Listing",
        el("ListingID", r.id) +
          el("Title", l.title) +
          el("TransactionType", transaction) +
          el("DetailViewUrl", absoluteUrl(ctx.baseUrl, propertyPath(r))) +
          wrap("Media", media) +
          wrap("Details", details) +
          location +
          contactInfoOf(ctx),
      ) + "\n"
    );
  },
  tail: "</Listings>\n</ListingDataFeed>\n",
};
