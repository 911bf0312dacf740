import type { AddressDisplay } from "#db/schema";

/**
 * A property's address as the editor, the public page and the portal feeds
 * read it (issue 24, 'Portals need an address'): the states (UF), the CEP
 * (format, mask and whether it belongs to the state) and what of the
 * address the agency chooses to show. Shared by the browser and the server.
 */

/** Spec 03 §9: the state defaults to SP. */
export const DEFAULT_STATE = "SP";

export const UF_NAMES: Record<string, string> = {
  AC: "Acre", AL: "Alagoas", AP: "Amapá", AM: "Amazonas", BA: "Bahia", CE: "Ceará", DF: "Distrito Federal", ES: "Espírito Santo", GO: "Goiás",
  MA: "Maranhão", MT: "Mato Grosso", MS: "Mato Grosso do Sul", MG: "Minas Gerais", PA: "Pará", PB: "Paraíba", PR: "Paraná", PE: "Pernambuco",
  PI: "Piauí", RJ: "Rio de Janeiro", RN: "Rio Grande do Norte", RS: "Rio Grande do Sul", RO: "Rondônia", RR: "Roraima", SC: "Santa Catarina",
  SP: "São Paulo", SE: "Sergipe", TO: "Tocantins",
};
export const UF_CODES = Object.keys(UF_NAMES).sort((a, b) => UF_NAMES[a].localeCompare(UF_NAMES[b], "pt-BR"));

export function isUf(value: string): boolean {
  return Object.hasOwn(UF_NAMES, value);
}

// ── CEP ───────────────────────────────────────────────────────────────────
/** The CEP ranges of each state (Correios' 'faixas de CEP por UF'), as the first five digits. */
const CEP_RANGES: Record<string, [number, number][]> = {
  SP: [[1000, 19999]], RJ: [[20000, 28999]], ES: [[29000, 29999]], MG: [[30000, 39999]], BA: [[40000, 48999]], SE: [[49000, 49999]],
  PE: [[50000, 56999]], AL: [[57000, 57999]], PB: [[58000, 58999]], RN: [[59000, 59999]], CE: [[60000, 63999]], PI: [[64000, 64999]],
  MA: [[65000, 65999]], PA: [[66000, 68899]], AP: [[68900, 68999]], AM: [[69000, 69299], [69400, 69899]], RR: [[69300, 69399]],
  AC: [[69900, 69999]], DF: [[70000, 72799], [73000, 73699]], GO: [[72800, 72999], [73700, 76799]], RO: [[76800, 76999]],
  TO: [[77000, 77999]], MT: [[78000, 78899]], MS: [[79000, 79999]], PR: [[80000, 87999]], SC: [[88000, 89999]], RS: [[90000, 99999]],
};

/** The digits of a typed CEP ("01310-100", "01.310-100", " 01310100 " → "01310100"). */
export function cepDigits(text: string): string {
  return text.replace(/\D/g, "");
}

/** "01310100" → "01310-100", the form both portals show; anything else is returned as it is. */
export function formatPostalCode(code: string): string {
  const digits = cepDigits(code);
  return digits.length === 8 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : code;
}

/** The editor's mask while typing: digits only, at most 8, a hyphen after the fifth. */
export function maskPostalCode(text: string): string {
  const digits = cepDigits(text).slice(0, 8);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

/** The state a CEP belongs to, or null when no state has it (e.g. 00000-000). */
export function ufOfPostalCode(code: string): string | null {
  const digits = cepDigits(code);
  if (digits.length !== 8) return null;
  const prefix = Number(digits.slice(0, 5));
  for (const [uf, ranges] of Object.entries(CEP_RANGES)) if (ranges.some(([from, to]) => prefix >= from && prefix <= to)) return uf;
  return null;
}

/** Exactly 00000-000 (or 8 digits): the portals' format. */
export const POSTAL_CODE_FORMAT = /^\d{5}-?\d{3}$/;

// ── what the agency shows ─────────────────────────────────────────────────
/**
 * Per property, what of the address visitors and portals see (decisions.md):
 * only the neighbourhood and city (the default), the street without its
 * number, or everything but the complement (which no portal shows).
 */
export const ADDRESS_DISPLAYS = ["neighborhood", "street", "all"] as const satisfies readonly AddressDisplay[];
export const ADDRESS_DISPLAY_LABELS: Record<AddressDisplay, string> = {
  neighborhood: "Só bairro e cidade",
  street: "Rua, bairro e cidade (sem o número)",
  all: "Endereço completo (rua, número e CEP)",
};
export const DEFAULT_ADDRESS_DISPLAY: AddressDisplay = "neighborhood";

export function isAddressDisplay(value: unknown): value is AddressDisplay {
  return typeof value === "string" && (ADDRESS_DISPLAYS as readonly string[]).includes(value);
}

type AddressParts = {
  address: string;
  street_number: string | null;
  neighborhood: string;
  city: string;
  state: string;
  postal_code: string | null;
  address_display: AddressDisplay;
};

/**
 * The address line a visitor reads, as much as the agency chose: "Bairro,
 * Cidade - UF"; with the street "Rua X, Bairro, Cidade - UF"; complete
 * "Rua X, 120, Bairro, Cidade - UF, CEP 01310-100". The complement is never shown.
 */
export function publicAddress(p: AddressParts): { line: string; street: string | null } {
  const place = [p.neighborhood.trim(), [p.city.trim(), p.state.trim()].filter(Boolean).join(" - ")].filter(Boolean);
  if (p.address_display === "neighborhood" || !p.address.trim()) return { line: place.join(", "), street: null };
  const number = p.address_display === "all" ? (p.street_number ?? "").trim() : "";
  const street = [p.address.trim(), number].filter(Boolean).join(", ");
  const cep = p.address_display === "all" && p.postal_code && POSTAL_CODE_FORMAT.test(p.postal_code.trim()) ? `CEP ${formatPostalCode(p.postal_code.trim())}` : "";
  return { line: [street, ...place, cep].filter(Boolean).join(", "), street };
}
