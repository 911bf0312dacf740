import { WATERMARK_FIELDS } from "~/modules/properties/watermark";
import { z } from "zod";
import type { ConstructionStatus, FacingDirection, PropertyKind, PropertyPurpose, PropertyStatus, PropertyTypeCode } from "#db/schema";
import { parseDecimal } from "~/utils/format";
import { CONSTRUCTION_LABELS, FACING_LABELS, PROPERTY_KINDS, PURPOSE_LABELS, STATUS_LABELS, TYPE_CODES } from "~/modules/properties/vocabulary";

/**
 * The property editor's rules, shared by the browser and the server
 * (spec 01 §4, §5): the seven tabs, one zod schema per tab, the defaults,
 * and a pure reducer for the editor's local intents (tab flow, lists,
 * photo order, options). The server runs the same reducer when JavaScript
 * is off, so both paths apply exactly the same rules.
 */

// ── tabs ──────────────────────────────────────────────────────────────────
export const TABS = ["basics", "location", "features", "values", "amenities", "description", "images"] as const;
export type Tab = (typeof TABS)[number];
export const TAB_LABELS: Record<Tab, string> = {
  basics: "Dados Básicos",
  location: "Localização",
  features: "Características",
  values: "Valores",
  amenities: "Comodidades",
  description: "Descrição",
  images: "Imagens",
};
export function isTab(value: unknown): value is Tab {
  return typeof value === "string" && (TABS as readonly string[]).includes(value);
}

// ── messages (spec 01 §5, verbatim) and limits (our decisions) ────────────
export const MSG = {
  title: "O título do imóvel é obrigatório",
  type: "Selecione uma categoria de busca válida (Pronto para Morar, Lançamento, etc)",
  propertyType: "Selecione um tipo de imóvel válido (Casa, Apartamento, etc)",
  constructionStatus: "Selecione o status da construção",
  purpose: "Selecione a finalidade do imóvel (venda/aluguel)",
  status: "Selecione o status do imóvel",
  address: "O endereço é obrigatório",
  city: "A cidade é obrigatória",
  neighborhood: "O bairro é obrigatório",
  area: "A área deve ser maior que zero",
  bedrooms: "O número de quartos não pode ser negativo",
  bathrooms: "O número de banheiros não pode ser negativo",
  parking: "O número de vagas não pode ser negativo",
  price: "Informe um preço de venda válido",
  rentPrice: "Informe um valor de aluguel válido",
  description: "A descrição do imóvel é obrigatória",
  images: "Adicione pelo menos uma imagem do imóvel",
  maxOptions: "Só é possível cadastrar até 2 opções para o imóvel.",
  brokerWatermark: "Para corretores, é obrigatório selecionar a logo como marca d'água antes de enviar imagens.",
  // Ours (the spec gives none): numbers, lengths, year range.
  number: "Informe um número válido",
  integer: "Informe um número inteiro",
  negative: "O valor não pode ser negativo",
} as const;

export const LIMITS = {
  title: 200,
  address: 300,
  city: 120,
  neighborhood: 120,
  description: 20_000,
  listItem: 80,
  listItems: 40,
  images: 30,
  options: 2,
  money: 1_000_000_000_000,
  area: 100_000_000,
  rooms: 1_000,
  floors: 500,
} as const;

const tooLong = (what: string, max: number) => `${what} deve ter no máximo ${max.toLocaleString("pt-BR")} caracteres`;
export const yearMessage = (max: number) => `O ano de construção deve estar entre 1900 e ${max}`;

// ── values ────────────────────────────────────────────────────────────────
export const AMENITY_LISTS = ["amenities", "nearby_amenities", "special_features"] as const;
export type AmenityList = (typeof AMENITY_LISTS)[number];
export const AMENITY_LIST_LABELS: Record<AmenityList, string> = {
  amenities: "Comodidades",
  nearby_amenities: "Comodidades próximas",
  special_features: "Características especiais",
};

export type EditorOption = { id: string; area: number; bedrooms: number; bathrooms: number; suites: number | null };

/** What the form holds: numbers stay the text typed, so a bad entry is shown back as typed. */
export type EditorValues = {
  title: string;
  type: string;
  property_type: string;
  construction_status: string;
  purpose: string;
  status: string;
  construction_year: string;
  featured: boolean;
  address: string;
  city: string;
  neighborhood: string;
  area: string;
  bedrooms: string;
  bathrooms: string;
  suites: string;
  parking_spots: string;
  floor: string;
  total_floors: string;
  facing_direction: string;
  furnished: boolean;
  pets_allowed: boolean;
  price: string;
  rent_price: string;
  condo_fee: string;
  iptu: string;
  amenities: string[];
  nearby_amenities: string[];
  special_features: string[];
  description: string;
  images: string[];
  options: EditorOption[];
};

/** Inputs that are not part of the record: the "new item" boxes and the option being added. */
export type EditorDrafts = {
  new_amenities: string;
  new_nearby_amenities: string;
  new_special_features: string;
  opt_area: string;
  opt_bedrooms: string;
  opt_bathrooms: string;
  opt_suites: string;
};

export { WATERMARK_FIELDS, WATERMARK_POSITIONS, WATERMARK_POSITION_LABELS } from "~/modules/properties/watermark";
export type WatermarkChoice = { logo: string; position: string; opacity: string; size: string };
export const WATERMARK_CHOICE_DEFAULTS: WatermarkChoice = { logo: "", position: "bottom-right", opacity: "0.5", size: "25" };

export type Banner = { tone: "success" | "danger" | "warning" | "info"; title?: string; text: string };

export type EditorState = {
  values: EditorValues;
  drafts: EditorDrafts;
  watermark: WatermarkChoice;
  tab: Tab;
  visited: Tab[];
  errors: Record<string, string>;
  banner: Banner | null;
  optionsNotice: Banner | null;
  uploadErrors: string[];
  /** create mode: the draft photo folder until the property exists */
  draftFolder: string;
};

/** Spec 01 §3 defaults: Casa, pronto, Pronto para Morar, Venda, Disponível, numbers 0, flags false. */
export function defaultValues(): EditorValues {
  return {
    title: "",
    type: "pronto",
    property_type: "Casa",
    construction_status: "ready",
    purpose: "sale",
    status: "available",
    construction_year: "",
    featured: false,
    address: "",
    city: "",
    neighborhood: "",
    area: "0",
    bedrooms: "0",
    bathrooms: "0",
    suites: "0",
    parking_spots: "0",
    floor: "",
    total_floors: "",
    facing_direction: "",
    furnished: false,
    pets_allowed: false,
    price: "0",
    rent_price: "0",
    condo_fee: "0",
    iptu: "0",
    amenities: [],
    nearby_amenities: [],
    special_features: [],
    description: "",
    images: [],
    options: [],
  };
}

export function emptyDrafts(): EditorDrafts {
  return { new_amenities: "", new_nearby_amenities: "", new_special_features: "", opt_area: "", opt_bedrooms: "", opt_bathrooms: "", opt_suites: "" };
}

export function initialState(values: EditorValues = defaultValues(), options: { allVisited?: boolean; draftFolder?: string; watermark?: WatermarkChoice } = {}): EditorState {
  return {
    values,
    drafts: emptyDrafts(),
    watermark: options.watermark ?? { ...WATERMARK_CHOICE_DEFAULTS },
    tab: "basics",
    visited: options.allVisited ? [...TABS] : ["basics"],
    errors: {},
    banner: null,
    optionsNotice: null,
    uploadErrors: [],
    draftFolder: options.draftFolder ?? "",
  };
}

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
    draftFolder: text(fd, "draftFolder", 200),
  };
}

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
  decimal().pipe(z.number().min(0, negativeMessage).max(LIMITS.money, MSG.number).transform((n) => Math.round(n * 100) / 100));
const count = (negativeMessage: string) => decimal().pipe(z.number().int(MSG.integer).min(0, negativeMessage).max(LIMITS.rooms, MSG.number));
const optionalInt = (max: number) =>
  decimal({ emptyAs: null }).pipe(z.number().int(MSG.integer).min(0, MSG.negative).max(max, MSG.number).nullable());
const enumOf = <T extends string>(values: readonly T[], message: string) =>
  z.string().refine((v): v is T => (values as readonly string[]).includes(v), message).transform((v) => v as T);

const listItems = (label: string) =>
  z
    .array(z.string().trim().min(1).max(LIMITS.listItem, `Cada item de ${label} deve ter no máximo ${LIMITS.listItem} caracteres`))
    .max(LIMITS.listItems, `Máximo de ${LIMITS.listItems} itens em ${label}`)
    .transform((items) => Array.from(new Set(items)));

export const PUBLIC_UPLOAD_URL = /^\/uploads\/[A-Za-z0-9._\-/]+$/;

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
  location: z.object({
    address: z.string().trim().min(1, MSG.address).max(LIMITS.address, tooLong("O endereço", LIMITS.address)),
    city: z.string().trim().min(1, MSG.city).max(LIMITS.city, tooLong("A cidade", LIMITS.city)),
    neighborhood: z.string().trim().min(1, MSG.neighborhood).max(LIMITS.neighborhood, tooLong("O bairro", LIMITS.neighborhood)),
  }),
  features: z.object({
    area: decimal().pipe(z.number().gt(0, MSG.area).max(LIMITS.area, MSG.number)),
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
export function tabIndex(tab: Tab): number {
  return TABS.indexOf(tab);
}

// ── intents ───────────────────────────────────────────────────────────────
export type Intent =
  | { kind: "refresh" }
  | { kind: "next" }
  | { kind: "prev" }
  | { kind: "goto"; tab: Tab }
  | { kind: "save" }
  | { kind: "add-item"; list: AmenityList }
  | { kind: "suggest"; list: AmenityList; value: string }
  | { kind: "remove-item"; list: AmenityList; index: number }
  | { kind: "move-image"; index: number; delta: -1 | 1 }
  | { kind: "remove-image"; index: number }
  | { kind: "add-option" }
  | { kind: "remove-option"; id: string }
  | { kind: "upload-images" }
  | { kind: "upload-watermark" }
  | { kind: "delete" };

const isList = (v: string | undefined): v is AmenityList => (AMENITY_LISTS as readonly string[]).includes(v ?? "");

/** 'next', 'goto:values', 'remove-item:amenities:2', ... → an Intent (unknown → refresh). */
export function parseIntent(raw: unknown): Intent {
  if (typeof raw !== "string") return { kind: "refresh" };
  const [head, a, ...rest] = raw.split(":");
  const b = rest.join(":");
  const index = (s: string | undefined) => (s && /^\d{1,3}$/.test(s) ? Number(s) : -1);
  switch (head) {
    case "next":
    case "prev":
    case "save":
    case "add-option":
    case "upload-images":
    case "upload-watermark":
    case "delete":
      return { kind: head };
    case "goto":
      return isTab(a) ? { kind: "goto", tab: a } : { kind: "refresh" };
    case "add-item":
      return isList(a) ? { kind: "add-item", list: a } : { kind: "refresh" };
    case "suggest":
      return isList(a) && b ? { kind: "suggest", list: a, value: b.slice(0, LIMITS.listItem) } : { kind: "refresh" };
    case "remove-item":
      return isList(a) && index(b) >= 0 ? { kind: "remove-item", list: a, index: index(b) } : { kind: "refresh" };
    case "move-image-up":
    case "move-image-down":
      return index(a) >= 0 ? { kind: "move-image", index: index(a), delta: head === "move-image-up" ? -1 : 1 } : { kind: "refresh" };
    case "remove-image":
      return index(a) >= 0 ? { kind: "remove-image", index: index(a) } : { kind: "refresh" };
    case "remove-option":
      return a ? { kind: "remove-option", id: a.slice(0, 64) } : { kind: "refresh" };
    default:
      return { kind: "refresh" };
  }
}

export function intentValue(intent: Intent): string {
  switch (intent.kind) {
    case "goto":
      return `goto:${intent.tab}`;
    case "add-item":
      return `add-item:${intent.list}`;
    case "suggest":
      return `suggest:${intent.list}:${intent.value}`;
    case "remove-item":
      return `remove-item:${intent.list}:${intent.index}`;
    case "move-image":
      return `${intent.delta < 0 ? "move-image-up" : "move-image-down"}:${intent.index}`;
    case "remove-image":
      return `remove-image:${intent.index}`;
    case "remove-option":
      return `remove-option:${intent.id}`;
    default:
      return intent.kind;
  }
}

// ── the reducer ───────────────────────────────────────────────────────────
/** Adds one item to a list: trimmed, non-empty, no duplicates (case-insensitive). */
export function addListItem(list: string[], raw: string): string[] {
  const item = raw.trim().replace(/\s+/g, " ").slice(0, LIMITS.listItem);
  if (!item) return list;
  if (list.some((existing) => existing.toLocaleLowerCase("pt-BR") === item.toLocaleLowerCase("pt-BR"))) return list;
  if (list.length >= LIMITS.listItems) return list;
  return [...list, item];
}

/** The first 6 suggestions not yet chosen (spec 01 §5). */
export function visibleSuggestions(suggestions: readonly string[], chosen: string[]): string[] {
  const taken = new Set(chosen.map((c) => c.toLocaleLowerCase("pt-BR")));
  return suggestions.filter((s) => !taken.has(s.toLocaleLowerCase("pt-BR"))).slice(0, 6);
}

const DRAFT_OF: Record<AmenityList, keyof EditorDrafts> = {
  amenities: "new_amenities",
  nearby_amenities: "new_nearby_amenities",
  special_features: "new_special_features",
};

/** Text left in an "add" box is kept: it is added on the next action instead of being lost. */
function applyPendingItems(state: EditorState): EditorState {
  let values = state.values;
  let drafts = state.drafts;
  for (const list of AMENITY_LISTS) {
    const pending = drafts[DRAFT_OF[list]];
    if (pending.trim()) {
      values = { ...values, [list]: addListItem(values[list], pending) };
      drafts = { ...drafts, [DRAFT_OF[list]]: "" };
    }
  }
  return { ...state, values, drafts };
}

function newOptionId(): string {
  return `opt-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The option typed into the option boxes, or null when area, bedrooms or bathrooms is zero (spec: nothing happens). */
export function draftOption(drafts: EditorDrafts): EditorOption | null {
  const area = parseDecimal(drafts.opt_area) ?? 0;
  const bedrooms = parseDecimal(drafts.opt_bedrooms) ?? 0;
  const bathrooms = parseDecimal(drafts.opt_bathrooms) ?? 0;
  const suites = drafts.opt_suites.trim() === "" ? null : parseDecimal(drafts.opt_suites);
  if (!(area > 0) || !(bedrooms > 0) || !(bathrooms > 0)) return null;
  if (area > LIMITS.area || bedrooms > LIMITS.rooms || bathrooms > LIMITS.rooms) return null;
  return {
    id: newOptionId(),
    area: Math.round(area * 100) / 100,
    bedrooms: Math.trunc(bedrooms),
    bathrooms: Math.trunc(bathrooms),
    suites: suites === null || suites < 0 ? null : Math.min(LIMITS.rooms, Math.trunc(suites)),
  };
}

function markVisited(visited: Tab[], tab: Tab): Tab[] {
  return visited.includes(tab) ? visited : [...visited, tab];
}

function withoutTabErrors(errors: FieldErrors, tabs: Tab[]): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => !tabs.includes(FIELD_TAB[field])));
}

/**
 * The editor's local rules (spec 01 §4): Próximo validates the current tab;
 * a jump validates every earlier tab in order and stops at the first invalid
 * one; Anterior never validates; Salvar validates all and shows the first
 * tab in error with its message. Lists and options are edited here too.
 * Intents that need the server (uploads, saving, persisting) only get their
 * local part here.
 */
export function reduceEditor(input: EditorState, intent: Intent): EditorState {
  let state: EditorState = { ...applyPendingItems(input), banner: null, optionsNotice: null, uploadErrors: [] };
  const { values } = state;
  const at = tabIndex(state.tab);
  switch (intent.kind) {
    case "next": {
      const errors = validateTab(state.tab, values);
      if (Object.keys(errors).length) return { ...state, errors: { ...withoutTabErrors(state.errors, [state.tab]), ...errors } };
      const tab = TABS[Math.min(TABS.length - 1, at + 1)];
      return { ...state, errors: withoutTabErrors(state.errors, [state.tab]), tab, visited: markVisited(state.visited, tab) };
    }
    case "prev":
      return { ...state, tab: TABS[Math.max(0, at - 1)] };
    case "goto": {
      const target = tabIndex(intent.tab);
      for (let i = 0; i < target; i++) {
        const tab = TABS[i];
        const errors = validateTab(tab, values);
        if (Object.keys(errors).length) return { ...state, tab, errors: { ...withoutTabErrors(state.errors, [tab]), ...errors }, visited: markVisited(state.visited, tab) };
        state = { ...state, errors: withoutTabErrors(state.errors, [tab]) };
      }
      return { ...state, tab: intent.tab, visited: markVisited(state.visited, intent.tab) };
    }
    case "save": {
      const result = validateAll(values);
      if (result.ok) return { ...state, errors: {} };
      const message = Object.entries(result.errors).find(([field]) => FIELD_TAB[field] === result.firstTab)?.[1] ?? MSG.title;
      return {
        ...state,
        errors: result.errors,
        tab: result.firstTab,
        visited: Array.from(new Set([...state.visited, ...result.tabsInError])),
        banner: { tone: "danger", title: TAB_LABELS[result.firstTab], text: message },
      };
    }
    case "add-item":
      return state; // pending text was added above
    case "suggest":
      return { ...state, values: { ...values, [intent.list]: addListItem(values[intent.list], intent.value) } };
    case "remove-item":
      return { ...state, values: { ...values, [intent.list]: values[intent.list].filter((_, i) => i !== intent.index) } };
    case "move-image": {
      const to = intent.index + intent.delta;
      if (intent.index >= values.images.length || to < 0 || to >= values.images.length) return state;
      const images = [...values.images];
      [images[intent.index], images[to]] = [images[to], images[intent.index]];
      return { ...state, values: { ...values, images } };
    }
    case "remove-image":
      return { ...state, values: { ...values, images: values.images.filter((_, i) => i !== intent.index) } };
    case "add-option": {
      if (values.options.length >= LIMITS.options) return { ...state, optionsNotice: { tone: "warning", text: MSG.maxOptions } };
      const option = draftOption(state.drafts);
      if (!option) return state;
      return {
        ...state,
        values: { ...values, options: [...values.options, option] },
        drafts: { ...state.drafts, opt_area: "", opt_bedrooms: "", opt_bathrooms: "", opt_suites: "" },
      };
    }
    case "remove-option":
      return { ...state, values: { ...values, options: values.options.filter((o) => o.id !== intent.id) } };
    default:
      return state;
  }
}

/** Intents the browser completes by itself (with JavaScript) in a given mode. */
export function isLocalIntent(intent: Intent, editing: boolean): boolean {
  switch (intent.kind) {
    case "refresh":
    case "next":
    case "prev":
    case "goto":
    case "add-item":
    case "suggest":
    case "remove-item":
    case "move-image":
      return true;
    case "add-option":
    case "remove-option":
      return !editing; // edit mode writes the option at once
    default:
      return false;
  }
}
