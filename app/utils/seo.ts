import type { MetaDescriptor } from "react-router";
import { AGENCY } from "~/modules/platform/agency";

/**
 * Per-page title, description, canonical URL, OpenGraph/Twitter tags and
 * JSON-LD. Loaders pass the absolute URLs (config().publicUrl) in their data.
 */
export type Seo = {
  title: string;
  description: string;
  canonical: string;
  image?: string | null;
  /** Known dimensions of `image` (our generated JPEGs); omitted for others. */
  imageSize?: { width: number; height: number };
  type?: "website" | "article" | "product";
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
  noindex?: boolean;
};

/** The agency's link-preview image (public/og-default.jpg), for pages without their own. */
export const DEFAULT_OG_IMAGE = { path: "/og-default.jpg", width: 1200, height: 630 } as const;

/**
 * Every public page gets the same set of tags: title, description,
 * canonical, OpenGraph and Twitter, and always an og:image (the agency's
 * when the page has none), so a shared link never previews bare.
 */
export function seoMeta(seo: Seo | null | undefined): MetaDescriptor[] {
  if (!seo) return [{ title: AGENCY.name }];
  const image = seo.image ?? absoluteUrl(new URL(seo.canonical).origin, DEFAULT_OG_IMAGE.path);
  const imageSize = seo.image ? seo.imageSize : DEFAULT_OG_IMAGE;
  const title = seo.title.includes(AGENCY.name) ? seo.title : `${seo.title} | ${AGENCY.name}`;
  const description = seo.description.replace(/\s+/g, " ").trim().slice(0, 300);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: seo.canonical },
    { property: "og:site_name", content: AGENCY.name },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:type", content: seo.type === "product" ? "website" : (seo.type ?? "website") },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: seo.canonical },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  if (/\.jpe?g$/i.test(image)) tags.push({ property: "og:image:type", content: "image/jpeg" });
  if (imageSize) tags.push({ property: "og:image:width", content: String(imageSize.width) }, { property: "og:image:height", content: String(imageSize.height) });
  if (seo.noindex) tags.push({ name: "robots", content: "noindex" });
  if (seo.jsonLd) tags.push({ "script:ld+json": seo.jsonLd });
  return tags;
}

export function absoluteUrl(base: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${base.replace(/\/$/, "")}${path.startsWith("/") ? "" : "/"}${path}`;
}

/** schema.org RealEstateAgent for the agency (home page). */
export function agencyJsonLd(base: string): Record<string, unknown> {
  const a = AGENCY.address;
  return {
    "@context": "https://schema.org",
    "@type": "RealEstateAgent",
    name: AGENCY.name,
    legalName: AGENCY.legalName,
    url: base,
    logo: absoluteUrl(base, "/favicon.svg"),
    telephone: AGENCY.phone,
    email: AGENCY.email,
    address: { "@type": "PostalAddress", streetAddress: a.street, addressLocality: a.city, addressRegion: a.state, postalCode: a.postalCode, addressCountry: "BR" },
    openingHours: ["Mo-Fr 09:00-18:00", "Sa 09:00-13:00"],
    sameAs: [AGENCY.instagram, AGENCY.facebook],
  };
}
