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
  type?: "website" | "article" | "product";
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
  noindex?: boolean;
};

export function seoMeta(seo: Seo | null | undefined): MetaDescriptor[] {
  if (!seo) return [{ title: AGENCY.name }];
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
    { name: "twitter:card", content: seo.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  if (seo.image) {
    tags.push({ property: "og:image", content: seo.image }, { property: "og:image:width", content: "1200" }, { property: "og:image:height", content: "900" }, { name: "twitter:image", content: seo.image });
  }
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
