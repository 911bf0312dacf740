import type { AddressDisplay } from "#db/schema";
import { DEFAULT_STATE, POSTAL_CODE_FORMAT, UF_NAMES, ufOfPostalCode } from "~/modules/properties/address";
import type { EditorField } from "~/modules/properties/editor/state";
import { foldText } from "~/utils/slug";

/**
 * The portals' listing rules (shared/reference/portal-feeds.md), as pure
 * checks shared by the feeds (an invalid listing is left out of that portal's
 * feed, never sent broken) and the /integracao-xml table (what a portal would
 * reject and why). Every reason is a pt-BR sentence for the admin.
 */
export type Portal = "olx" | "chavesnamao" | "default";
export const PORTALS: Portal[] = ["olx", "chavesnamao", "default"];
export const PORTAL_LABELS: Record<Portal, string> = {
  olx: "OLX / ZAP / VivaReal (VRSync)",
  chavesnamao: "Chaves na Mão",
  default: "Padrão",
};
export function isPortal(value: unknown): value is Portal {
  return typeof value === "string" && (PORTALS as string[]).includes(value);
}

/** The columns a feed reads (one row of `properties`). */
export type FeedRow = {
  id: number;
  title: string;
  description: string;
  slug: string | null;
  type: string;
  property_type: string;
  purpose: string;
  status: string;
  construction_status: string;
  construction_year: number | null;
  price: number;
  rent_price: number;
  condo_fee: number;
  iptu: number;
  rental: number;
  address: string;
  street_number: string | null;
  complement: string | null;
  neighborhood: string;
  city: string;
  state: string;
  postal_code: string | null;
  /** what of the address the agency shows (0040) */
  address_display: AddressDisplay;
  latitude: number | null;
  longitude: number | null;
  area: number;
  bedrooms: number;
  bathrooms: number;
  suites: number;
  parking_spots: number;
  floor: number | null;
  total_floors: number | null;
  furnished: number;
  pets_allowed: number;
  featured: number;
  images: string;
  amenities: string;
  nearby_amenities: string;
  created_at: string;
  updated_at: string;
};

/** A row with its text cleaned and its lists parsed once, read by the rules and by every format. */
export type Listing = {
  row: FeedRow;
  title: string;
  description: string;
  city: string;
  neighborhood: string;
  state: string;
  postalCode: string;
  images: string[];
  amenities: string[];
  nearby: string[];
  sale: boolean;
  rent: boolean;
  /** Size and pixels of the stored photos, by URL (feeds/photos.server.ts); a photo without an entry is not measured. */
  photoInfo?: ReadonlyMap<string, PhotoInfo>;
};

/** A stored photo as measured on disk: bytes and upright pixel size. */
export type PhotoInfo = { bytes: number; width: number; height: number };

/**
 * What a portal would refuse (errors: the listing is left out of its feed)
 * or not receive (warnings), as pt-BR sentences; `fields` names, for a
 * sentence, the editor field that fixes it (/integracao-xml links there).
 */
export type Check = { errors: string[]; warnings: string[]; fields: Partial<Record<string, EditorField>> };

/** Collects a check's sentences and the field each one points to. */
function collector() {
  const check: Check = { errors: [], warnings: [], fields: {} };
  const note = (list: string[], text: string, field?: EditorField) => {
    list.push(text);
    if (field) check.fields[text] = field;
  };
  return {
    error: (text: string, field?: EditorField) => note(check.errors, text, field),
    warn: (text: string, field?: EditorField) => note(check.warnings, text, field),
    done: () => check,
  };
}

/** Characters XML 1.0 cannot carry at all (C0 controls but tab/newline/return, lone surrogates, U+FFFE/U+FFFF). */
// eslint-disable-next-line no-control-regex
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// eslint-disable-next-line no-control-regex
const SUSPECT_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
export function stripInvalidXmlChars(text: string): string {
  // the common case (nothing to remove) costs one scan
  return SUSPECT_CHARS.test(text) ? text.replace(INVALID_XML_CHARS, "") : text;
}

function parseList(json: string | null | undefined): string[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string" && v.trim() !== "").map((v) => v.trim());
    return typeof value === "string" && value.trim() ? [value.trim()] : [];
  } catch {
    return [];
  }
}

const HAS_HIGH_SURROGATE = /[\uD800-\uDBFF]/;
const HIGH_SURROGATES = /[\uD800-\uDBFF]/g;
/**
 * Length in characters as a portal counts them (code points: an emoji is
 * one), without spreading the text into an array: a description is scanned
 * once, natively, and counted again only when it holds astral characters.
 */
export function codePointLength(text: string): number {
  if (!HAS_HIGH_SURROGATE.test(text)) return text.length;
  return text.length - (text.match(HIGH_SURROGATES)?.length ?? 0);
}

const clean = (s: string | null | undefined) => stripInvalidXmlChars(s ?? "").replace(/[ \t]+/g, " ").trim();

export function prepareListing(row: FeedRow): Listing {
  const state = clean(row.state).toUpperCase() || DEFAULT_STATE;
  // Spec 01 §4: a rental when the flag is set, or purpose is Aluguel, or rent_price > 0.
  const rent = row.purpose === "rent" || row.purpose === "both" || Boolean(row.rental) || row.rent_price > 0;
  const sale = row.purpose !== "rent" && (row.purpose === "sale" || row.purpose === "both" || row.price > 0);
  return {
    row,
    title: clean(row.title),
    description: stripInvalidXmlChars(row.description ?? "").trim(),
    city: clean(row.city),
    neighborhood: clean(row.neighborhood),
    state,
    postalCode: clean(row.postal_code),
    images: parseList(row.images),
    amenities: parseList(row.amenities),
    nearby: parseList(row.nearby_amenities),
    sale,
    rent: rent || !sale,
  };
}


const HTML_TAG = /<\/?[a-z!][^>]*>|&[a-z]+;|&#\d+;/i;

/** The extension of a photo URL, lower case ("jpg", "png"…), or "" when it has none. */
export function photoFormat(url: string): string {
  const path = url.split(/[?#]/)[0];
  const m = /\.([a-z0-9]{2,5})$/i.exec(path);
  return m ? m[1].toLowerCase() : "";
}
export const VRSYNC_PHOTO_FORMATS = new Set(["jpg", "jpeg"]);
export const CNM_PHOTO_FORMATS = new Set(["jpg", "jpeg", "png", "webp"]);
export const VRSYNC_MIN_PHOTOS = 5;
/** Reference §1.8: at most 50,000 listings per VRSync file (warned about on /integracao-xml; nothing is split, see decisions). */
export const VRSYNC_MAX_LISTINGS = 50_000;
export const CNM_MAX_PHOTOS = 30;
export const CNM_MIN_PHOTOS = 5;
/** Reference §1.5 ("at most 7 MB") and §2.4 ("up to 5 MB"), read as decimal megabytes (the stricter reading). */
export const VRSYNC_MAX_PHOTO_BYTES = 7_000_000;
export const CNM_MAX_PHOTO_BYTES = 5_000_000;
/** Reference §2.4: minimum resolution 800×600, in either orientation (a portrait 600×800 photo passes). */
export const CNM_MIN_PHOTO_LONG_SIDE = 800;
export const CNM_MIN_PHOTO_SHORT_SIDE = 600;

/** The photos VRSync receives (JPG of at most 7 MB, in order) and how many were held back and why. */
export function vrsyncPhotos(l: Listing): { sent: string[]; wrongFormat: number; tooLarge: number } {
  const sent: string[] = [];
  let wrongFormat = 0;
  let tooLarge = 0;
  for (const url of l.images) {
    const info = l.photoInfo?.get(url);
    if (!VRSYNC_PHOTO_FORMATS.has(photoFormat(url))) wrongFormat++;
    else if (info && info.bytes > VRSYNC_MAX_PHOTO_BYTES) tooLarge++;
    else sent.push(url);
  }
  return { sent, wrongFormat, tooLarge };
}

/** The photos Chaves na Mão receives (JPG/PNG/WebP, at most 5 MB, at least 800×600, the first 30) and what was held back. */
export function cnmPhotos(l: Listing): { sent: string[]; usable: number; wrongFormat: number; tooLarge: number; tooSmall: number } {
  const usable: string[] = [];
  let wrongFormat = 0;
  let tooLarge = 0;
  let tooSmall = 0;
  for (const url of l.images) {
    const info = l.photoInfo?.get(url);
    if (!CNM_PHOTO_FORMATS.has(photoFormat(url))) wrongFormat++;
    else if (info && info.bytes > CNM_MAX_PHOTO_BYTES) tooLarge++;
    else if (info && (Math.max(info.width, info.height) < CNM_MIN_PHOTO_LONG_SIDE || Math.min(info.width, info.height) < CNM_MIN_PHOTO_SHORT_SIDE)) tooSmall++;
    else usable.push(url);
  }
  return { sent: usable.slice(0, CNM_MAX_PHOTOS), usable: usable.length, wrongFormat, tooLarge, tooSmall };
}


// ── VRSync features: the closed list (reference §1.7) and our amenity names mapped onto it ──
export const VRSYNC_FEATURES = new Set(
  "Close to main roads/avenues|Close to shopping centers|Close to public transportation|Close to schools|Close to hospitals|Utilities|Gravel|Administration|Alarm System|Armored Security Cabin|Backyard|Balcony|Band Practice Room|Bathtub|Bar|Barbecue Balcony|BBQ|Beauty Room|Bicycles Place|Builtin Wardrobe|Caretaker|Caretaker House|Cable Television|Closet|Controlled Access|Cooling|Copa|Digital Locker|Dinner Room|Eco Condominium|Eco Garbage Collector|Edicule|Electric Charger|Elevator|Exterior View|Fenced Yard|Fireplace|Fitness Room|Fully Wired|Furnished|Game room|Garden Area|Geminada|Generator|Gourmet Area|Gourmet Balcony|Gourmet Kitchen|Green space / Park|Gym|Heating|Home Office|Indoor Soccer|Integrated Environments|Intercom|Internet Connection|Jogging track|Kitchen|Kitchen Cabinets|Lake View|Land|Large Kitchen|Large Window|Laundry|Lawn|Lunch Room|Maid's Quarters|Massage Room|Media Room|Meeting Room|Mezzanine|Mountain View|Number of stories|Ocean View|Parking Garage|Party Room|Patrol|Paved Street|Pay-per-use Services|Pets Allowed|Pet Space|Playground|Pool|Reception room|Recreation Area|Reflective Pool|Sand Pit|Sauna|Security Guard on Duty|Semi Olympic Pool|Smart Apartment|Smart Condominium|Solar Energy|Spa|Sports Court|Square|Squash|Stair|Stores|Tennis court|TV Security|Valet Parking|Warehouse|Water Tank|American Kitchen|Full Floor|Aquarium|Bedroom Wardrobe|Bathroom Cabinets|Service Bathroom|Blindex Box|Carpet|Background House|Headquarters|Gas Shower|Burn Cement|Employee Dependency|Pantry|Drywall|Cooker|Pizza Oven|Freezer|Sanca|Whirlpool|Corner Property|Soundproofing|Thermal Insulation|Aluminium Window|Slab|Lavabo|Half Floor|Planned Furniture|Glass Wall|Walls Grids|Hot Tub|High Ceiling Height|Private Pool|Wood Floor|Raised Floor|Cold Floor|Laminated Floor|Vinyl Floor|Platibanda|Porcelain|Dividers|Service Room|Reversible Room|Large Room|Small Room|Wall Balcony|Natural Ventilation|Panoramic View|Disabled Access|Coworking|Electronic Gate|Fruit Trees|Tree Climbing|Library|Toys Place|Security Camera|Dog Kennel|Barn|Beauty Center|Fence|Children Care|Coverage|Corral|Deck|Service Entrance|Side Entrance|Entrance Hall|Vegetable Garden|Lake|Marina|Climbing Wall|Orchid Place|Redario|Restaurant|River|Convention Hall|Solarium|Pasture|Heated Pool|Covered Pool|Skate Lane|Well|Artesian Well|Pomar|Zen Space|Football Field|Golf Field|Helipad|Pool Bar|Coffee Shop|Dress Room2|Guest Parking|Adult Pool|Childrens Pool|Concierge 24h|Near Shopping Center|Teen Space".split("|"),
);

/** Folded pt-BR amenity name → VRSync feature (accent- and case-insensitive). */
const AMENITY_FEATURES: Record<string, string> = {
  piscina: "Pool", academia: "Gym", churrasqueira: "BBQ", playground: "Playground", "salao de festas": "Party Room",
  "quadra poliesportiva": "Sports Court", sauna: "Sauna", jardim: "Garden Area", varanda: "Balcony", "varanda gourmet": "Gourmet Balcony",
  "area de servico": "Laundry", elevador: "Elevator", "portaria 24h": "Concierge 24h", seguranca: "Security Guard on Duty",
  "cameras de seguranca": "Security Camera", interfone: "Intercom", "ar condicionado": "Cooling", "aquecimento solar": "Solar Energy",
  "energia solar": "Solar Energy", "internet fibra otica": "Internet Connection", "armarios embutidos": "Builtin Wardrobe", closet: "Closet",
  lareira: "Fireplace", "espaco gourmet": "Gourmet Area", "cozinha planejada": "Planned Furniture", "home office": "Home Office",
  brinquedoteca: "Toys Place", "salao de jogos": "Game room", "quadra de tenis": "Tennis court", "pet place": "Pet Space", lavanderia: "Laundry",
  // nearby places
  escola: "Close to schools", universidade: "Close to schools", hospital: "Close to hospitals", shopping: "Near Shopping Center",
  "ponto de onibus": "Close to public transportation", "estacao de metro": "Close to public transportation", "estacao de trem": "Close to public transportation",
};

const folded = new Map<string, string>();
/** foldText, remembered: amenity and type names repeat across a feed's listings (bounded). */
export function foldTextCached(s: string): string {
  let f = folded.get(s);
  if (f === undefined) {
    f = foldText(s);
    if (folded.size < 5000) folded.set(s, f);
  }
  return f;
}

/** The VRSync features of a listing (amenities, furnished, pets) and the amenities the closed list has no word for. */
const featureCache = new WeakMap<Listing, { features: string[]; unmapped: string[] }>();
export function vrsyncFeatures(listing: Listing): { features: string[]; unmapped: string[] } {
  const cached = featureCache.get(listing);
  if (cached) return cached;
  const result = computeFeatures(listing);
  featureCache.set(listing, result);
  return result;
}
function computeFeatures(listing: Listing): { features: string[]; unmapped: string[] } {
  const features = new Set<string>();
  const unmapped: string[] = [];
  for (const name of listing.amenities) {
    const f = AMENITY_FEATURES[foldTextCached(name)];
    if (f) features.add(f);
    else unmapped.push(name);
  }
  for (const name of listing.nearby) {
    const f = AMENITY_FEATURES[foldTextCached(name)];
    if (f) features.add(f);
  }
  if (listing.row.furnished) features.add("Furnished");
  if (listing.row.pets_allowed) features.add("Pets Allowed");
  return { features: [...features], unmapped };
}

/** Every mapped value, for the test that proves none leaves the closed list. */
export const MAPPED_FEATURES = Object.values(AMENITY_FEATURES);

// ── Chaves na Mão area_comum / area_privativa ─────────────────────────────
/**
 * The portal's supported names are published only on its site (reference
 * §2.2: "not retrieved"). These are the names its own documentation uses in
 * its examples (chavesnamao/xml-documentation: especificacoes-area-comum.md,
 * especificacoes-area-privativa.md, exemplo-completo.xml), which it says must
 * be taken from that list: a closed subset, nothing outside it is written.
 */
export const CNM_COMMON_AREAS = new Set([
  "Academia", "Piscina", "Salão de Festas", "Churrasqueira", "Playground", "Quadra de Esportes", "Portaria 24h", "Elevador", "Segurança 24h", "Área Verde", "Recepção",
]);
/** "Piscina" is here on the docs' word that a pool may be private ("Piscina particular da casa"), the one name not shown as an item. */
export const CNM_PRIVATE_AREAS = new Set([
  "Ar Condicionado", "Armário Embutido", "Closet", "Piso Porcelanato", "Aquecedor", "Box Blindex", "Varanda Gourmet", "Churrasqueira", "Varanda",
  "Piscina Aquecida", "Jardim", "Lareira", "Aquecimento Central", "Escritório", "Copa", "Internet", "Piscina",
]);

/**
 * Our amenity (folded) → where it goes: always one area, or, for what a
 * condominium shares and a house has of its own, `shared` when the property
 * has common areas (a condo fee, an apartment or an office unit) and `own`
 * otherwise. The portal forbids the same item in both areas.
 */
type CnmArea = { common: string } | { private: string } | { shared: string; own: string };
const AMENITY_AREAS: Record<string, CnmArea> = {
  piscina: { shared: "Piscina", own: "Piscina" },
  "piscina aquecida": { shared: "Piscina", own: "Piscina Aquecida" },
  churrasqueira: { shared: "Churrasqueira", own: "Churrasqueira" },
  jardim: { shared: "Área Verde", own: "Jardim" },
  academia: { common: "Academia" },
  playground: { common: "Playground" },
  "salao de festas": { common: "Salão de Festas" },
  "quadra poliesportiva": { common: "Quadra de Esportes" },
  "quadra de esportes": { common: "Quadra de Esportes" },
  elevador: { common: "Elevador" },
  elevadores: { common: "Elevador" },
  "portaria 24h": { common: "Portaria 24h" },
  "seguranca 24h": { common: "Segurança 24h" },
  "area verde": { common: "Área Verde" },
  recepcao: { common: "Recepção" },
  "ar condicionado": { private: "Ar Condicionado" },
  "armarios embutidos": { private: "Armário Embutido" },
  "armario embutido": { private: "Armário Embutido" },
  closet: { private: "Closet" },
  "piso porcelanato": { private: "Piso Porcelanato" },
  porcelanato: { private: "Piso Porcelanato" },
  aquecedor: { private: "Aquecedor" },
  "box blindex": { private: "Box Blindex" },
  "varanda gourmet": { private: "Varanda Gourmet" },
  varanda: { private: "Varanda" },
  lareira: { private: "Lareira" },
  "aquecimento central": { private: "Aquecimento Central" },
  escritorio: { private: "Escritório" },
  "home office": { private: "Escritório" },
  copa: { private: "Copa" },
  internet: { private: "Internet" },
  "internet fibra otica": { private: "Internet" },
};

/** Every name the map can write, for the test that proves none leaves the closed lists. */
export const MAPPED_CNM_AREAS = Object.values(AMENITY_AREAS).flatMap((a) =>
  "shared" in a ? [{ area: "common" as const, name: a.shared }, { area: "private" as const, name: a.own }] : "common" in a ? [{ area: "common" as const, name: a.common }] : [{ area: "private" as const, name: a.private }],
);

/** Whether the property has areas shared with others (a condominium or building). */
export function hasCommonAreas(l: Listing): boolean {
  return l.row.condo_fee > 0 || l.row.property_type === "Apartamento" || l.row.property_type === "Sala Comercial";
}

/** The listing's amenities on the portal's two lists, and the ones with no name there (not sent). */
export function cnmAreas(l: Listing): { common: string[]; private: string[]; unmapped: string[] } {
  const common = new Set<string>();
  const own = new Set<string>();
  const unmapped: string[] = [];
  const shared = hasCommonAreas(l);
  for (const name of l.amenities) {
    const area = AMENITY_AREAS[foldTextCached(name)];
    if (!area) unmapped.push(name);
    else if ("shared" in area) (shared ? common : own).add(shared ? area.shared : area.own);
    else if ("common" in area) common.add(area.common);
    else own.add(area.private);
  }
  return { common: [...common], private: [...own], unmapped };
}

type Collector = ReturnType<typeof collector>;

function checkLocation(l: Listing, c: Collector, requirePostalCode: boolean) {
  if (!l.city) c.error("Cidade não informada.", "city");
  if (!l.neighborhood) c.error("Bairro não informado.", "neighborhood");
  if (!UF_NAMES[l.state]) c.error(`UF inválida: "${l.state}" (use a sigla do estado, por exemplo SP).`, "state");
  if (!l.postalCode) {
    if (requirePostalCode) c.error("CEP não informado.", "postal_code");
  } else if (!POSTAL_CODE_FORMAT.test(l.postalCode)) c.error(`CEP inválido: "${l.postalCode}" (use 00000-000).`, "postal_code");
  else if (UF_NAMES[l.state] && ufOfPostalCode(l.postalCode) !== l.state) c.warn(`O CEP ${l.postalCode} não é de ${UF_NAMES[l.state]}: confira o CEP e o estado.`, "postal_code");
}

function checkPrices(l: Listing, c: Collector) {
  if (l.sale && !(l.row.price > 0)) c.error("Preço de venda não informado.", "price");
  if (l.rent && !l.sale && !(l.row.rent_price > 0)) c.error("Valor do aluguel não informado.", "rent_price");
  if (l.rent && l.sale && !(l.row.rent_price > 0)) c.error("Valor do aluguel não informado (imóvel para venda e aluguel).", "rent_price");
}

/** VRSync (OLX, ZAP, VivaReal): reference §1.2–§1.7. */
export function checkVrsync(l: Listing): Check {
  const c = collector();
  const id = String(l.row.id);
  if (id.length < 1 || id.length > 50) c.error("O código do anúncio (ListingID) deve ter de 1 a 50 caracteres.");
  if (HTML_TAG.test(l.title)) c.error("O título não pode conter HTML.", "title");
  const titleLength = codePointLength(l.title);
  if (titleLength < 10 || titleLength > 100) c.error(`O título deve ter de 10 a 100 caracteres (tem ${titleLength}).`, "title");
  const descriptionLength = codePointLength(l.description);
  if (descriptionLength < 50 || descriptionLength > 3000) c.error(`A descrição deve ter de 50 a 3000 caracteres (tem ${descriptionLength}).`, "description");
  checkLocation(l, c, true);
  checkPrices(l, c);
  if (!(l.row.area > 0)) c.error("Área não informada.", "area");
  const photos = vrsyncPhotos(l);
  if (photos.sent.length < VRSYNC_MIN_PHOTOS) c.error(`São necessárias pelo menos ${VRSYNC_MIN_PHOTOS} fotos em JPG (tem ${photos.sent.length}).`, "images");
  if (photos.wrongFormat > 0) c.warn(`${photos.wrongFormat} foto(s) fora do formato JPG não serão enviadas.`, "images");
  if (photos.tooLarge > 0) c.warn(`${photos.tooLarge} foto(s) com mais de 7 MB não serão enviadas.`, "images");
  const { unmapped } = vrsyncFeatures(l);
  if (unmapped.length) c.warn(`Comodidades fora da lista do portal (não enviadas): ${unmapped.join(", ")}.`, "amenities");
  return c.done();
}

/** Chaves na Mão: reference §2.2–§2.4. */
export function checkChavesNaMao(l: Listing): Check {
  const c = collector();
  if (!l.title) c.warn("Título não informado.", "title");
  checkLocation(l, c, false);
  checkPrices(l, c);
  const descriptionLength = codePointLength(l.description);
  if (descriptionLength === 0) c.error("Descrição não informada.", "description");
  if (descriptionLength > 3000) c.error(`A descrição deve ter no máximo 3000 caracteres (tem ${descriptionLength}).`, "description");
  if (codePointLength(clean(l.row.address)) > 200) c.error("O endereço deve ter no máximo 200 caracteres.", "address");
  if (codePointLength(clean(l.row.street_number)) > 10) c.error("O número deve ter no máximo 10 caracteres.", "street_number");
  if (codePointLength(clean(l.row.complement)) > 50) c.error("O complemento deve ter no máximo 50 caracteres.", "complement");
  const photos = cnmPhotos(l);
  if (photos.wrongFormat > 0) c.warn(`${photos.wrongFormat} foto(s) fora dos formatos JPG, PNG ou WebP não serão enviadas.`, "images");
  if (photos.tooLarge > 0) c.warn(`${photos.tooLarge} foto(s) com mais de 5 MB não serão enviadas.`, "images");
  if (photos.tooSmall > 0) c.warn(`${photos.tooSmall} foto(s) menores que 800×600 pixels não serão enviadas.`, "images");
  if (photos.usable > CNM_MAX_PHOTOS) c.warn(`Só as primeiras ${CNM_MAX_PHOTOS} fotos serão enviadas (tem ${photos.usable}).`, "images");
  if (photos.usable < CNM_MIN_PHOTOS) c.warn(`O portal recomenda pelo menos ${CNM_MIN_PHOTOS} fotos (tem ${photos.usable}).`, "images");
  const { unmapped } = cnmAreas(l);
  if (unmapped.length) c.warn(`Comodidades fora da lista do portal (não enviadas): ${unmapped.join(", ")}.`, "amenities");
  return c.done();
}

/** Our own feed: every available property with a title. */
export function checkDefault(l: Listing): Check {
  const c = collector();
  if (!l.title) c.error("Título não informado.", "title");
  return c.done();
}

export function checkListing(portal: Portal, l: Listing): Check {
  if (portal === "olx") return checkVrsync(l);
  if (portal === "chavesnamao") return checkChavesNaMao(l);
  return checkDefault(l);
}
