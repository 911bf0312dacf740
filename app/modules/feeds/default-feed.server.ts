import { propertyPath } from "~/modules/properties/vocabulary";
import { absoluteUrl, type FeedContext, type FeedFormat } from "./format.server";
import type { FeedRow, Listing } from "./rules";
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
    // The columns the feed writes under their own name, in the spec's order.
    const columns = (...names: (keyof FeedRow)[]) => names.map((name) => el(name, r[name] as string | number | null)).join("");
    const flag = (value: unknown) => (value ? "true" : "false");
    const items = (values: string[]) => values.map((value) => el("item", value)).join("");
    return (
      wrap(
        "property",
        el("id", r.id) +
          el("title", l.title) +
          el("description", l.description) +
          el("url", absoluteUrl(ctx.baseUrl, propertyPath(r))) +
          columns("slug", "type", "property_type", "purpose", "status") +
          el("featured", flag(r.featured)) +
          columns("price", "rent_price", "condo_fee", "iptu", "address", "street_number", "complement") +
          el("neighborhood", l.neighborhood) +
          el("city", l.city) +
          el("state", l.state) +
          el("postal_code", l.postalCode) +
          columns("address_display", "latitude", "longitude", "area", "bedrooms") +
          el("suite", r.suites) +
          columns("bathrooms", "parking_spots") +
          el("pets_allowed", flag(r.pets_allowed)) +
          wrap("amenities", items(l.amenities)) +
          wrap("images", items(l.images.map((url) => absoluteUrl(ctx.baseUrl, url)))) +
          el("created_at", formatLocalIso(r.created_at, " ")) +
          el("updated_at", formatLocalIso(r.updated_at, " ")),
      ) + "\n"
    );
  },
  tail: "</properties>\n",
};
