import { cardsByIds } from "~/modules/catalogue/cards.server";
import { normalisePlaceName } from "~/modules/catalogue/places";
import { leadFormAction } from "~/modules/leads/lead-form.server";
import { config } from "~/modules/platform/config.server";
import { db, parseJsonList } from "~/modules/platform/db.server";
import { priceDisplay, propertyPath, STATUS_LABELS } from "~/modules/properties/vocabulary";
import { formatArea, formatBRL } from "~/utils/format";
import { COMPARE_MESSAGES, readCompareIds } from "./favourites";

export type CompareColumn = {
  id: number;
  title: string;
  path: string;
  image: string | null;
  available: boolean;
  statusLabel: string;
  price: string;
  pricePerArea: string;
  area: string;
  bedrooms: number;
  suites: number;
  parkingSpots: number;
  condoFee: string;
  iptu: string;
  place: string;
  features: string[];
};

const NONE = "—";

/** /comparar: 2 to 4 properties side by side, or the pt-BR reason why not. */
export async function loadComparison(params: URLSearchParams): Promise<{ ok: true; columns: CompareColumn[]; features: string[] } | { ok: false; message: string }> {
  const read = readCompareIds(params);
  if (!read.ok) return read;
  const rows = await db()
    .selectFrom("properties")
    .select(["id", "title", "slug", "status", "purpose", "rental", "price", "rent_price", "area", "bedrooms", "suites", "parking_spots", "condo_fee", "iptu", "neighborhood", "city", "images", "amenities", "special_features"])
    .where("id", "in", read.ids)
    .where("is_draft", "=", 0)
    .execute();
  if (rows.length !== read.ids.length) return { ok: false, message: COMPARE_MESSAGES.missing };
  const byId = new Map(rows.map((r) => [r.id, r]));
  const columns = read.ids.map((id): CompareColumn => {
    const r = byId.get(id)!;
    const price = priceDisplay(r);
    const amount = price.suffix ? r.rent_price : r.price;
    return {
      id,
      title: r.title,
      path: propertyPath(r),
      image: parseJsonList(r.images)[0] ?? null,
      available: r.status === "available",
      statusLabel: STATUS_LABELS[r.status] ?? r.status,
      price: `${price.main}${price.suffix ?? ""}`,
      pricePerArea: amount > 0 && r.area > 0 ? `${formatBRL(amount / r.area, { cents: "always" })}/m²` : NONE,
      area: r.area > 0 ? formatArea(r.area) : NONE,
      bedrooms: r.bedrooms,
      suites: r.suites,
      parkingSpots: r.parking_spots,
      condoFee: r.condo_fee > 0 ? formatBRL(r.condo_fee, { cents: "auto" }) : NONE,
      iptu: r.iptu > 0 ? formatBRL(r.iptu, { cents: "auto" }) : NONE,
      place: [r.neighborhood.trim(), normalisePlaceName(r.city)].filter(Boolean).join(", "),
      features: [...parseJsonList(r.amenities), ...parseJsonList(r.special_features)],
    };
  });
  const features = [...new Set(columns.flatMap((c) => c.features))].sort((a, b) => a.localeCompare(b, "pt-BR"));
  return { ok: true, columns, features };
}

/**
 * The comparison's one lead form: ONE lead naming every property compared
 * (title and link in the message), attached to the first of them so the
 * CRM shows a property and routes it as a property lead.
 */
export async function compareLeadAction(request: Request) {
  const read = readCompareIds(new URL(request.url).searchParams);
  const cards = read.ok ? await cardsByIds(read.ids) : [];
  const base = config().publicUrl;
  const suffix = cards.length ? ["Imóveis comparados:", ...cards.map((c) => `- ${c.title} (código ${c.id}): ${base}${c.path}`)].join("\n") : null;
  return leadFormAction(request, { propertyId: cards[0]?.id ?? null, messageSuffix: suffix });
}
