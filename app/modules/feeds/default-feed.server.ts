import { propertyPath } from "~/modules/properties/vocabulary";
import { absoluteUrl, type FeedContext, type FeedFormat } from "./format.server";
import type { Listing } from "./rules";
import { el, wrap } from "./xml-writer.server";
import { formatLocalIso } from "~/utils/clock";

/**
 * Our own feed (/xml/default): every available property with the fields of
 * spec 03 §3 "Property (for feeds)", for partners without a format of their
 * own. Element names are the spec's field names; lists repeat an <item>.
 */
export const defaultFeed: FeedFormat = {
  head(ctx: FeedContext) {
    return `<?xml version="1.0" encoding="UTF-8"?>\n<properties generated_at="${formatLocalIso(ctx.lastModified, "T")}">\n`;
  },
  listing(l: Listing, ctx: FeedContext) {
    const r = l.row;
    return (
      wrap(
        "property",
        el("id", r.id) +
          el("title", l.title) +
          el("description", l.description) +
          el("url", absoluteUrl(ctx.baseUrl, propertyPath(r))) +
          el("slug", r.slug) +
          el("type", r.type) +
          el("property_type", r.property_type) +
          el("purpose", r.purpose) +
          el("status", r.status) +
          el("featured", r.featured ? "true" : "false") +
          el("price", r.price) +
          el("rent_price", r.rent_price) +
          el("condo_fee", r.condo_fee) +
          el("iptu", r.iptu) +
          el("address", r.address) +
          el("street_number", r.street_number) +
          el("complement", r.complement) +
          el("neighborhood", l.neighborhood) +
          el("city", l.city) +
          el("state", l.state) +
          el("postal_code", l.postalCode) +
          el("address_display", r.address_display) +
          el("latitude", r.latitude) +
          el("longitude", r.longitude) +
          el("area", r.area) +
          el("bedrooms", r.bedrooms) +
          el("suite", r.suites) +
          el("bathrooms", r.bathrooms) +
          el("parking_spots", r.parking_spots) +
          el("pets_allowed", r.pets_allowed ? "true" : "false") +
          wrap("amenities", l.amenities.map((a) => el("item", a)).join("")) +
          wrap("images", l.images.map((u) => el("item", absoluteUrl(ctx.baseUrl, u))).join("")) +
          el("created_at", formatLocalIso(r.created_at, " ")) +
          el("updated_at", formatLocalIso(r.updated_at, " ")),
      ) + "\n"
    );
  },
  tail: "</properties>\n",
};
