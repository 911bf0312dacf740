import { z } from "zod";
import { WATERMARK_FIELDS } from "~/modules/properties/watermark";
import { type EditorOption, type EditorState, type EditorValues, type Tab, LIMITS, TABS, WATERMARK_CHOICE_DEFAULTS, isTab } from "./state";

// ── reading a posted form (lenient: everything comes back, valid or not) ──
function text(fd: FormData, name: string, max = 100_000): string {
  const v = fd.get(name);
  // Form posts send line breaks as CRLF; store plain \n.
  return typeof v === "string" ? v.replace(/\r\n?/g, "\n").slice(0, max) : "";
}
function all(fd: FormData, name: string, maxItems: number, maxLength: number): string[] {
  return fd
    .getAll(name)
    .filter((v): v is string => typeof v === "string")
    .slice(0, maxItems)
    .map((v) => v.slice(0, maxLength));
}
const optionSchema = z.object({
  id: z.string().min(1).max(64),
  area: z.number().positive().max(LIMITS.area),
  bedrooms: z.number().int().min(0).max(LIMITS.rooms),
  bathrooms: z.number().int().min(0).max(LIMITS.rooms),
  suites: z.number().int().min(0).max(LIMITS.rooms).nullable(),
});
function parseOption(raw: string): EditorOption | null {
  try {
    const parsed = optionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The editor state carried by a post. Text is cut at generous bounds so a
 * hostile post cannot balloon the re-rendered page; the schemas then say
 * what is wrong in pt-BR.
 */
export function readEditorForm(fd: FormData): EditorState {
  const values: EditorValues = {
    title: text(fd, "title", 2_000),
    type: text(fd, "type", 40),
    property_type: text(fd, "property_type", 40),
    construction_status: text(fd, "construction_status", 40),
    purpose: text(fd, "purpose", 40),
    status: text(fd, "status", 40),
    construction_year: text(fd, "construction_year", 20),
    featured: fd.get("featured") === "on" || fd.get("featured") === "true",
    address: text(fd, "address", 2_000),
    city: text(fd, "city", 2_000),
    neighborhood: text(fd, "neighborhood", 2_000),
    area: text(fd, "area", 40),
    bedrooms: text(fd, "bedrooms", 40),
    bathrooms: text(fd, "bathrooms", 40),
    suites: text(fd, "suites", 40),
    parking_spots: text(fd, "parking_spots", 40),
    floor: text(fd, "floor", 40),
    total_floors: text(fd, "total_floors", 40),
    facing_direction: text(fd, "facing_direction", 40),
    furnished: fd.get("furnished") === "on" || fd.get("furnished") === "true",
    pets_allowed: fd.get("pets_allowed") === "on" || fd.get("pets_allowed") === "true",
    price: text(fd, "price", 40),
    rent_price: text(fd, "rent_price", 40),
    condo_fee: text(fd, "condo_fee", 40),
    iptu: text(fd, "iptu", 40),
    amenities: all(fd, "amenities", 200, 500),
    nearby_amenities: all(fd, "nearby_amenities", 200, 500),
    special_features: all(fd, "special_features", 200, 500),
    description: text(fd, "description", 100_000),
    images: all(fd, "images", 100, 1_000),
    options: all(fd, "options", 10, 1_000)
      .map(parseOption)
      .filter((o): o is EditorOption => o !== null),
  };
  const tab = text(fd, "tab", 20);
  const visited = all(fd, "visited", TABS.length, 20).filter(isTab);
  return {
    values,
    drafts: {
      new_amenities: text(fd, "new_amenities", 500),
      new_nearby_amenities: text(fd, "new_nearby_amenities", 500),
      new_special_features: text(fd, "new_special_features", 500),
      opt_area: text(fd, "opt_area", 40),
      opt_bedrooms: text(fd, "opt_bedrooms", 40),
      opt_bathrooms: text(fd, "opt_bathrooms", 40),
      opt_suites: text(fd, "opt_suites", 40),
    },
    watermark: {
      logo: text(fd, WATERMARK_FIELDS.logoUrl, 1_000),
      position: text(fd, WATERMARK_FIELDS.position, 40) || WATERMARK_CHOICE_DEFAULTS.position,
      opacity: text(fd, WATERMARK_FIELDS.opacity, 40) || WATERMARK_CHOICE_DEFAULTS.opacity,
      size: text(fd, WATERMARK_FIELDS.sizePercent, 40) || WATERMARK_CHOICE_DEFAULTS.size,
    },
    tab: isTab(tab) ? tab : "basics",
    visited: visited.length ? Array.from(new Set<Tab>(["basics", ...visited])) : ["basics"],
    errors: {},
    banner: null,
    optionsNotice: null,
    uploadErrors: [],
    watermarkNotice: null,
    draftFolder: text(fd, "draftFolder", 200),
  };
}
