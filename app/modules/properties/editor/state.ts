import { vocabulary } from "~/utils/vocabulary";
import { DEFAULT_ADDRESS_DISPLAY, DEFAULT_STATE } from "~/modules/properties/address";

/**
 * The property editor's state (spec 01 §4, §5): the seven tabs, the
 * messages and limits, what the form holds, and the defaults. Shared by
 * the browser and the server.
 */

// ── tabs ──────────────────────────────────────────────────────────────────
export const { codes: TABS, labels: TAB_LABELS } = vocabulary({
  basics: "Dados Básicos",
  location: "Localização",
  features: "Características",
  values: "Valores",
  amenities: "Comodidades",
  description: "Descrição",
  images: "Imagens",
});
export type Tab = (typeof TABS)[number];
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
  // Ours (issue 24: the address the portals need).
  postalCode: "Informe o CEP com 8 números, no formato 00000-000",
  postalCodeUnknown: "CEP inexistente: nenhum estado tem CEP começando assim",
  postalCodeState: (cep: string, uf: string, ufName: string) => `O CEP ${cep} não é de ${ufName} (${uf}): confira o CEP ou o estado`,
  state: "Selecione o estado (UF)",
  addressDisplay: "Escolha o que mostrar do endereço",
  // Ours (issue 28: the map of results).
  latitude: "Informe a latitude em graus, com vírgula ou ponto (ex.: -23,5505)",
  longitude: "Informe a longitude em graus, com vírgula ou ponto (ex.: -46,6333)",
  latitudeRange: "A latitude deve estar entre -90 e 90",
  longitudeRange: "A longitude deve estar entre -180 e 180",
  coordinatesPair: "Informe a latitude e a longitude, ou deixe as duas em branco",
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
  number: "Informe um número válido, só com algarismos, vírgula e ponto (ex.: 1.234,56)",
  integer: "Informe um número inteiro",
  negative: "O valor não pode ser negativo",
} as const;

export const LIMITS = {
  title: 200,
  address: 300,
  /** Chaves na Mão's limits (portal-feeds.md §2.2) */
  streetNumber: 10,
  complement: 50,
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
  street_number: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
  postal_code: string;
  address_display: string;
  latitude: string;
  longitude: string;
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
  /** the watermark card's own messages (logo upload, rename, removal) */
  watermarkNotice: Banner | null;
  /** create mode: the draft photo folder until the property exists */
  draftFolder: string;
};

/** A field of the editor (its input's id is `pe-{field}`). */
export type EditorField = keyof EditorValues;

/** Spec 01 §3 defaults: Casa, pronto, Pronto para Morar, Venda, Disponível, numbers 0, flags false; state SP (spec 03 §9), only the neighbourhood and city shown. */
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
    street_number: "",
    complement: "",
    neighborhood: "",
    city: "",
    state: DEFAULT_STATE,
    postal_code: "",
    address_display: DEFAULT_ADDRESS_DISPLAY,
    latitude: "",
    longitude: "",
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
    watermarkNotice: null,
    draftFolder: options.draftFolder ?? "",
  };
}
export function tabIndex(tab: Tab): number {
  return TABS.indexOf(tab);
}
