import { z } from "zod";
import type { AddressDisplay, ConstructionStatus, FacingDirection, PropertyKind, PropertyPurpose, PropertyStatus, PropertyTypeCode } from "#db/schema";
import { parseDecimal } from "~/utils/format";
import { ADDRESS_DISPLAYS, UF_NAMES, cepDigits, formatPostalCode, isUf, ufOfPostalCode } from "~/modules/properties/address";
import { CONSTRUCTION_LABELS, FACING_LABELS, PROPERTY_KINDS, PURPOSE_LABELS, STATUS_LABELS, TYPE_CODES } from "~/modules/properties/vocabulary";
import { type EditorState, type EditorValues, type Tab, LIMITS, MSG, TABS } from "./state";

/**
 * The property editor's validation (spec 01 §5), shared by the browser and
 * the server: one zod schema per tab, and what is in error.
 */

const tooLong = (what: string, max: number) => `${what} deve ter no máximo ${max.toLocaleString("pt-BR")} caracteres`;
export const yearMessage = (max: number) => `O ano de construção deve estar entre 1900 e ${max}`;
/** Too big a number: say what is valid. */
export const maxMessage = (max: number) => `Informe um valor de no máximo ${max.toLocaleString("pt-BR")}`;

// ── schemas, one per tab ──────────────────────────────────────────────────
/** Text typed into a number box: '' counts as 0; '1.234,56' and '1234.56' both work. */
function decimal(options: { emptyAs?: number | null } = {}) {
  const emptyAs = options.emptyAs === undefined ? 0 : options.emptyAs;
  return z.string().transform((raw, ctx): number | null => {
    if (raw.trim() === "") return emptyAs;
    const n = parseDecimal(raw);
    if (n === null) {
      ctx.addIssue({ code: "custom", message: MSG.number });
      return z.NEVER;
    }
    return n;
  });
}
const money = (negativeMessage: string = MSG.negative) =>
  decimal().pipe(z.number().min(0, negativeMessage).max(LIMITS.money, maxMessage(LIMITS.money)).transform((n) => Math.round(n * 100) / 100));
const count = (negativeMessage: string) => decimal().pipe(z.number().int(MSG.integer).min(0, negativeMessage).max(LIMITS.rooms, maxMessage(LIMITS.rooms)));
const optionalInt = (max: number) =>
  decimal({ emptyAs: null }).pipe(z.number().int(MSG.integer).min(0, MSG.negative).max(max, maxMessage(max)).nullable());
const enumOf = <T extends string>(values: readonly T[], message: string) =>
  z.string().refine((v): v is T => (values as readonly string[]).includes(v), message).transform((v) => v as T);

/** A CEP typed with or without its mask ("01310100", "01310-100", "01.310-100"): 00000-000, or null when empty. */
const postalCode = z.string().transform((raw, ctx): string | null => {
  const text = raw.trim();
  if (text === "") return null;
  const digits = cepDigits(text);
  if (!/^[\d.\s-]+$/.test(text) || digits.length !== 8) {
    ctx.addIssue({ code: "custom", message: MSG.postalCode });
    return z.NEVER;
  }
  if (!ufOfPostalCode(digits)) {
    ctx.addIssue({ code: "custom", message: MSG.postalCodeUnknown });
    return z.NEVER;
  }
  return formatPostalCode(digits);
});

/**
 * A coordinate in decimal degrees ("-23,5505" or "-23.5505"; never thousands,
 * so a lone dot is the decimal point even before three digits), read by
 * parseDecimal; null when empty; rounded to 6 decimals (about 10 cm).
 */
function readCoordinate(raw: string): number | null {
  const text = raw.trim();
  return parseDecimal(/^-?\d+\.\d+$/.test(text) ? text.replace(".", ",") : text);
}

/** A typed coordinate within ±limit, or null (empty, not a number, out of range): the editor's pin follows the fields with it. */
export function parseCoordinate(raw: string, limit: number): number | null {
  const n = readCoordinate(raw);
  return n !== null && n >= -limit && n <= limit ? n : null;
}

const coordinate = (limit: number, message: string, rangeMessage: string) =>
  z.string().transform((raw, ctx): number | null => {
    if (raw.trim() === "") return null;
    const n = readCoordinate(raw);
    if (n === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    if (n < -limit || n > limit) {
      ctx.addIssue({ code: "custom", message: rangeMessage });
      return z.NEVER;
    }
    return Math.round(n * 1e6) / 1e6;
  });

const listItems = (label: string) =>
  z
    .array(z.string().trim().min(1).max(LIMITS.listItem, `Cada item de ${label} deve ter no máximo ${LIMITS.listItem} caracteres`))
    .max(LIMITS.listItems, `Máximo de ${LIMITS.listItems} itens em ${label}`)
    .transform((items) => Array.from(new Set(items)));

/** A stored photo: public (`/uploads/…`) or, before the first save, a draft photo (`/arquivos/rascunhos/…`, storage.server.ts). */
export const PUBLIC_UPLOAD_URL = /^\/(uploads|arquivos\/rascunhos)\/[A-Za-z0-9._\-/]+$/;

export function currentYear(): number {
  return new Date().getFullYear();
}

export const tabSchemas = {
  basics: z.object({
    title: z.string().trim().min(1, MSG.title).max(LIMITS.title, tooLong("O título", LIMITS.title)),
    type: enumOf<PropertyTypeCode>(TYPE_CODES, MSG.type),
    property_type: enumOf<PropertyKind>(PROPERTY_KINDS, MSG.propertyType),
    construction_status: enumOf<ConstructionStatus>(Object.keys(CONSTRUCTION_LABELS) as ConstructionStatus[], MSG.constructionStatus),
    purpose: enumOf<PropertyPurpose>(Object.keys(PURPOSE_LABELS) as PropertyPurpose[], MSG.purpose),
    status: enumOf<PropertyStatus>(Object.keys(STATUS_LABELS) as PropertyStatus[], MSG.status),
    construction_year: decimal({ emptyAs: null }).pipe(
      z
        .number()
        .int(MSG.integer)
        .nullable()
        .superRefine((year, ctx) => {
          const max = currentYear();
          if (year !== null && (year < 1900 || year > max)) ctx.addIssue({ code: "custom", message: yearMessage(max) });
        }),
    ),
    featured: z.boolean(),
  }),
  location: z
    .object({
      address: z.string().trim().min(1, MSG.address).max(LIMITS.address, tooLong("O endereço", LIMITS.address)),
      street_number: z.string().trim().max(LIMITS.streetNumber, tooLong("O número", LIMITS.streetNumber)).transform((v) => v || null),
      complement: z.string().trim().max(LIMITS.complement, tooLong("O complemento", LIMITS.complement)).transform((v) => v || null),
      neighborhood: z.string().trim().min(1, MSG.neighborhood).max(LIMITS.neighborhood, tooLong("O bairro", LIMITS.neighborhood)),
      city: z.string().trim().min(1, MSG.city).max(LIMITS.city, tooLong("A cidade", LIMITS.city)),
      state: z
        .string()
        .trim()
        .transform((v) => v.toUpperCase())
        .refine(isUf, MSG.state),
      postal_code: postalCode,
      address_display: enumOf<AddressDisplay>(ADDRESS_DISPLAYS, MSG.addressDisplay),
      latitude: coordinate(90, MSG.latitude, MSG.latitudeRange),
      longitude: coordinate(180, MSG.longitude, MSG.longitudeRange),
    })
    .superRefine((v, ctx) => {
      // a place on the map needs both (or neither: the property is left off the map)
      if (v.latitude === null && v.longitude !== null) ctx.addIssue({ code: "custom", path: ["latitude"], message: MSG.coordinatesPair });
      if (v.longitude === null && v.latitude !== null) ctx.addIssue({ code: "custom", path: ["longitude"], message: MSG.coordinatesPair });
      // the CEP must be one of the chosen state's (Correios' ranges)
      if (!v.postal_code || !isUf(v.state)) return;
      const uf = ufOfPostalCode(v.postal_code);
      if (uf && uf !== v.state) ctx.addIssue({ code: "custom", path: ["postal_code"], message: MSG.postalCodeState(v.postal_code, v.state, UF_NAMES[v.state]) });
    }),
  features: z.object({
    area: decimal().pipe(z.number().gt(0, MSG.area).max(LIMITS.area, maxMessage(LIMITS.area))),
    bedrooms: count(MSG.bedrooms),
    bathrooms: count(MSG.bathrooms),
    suites: count(MSG.negative),
    parking_spots: count(MSG.parking),
    floor: optionalInt(LIMITS.floors),
    total_floors: optionalInt(LIMITS.floors),
    facing_direction: z
      .string()
      .refine((v) => v === "" || v in FACING_LABELS, "Selecione uma orientação válida")
      .transform((v) => (v === "" ? null : (v as FacingDirection))),
    furnished: z.boolean(),
    pets_allowed: z.boolean(),
  }),
  values: z
    .object({
      purpose: z.string(),
      price: money(MSG.price),
      rent_price: money(MSG.rentPrice),
      condo_fee: money(),
      iptu: money(),
    })
    .superRefine((v, ctx) => {
      if ((v.purpose === "sale" || v.purpose === "both") && !(v.price > 0)) ctx.addIssue({ code: "custom", path: ["price"], message: MSG.price });
      if ((v.purpose === "rent" || v.purpose === "both") && !(v.rent_price > 0)) ctx.addIssue({ code: "custom", path: ["rent_price"], message: MSG.rentPrice });
    }),
  amenities: z.object({
    amenities: listItems("comodidades"),
    nearby_amenities: listItems("comodidades próximas"),
    special_features: listItems("características especiais"),
  }),
  description: z.object({
    description: z.string().max(LIMITS.description, tooLong("A descrição", LIMITS.description)).refine((v) => v.trim().length > 0, MSG.description),
  }),
  images: z.object({
    images: z
      .array(z.string().regex(PUBLIC_UPLOAD_URL, "Imagem inválida"))
      .min(1, MSG.images)
      .max(LIMITS.images, `Máximo de ${LIMITS.images} imagens por imóvel`),
  }),
} satisfies Record<Tab, z.ZodType>;

export type FieldErrors = Record<string, string>;

function firstErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

export function validateTab(tab: Tab, values: EditorValues): FieldErrors {
  const result = tabSchemas[tab].safeParse(values);
  return result.success ? {} : firstErrors(result.error);
}

/** Which tab a field belongs to (to place a server error). */
export const FIELD_TAB: Record<string, Tab> = Object.fromEntries(
  TABS.flatMap((tab) => {
    const shape = tabSchemas[tab] instanceof z.ZodObject ? (tabSchemas[tab] as z.ZodObject).shape : {};
    return Object.keys(shape).map((field) => [field, tab] as const);
  }).concat([
    ["price", "values"],
    ["rent_price", "values"],
  ]),
) as Record<string, Tab>;

export type PropertyInput = z.output<(typeof tabSchemas)["basics"]> &
  z.output<(typeof tabSchemas)["location"]> &
  z.output<(typeof tabSchemas)["features"]> &
  Omit<z.output<(typeof tabSchemas)["values"]>, "purpose"> &
  z.output<(typeof tabSchemas)["amenities"]> &
  z.output<(typeof tabSchemas)["description"]> &
  z.output<(typeof tabSchemas)["images"]>;

/** All tabs: the typed record, or the errors and the first tab in error. */
export function validateAll(values: EditorValues): { ok: true; data: PropertyInput } | { ok: false; errors: FieldErrors; firstTab: Tab; tabsInError: Tab[] } {
  const errors: FieldErrors = {};
  const tabsInError: Tab[] = [];
  const parts: Record<string, unknown>[] = [];
  for (const tab of TABS) {
    const result = tabSchemas[tab].safeParse(values);
    if (result.success) parts.push(result.data as Record<string, unknown>);
    else {
      tabsInError.push(tab);
      Object.assign(errors, firstErrors(result.error));
    }
  }
  if (tabsInError.length) return { ok: false, errors, firstTab: tabsInError[0], tabsInError };
  const merged = Object.assign({}, ...parts) as PropertyInput & { purpose: PropertyPurpose };
  return { ok: true, data: merged };
}

/**
 * The sidebar's red dots: tabs with an error on screen, and visited tabs
 * (other than the open one) that currently fail their schema.
 */
export function tabsWithErrors(state: Pick<EditorState, "values" | "visited" | "errors" | "tab">): Tab[] {
  return TABS.filter((tab) => {
    if (Object.keys(state.errors).some((field) => FIELD_TAB[field] === tab)) return true;
    return tab !== state.tab && state.visited.includes(tab) && Object.keys(validateTab(tab, state.values)).length > 0;
  });
}
