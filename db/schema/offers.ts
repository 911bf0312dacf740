import type { Generated, Selectable } from "kysely";
import type { PropertyKind, Timestamp } from "./columns";

/** 'Anuncie seu imóvel' (0059; part of db/schema.ts): an owner's offer, attached to its 'captacao' lead. */
export type OfferPurpose = "sale" | "rent";

export interface OwnerOffersTable {
  id: Generated<number>;
  /** The 'captacao' lead the offer came with (one offer per lead). */
  lead_id: number;
  purpose: OfferPurpose;
  /** One of the catalogue's kinds (Apartamento, Casa, …). */
  property_kind: PropertyKind;
  city: string;
  neighborhood: string;
  /** m² */
  area: number;
  bedrooms: number;
  /** Asking price in BRL (the rent per month for 'rent'). */
  price: number;
  /** Private storage folder of the photos: captacao/{hex}. */
  folder: string;
  /** The draft property made from the offer ('Criar rascunho de imóvel'); null until then or once deleted. */
  property_id: number | null;
  created_at: Timestamp;
}

/** A photo of an offer: a private file (`file_key` under captacao/…), served by id to the lead's broker or an admin. */
export interface OwnerOfferPhotosTable {
  id: Generated<number>;
  offer_id: number;
  file_key: string;
  original_name: string;
  position: number;
  created_at: Timestamp;
}

export type OwnerOffer = Selectable<OwnerOffersTable>;
export type OwnerOfferPhoto = Selectable<OwnerOfferPhotosTable>;
