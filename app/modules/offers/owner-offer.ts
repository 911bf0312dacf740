import { z } from "zod";
import type { OfferPurpose, PropertyKind } from "#db/schema";
import { leadFormSchema } from "~/modules/leads/lead-form";
import { PROPERTY_KINDS } from "~/modules/properties/vocabulary";
import { amount } from "~/utils/form-fields";
import { OFFER_PHOTO_FIELD, OFFER_PHOTO_LIMITS, OFFER_PHOTO_MESSAGES } from "./offer-rules";

export { OFFER_PHOTO_FIELD, OFFER_PHOTO_LIMITS };

/**
 * 'Anuncie seu imóvel' (/anuncie, issue 28): an owner offers a property to
 * the agency. Shared by the browser (Conform's checks) and the action: the
 * form's one schema, its limits and pt-BR messages. The contact fields are
 * the lead form's own (lead-form.ts: the one e-mail rule, the one phone
 * normaliser); the asking price and the area are read by the one money
 * parser (utils/format.ts parseDecimal, through form-fields' `amount`).
 * The photos are files, checked on the server (offer-photos.server.ts).
 */
export const OFFER_FORM_ID = "offer-form";

export const OFFER_LIMITS = { city: 80, neighborhood: 80, message: 2000, area: 1_000_000, bedrooms: 50, price: 10_000_000_000 } as const;

export const OFFER_PURPOSES: readonly OfferPurpose[] = ["sale", "rent"];
export const OFFER_PURPOSE_LABELS: Record<OfferPurpose, string> = { sale: "Venda", rent: "Aluguel" };
export const OFFER_KINDS: readonly PropertyKind[] = PROPERTY_KINDS;

export const OFFER_MESSAGES = {
  purpose: "Escolha se o imóvel é para venda ou aluguel",
  kind: "Selecione o tipo do imóvel",
  cityRequired: "Informe a cidade do imóvel",
  cityLong: `A cidade deve ter no máximo ${OFFER_LIMITS.city} caracteres`,
  neighborhoodRequired: "Informe o bairro do imóvel",
  neighborhoodLong: `O bairro deve ter no máximo ${OFFER_LIMITS.neighborhood} caracteres`,
  areaRequired: "Informe a área do imóvel em m²",
  areaInvalid: "Informe a área em m², por exemplo 85 ou 85,5",
  areaPositive: "A área deve ser maior que zero",
  bedroomsRequired: "Informe o número de quartos (0 se não houver)",
  bedroomsInvalid: `Informe um número inteiro de quartos, de 0 a ${OFFER_LIMITS.bedrooms}`,
  priceRequired: "Informe o valor pretendido",
  priceInvalid: "Informe o valor em reais, por exemplo 450.000,00",
  pricePositive: "O valor pretendido deve ser maior que zero",
  messageLong: `A mensagem deve ter no máximo ${OFFER_LIMITS.message.toLocaleString("pt-BR")} caracteres`,
  ...OFFER_PHOTO_MESSAGES,
  unreadable: "Não foi possível ler o formulário enviado. Tente novamente.",
  failure: "Ocorreu um erro ao enviar seu imóvel. Por favor, tente novamente.",
} as const;

/** Text the owner types, with its own messages for missing and too long. */
const place = (max: number, required: string, long: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? required : undefined) })
    .trim()
    .min(1, required)
    .max(max, long);

/** A number typed the Brazilian way ('450.000,00', 'R$ 450.000', '85,5'), above zero. */
const positiveAmount = (max: number, required: string, invalid: string, positive: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? required : undefined) })
    .pipe(amount({ max, message: invalid }))
    .refine((n) => n > 0, positive);

const oneOf = <T extends string>(values: readonly T[], message: string) =>
  z
    .string({ error: message })
    .refine((v): v is T => (values as readonly string[]).includes(v), message)
    .transform((v) => v as T);

export const offerFormSchema = z.object({
  name: leadFormSchema.shape.name,
  email: leadFormSchema.shape.email,
  phone: leadFormSchema.shape.phone,
  purpose: oneOf(OFFER_PURPOSES, OFFER_MESSAGES.purpose),
  property_kind: oneOf(OFFER_KINDS, OFFER_MESSAGES.kind),
  city: place(OFFER_LIMITS.city, OFFER_MESSAGES.cityRequired, OFFER_MESSAGES.cityLong),
  neighborhood: place(OFFER_LIMITS.neighborhood, OFFER_MESSAGES.neighborhoodRequired, OFFER_MESSAGES.neighborhoodLong),
  area: positiveAmount(OFFER_LIMITS.area, OFFER_MESSAGES.areaRequired, OFFER_MESSAGES.areaInvalid, OFFER_MESSAGES.areaPositive).transform((n) => Math.round(n * 100) / 100),
  bedrooms: z
    .string({ error: (issue) => (issue.input === undefined ? OFFER_MESSAGES.bedroomsRequired : undefined) })
    .trim()
    .regex(/^\d{1,2}$/, OFFER_MESSAGES.bedroomsInvalid)
    .transform(Number)
    .refine((n) => n <= OFFER_LIMITS.bedrooms, OFFER_MESSAGES.bedroomsInvalid),
  price: positiveAmount(OFFER_LIMITS.price, OFFER_MESSAGES.priceRequired, OFFER_MESSAGES.priceInvalid, OFFER_MESSAGES.pricePositive).transform((n) => Math.round(n * 100) / 100),
  message: z.string().trim().max(OFFER_LIMITS.message, OFFER_MESSAGES.messageLong).optional(),
  /** The broker referral code; anything that is not an active broker's id is ignored by createLead. */
  ref: z.string().trim().max(64).optional(),
});

export type OfferFormValues = z.output<typeof offerFormSchema>;

/** The field labels, for the summary at the top of the form. */
export const OFFER_FIELD_LABELS: Record<string, string> = {
  name: "Nome",
  email: "E-mail",
  phone: "Telefone",
  purpose: "Finalidade",
  property_kind: "Tipo de imóvel",
  city: "Cidade",
  neighborhood: "Bairro",
  area: "Área",
  bedrooms: "Quartos",
  price: "Valor pretendido",
  message: "Mensagem",
  photos: "Fotos",
};

/** The lead's message: the offer in one readable block, then what the owner wrote (lists and e-mails show it as is). */
export function offerLeadMessage(offer: Pick<OfferFormValues, "purpose" | "property_kind" | "city" | "neighborhood" | "area" | "bedrooms" | "price" | "message">, priceText: string): string {
  const head = `Anuncie seu imóvel: ${offer.property_kind} para ${OFFER_PURPOSE_LABELS[offer.purpose].toLowerCase()} em ${offer.neighborhood}, ${offer.city}`;
  const facts = `${offer.area.toLocaleString("pt-BR")} m², ${offer.bedrooms} ${offer.bedrooms === 1 ? "quarto" : "quartos"}, valor pretendido ${priceText}${offer.purpose === "rent" ? "/mês" : ""}.`;
  return [`${head}. ${facts}`, offer.message?.trim()].filter(Boolean).join("\n\n");
}
