import { movedPropertyPath } from "~/modules/properties/records.server";
import { findSimilarProperties } from "./cards.server";
import { findPublicProperty, findRefBroker, listPropertyOptions } from "./property-reads.server";
import { normalisePlaceName } from "./places";
import { config } from "~/modules/platform/config.server";
import { parseJsonList } from "~/modules/platform/db.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { parseRef } from "~/modules/leads/referral";
import { CATEGORY_ROUTES, CONSTRUCTION_LABELS, FACING_LABELS, PURPOSE_LABELS, STATUS_LABELS, TYPE_LABELS, isRental, monthlyCosts, priceDisplay, propertyPath } from "~/modules/properties/vocabulary";
import { isLocalUpload, largestVariant } from "~/utils/images";
import { OG_HEIGHT, OG_WIDTH } from "./og-image.server";
import { absoluteUrl } from "~/utils/seo";
import { PROPERTY_NOT_FOUND } from "./property-page";
import { formatPostalCode, publicAddress } from "~/modules/properties/address";

/**
 * The public property page (/imovel/{slugOrId}, spec 01 §2): its view model,
 * SEO fields and JSON-LD, from one indexed read by slug or id.
 */

export class PropertyPageNotFoundError extends Error {
  constructor() {
    super(PROPERTY_NOT_FOUND.title);
    this.name = "PropertyPageNotFoundError";
  }
}

/** Reached by an outdated slug (the title changed since the link was shared): answer 301 to `path`. */
export class PropertyMovedError extends Error {
  constructor(readonly path: string) {
    super(`moved to ${path}`);
    this.name = "PropertyMovedError";
  }
}

/** The published property's id, for the lead form's action; throws PropertyPageNotFoundError. */
export async function requirePublicPropertyId(slugOrId: string): Promise<number> {
  const property = await findPublicProperty(slugOrId);
  if (!property) throw new PropertyPageNotFoundError();
  return property.id;
}

/**
 * One photo of a published property, for the plain-page viewer
 * (/imovel/{slug}/fotos/{n}, n from 1). An outdated slug or a number past
 * the last photo is PropertyMovedError (to the canonical address, or the
 * property page); no photo at all is PropertyPageNotFoundError.
 */
export async function loadPropertyPhoto(input: { slugOrId: string; photo: string }) {
  const property = await findPublicProperty(input.slugOrId);
  if (!property) {
    const moved = await movedPropertyPath(input.slugOrId);
    if (moved) throw new PropertyMovedError(`${moved}/fotos/1`);
    throw new PropertyPageNotFoundError();
  }
  const path = propertyPath(property);
  const images = parseJsonList(property.images);
  if (images.length === 0) throw new PropertyPageNotFoundError();
  const n = /^\d{1,4}$/.test(input.photo) ? Number(input.photo) : NaN;
  if (!(n >= 1 && n <= images.length)) throw new PropertyMovedError(path);
  const asked = input.slugOrId.trim().toLowerCase();
  if (property.slug && asked !== property.slug) throw new PropertyMovedError(`${path}/fotos/${n}`);
  return {
    title: property.title,
    path,
    photo: { number: n, count: images.length, src: images[n - 1], previous: n === 1 ? images.length : n - 1, next: n === images.length ? 1 : n + 1 },
    canonical: absoluteUrl(config().publicUrl, path),
  };
}

export async function loadPropertyPage(input: { slugOrId: string; ref: string | null }) {
  const property = await findPublicProperty(input.slugOrId);
  if (!property) {
    const moved = await movedPropertyPath(input.slugOrId); // an old slug without the id at its end
    if (moved) throw new PropertyMovedError(moved);
    throw new PropertyPageNotFoundError();
  }
  const asked = input.slugOrId.trim().toLowerCase();
  if (property.slug && asked !== property.slug && !/^\d+$/.test(asked)) throw new PropertyMovedError(propertyPath(property));
  const ref = parseRef(input.ref);
  const [options, similar, broker] = await Promise.all([
    listPropertyOptions(property.id),
    findSimilarProperties(property).catch((error) => {
      log.warn("similar properties failed", errorFields(error));
      return [];
    }),
    findRefBroker(ref),
  ]);
  const base = config().publicUrl;
  const path = propertyPath(property);
  const images = parseJsonList(property.images);
  const city = normalisePlaceName(property.city);
  const price = priceDisplay(property);
  const categorySlug = Object.entries(CATEGORY_ROUTES).find(([, c]) => c.type === property.type)?.[0] ?? null;
  const canonical = absoluteUrl(base, path);
  const imageUrls = images.map((src) => absoluteUrl(base, largestVariant(src)));
  const available = property.status === "available";
  const shown = publicAddress({ ...property, city });
  const salePrice = isRental(property) && !(property.price > 0) ? property.rent_price : property.price;
  return {
    ref,
    broker,
    path,
    url: canonical,
    /** What 'Copiar link' and 'Compartilhar no WhatsApp' give: the canonical address with the broker's ref. */
    shareUrl: ref ? `${canonical}?ref=${ref}` : canonical,
    property: {
      id: property.id,
      title: property.title,
      description: property.description,
      typeLabel: TYPE_LABELS[property.type],
      categoryPath: categorySlug ? `/categoria/${categorySlug}` : "/imoveis",
      propertyType: property.property_type,
      purpose: PURPOSE_LABELS[property.purpose],
      status: property.status,
      statusLabel: STATUS_LABELS[property.status],
      /** The sale price the financing simulator starts from (issue 28), when the property is for sale. */
      salePrice: property.purpose !== "rent" && property.price > 0 && property.status === "available" ? property.price : null,
      construction: CONSTRUCTION_LABELS[property.construction_status],
      constructionYear: property.construction_year,
      price,
      costs: monthlyCosts(property),
      rentAlso: property.purpose === "both" && property.rent_price > 0 && price.suffix === null ? priceDisplay({ ...property, purpose: "rent" }) : null,
      /** only what the agency chose to show (properties/address.ts): neighbourhood and city by default */
      addressLine: shown.line,
      neighborhood: property.neighborhood,
      city,
      state: property.state,
      area: property.area,
      bedrooms: property.bedrooms,
      suites: property.suites,
      bathrooms: property.bathrooms,
      parkingSpots: property.parking_spots,
      floor: property.floor,
      totalFloors: property.total_floors,
      facing: property.facing_direction ? FACING_LABELS[property.facing_direction] : null,
      furnished: property.furnished === 1,
      petsAllowed: property.pets_allowed === 1,
      featured: property.featured === 1,
      images,
      amenities: parseJsonList(property.amenities),
      nearby: parseJsonList(property.nearby_amenities),
      special: parseJsonList(property.special_features),
    },
    options: options.map((o) => ({ id: o.id, area: o.area, bedrooms: o.bedrooms, bathrooms: o.bathrooms, suites: o.suites })),
    similar,
    seo: {
      title: `${property.title} – ${[property.neighborhood, city].filter(Boolean).join(", ")}`,
      description: `${price.main}${price.suffix ?? ""} · ${property.description}`.slice(0, 200),
      canonical,
      // a JPEG made from the first photo (og-image.server.ts): link previews do not all show WebP
      image: images[0] && isLocalUpload(images[0]) ? absoluteUrl(base, `/og/imovel/${property.id}.jpg`) : (imageUrls[0] ?? null),
      imageSize: images[0] && isLocalUpload(images[0]) ? { width: OG_WIDTH, height: OG_HEIGHT } : undefined,
      type: "product" as const,
      jsonLd: {
        "@context": "https://schema.org",
        "@type": "RealEstateListing",
        name: property.title,
        description: property.description.slice(0, 500),
        url: canonical,
        image: imageUrls,
        datePosted: property.created_at,
        dateModified: property.updated_at,
        offers: {
          "@type": "Offer",
          price: salePrice,
          priceCurrency: "BRL",
          availability: available ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
          businessFunction: isRental(property) && !(property.price > 0) ? "http://purl.org/goodrelations/v1#LeaseOut" : "http://purl.org/goodrelations/v1#Sell",
          url: canonical,
        },
        contentLocation: {
          "@type": "Place",
          address: {
            "@type": "PostalAddress",
            ...(shown.street ? { streetAddress: shown.street } : {}),
            ...(property.address_display === "all" && property.postal_code ? { postalCode: formatPostalCode(property.postal_code) } : {}),
            addressLocality: city,
            addressRegion: property.state,
            addressCountry: "BR",
          },
        },
      },
    },
  };
}

export type PropertyPage = Awaited<ReturnType<typeof loadPropertyPage>>;
