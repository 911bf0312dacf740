import fsp from "node:fs/promises";
import type { OwnerOffer, PropertyKind, PropertyTypeCode } from "#db/schema";
import type { SessionUser } from "~/modules/auth/session.server";
import { assertCan } from "~/modules/auth/permissions.server";
import { storePhoto } from "~/modules/files/images.server";
import { deleteFolder, publicUrl, resolveKey, uniqueFileName } from "~/modules/files/storage.server";
import { requireLead } from "~/modules/leads/lead-access.server";
import { db } from "~/modules/platform/db.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { DEFAULT_STATE } from "~/modules/properties/address";
import { deleteProperty } from "~/modules/properties/delete.server";
import type { PropertyInput } from "~/modules/properties/editor/schema";
import { LIMITS } from "~/modules/properties/editor/state";
import { draftFolderName } from "~/modules/properties/photos.server";
import { createProperty } from "~/modules/properties/records.server";
import { findOfferOfLead, offerPhotos } from "./offers.server";

/**
 * 'Criar rascunho de imóvel' on a 'captacao' lead's page: a property made
 * from the owner's offer, not published: a draft (`is_draft`, its page a
 * 404 to visitors until first saved in the editor) with status 'reserved'
 * (off the catalogue, the feeds, the sitemap and the alerts, which all list
 * 'available' only; docs/decisions.md), filled with the offer's data, its
 * photos copied through the editor's image pipeline (storePhoto: no
 * metadata, WebP variants) into an editor draft folder that createProperty
 * moves into the property's own folder. The property's id is remembered on
 * the offer: a second press opens the same draft.
 */
export const OFFER_DRAFT_MESSAGES = {
  noOffer: "Este lead não tem um imóvel oferecido.",
  created: "Rascunho criado. Complete o endereço, a descrição e as fotos antes de publicar.",
  existing: "O rascunho deste imóvel já existe.",
} as const;

export class OfferDraftError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** The catalogue's search category for what the owner offers. */
function categoryOf(offer: Pick<OwnerOffer, "purpose" | "property_kind">): PropertyTypeCode {
  if (offer.purpose === "rent") return "rent";
  const commercial: PropertyKind[] = ["Sala Comercial", "Loja", "Galpão"];
  if (offer.property_kind === "Terreno") return "terrenos";
  return commercial.includes(offer.property_kind) ? "imobiliario" : "pronto";
}

export function draftInput(offer: OwnerOffer, images: string[]): PropertyInput {
  return {
    title: `${offer.property_kind} em ${offer.neighborhood}, ${offer.city}`.slice(0, LIMITS.title),
    type: categoryOf(offer),
    property_type: offer.property_kind,
    construction_status: "ready",
    purpose: offer.purpose,
    status: "reserved",
    construction_year: null,
    featured: false,
    address: "",
    street_number: null,
    complement: null,
    neighborhood: offer.neighborhood,
    city: offer.city,
    state: DEFAULT_STATE,
    postal_code: null,
    address_display: "neighborhood",
    latitude: null,
    longitude: null,
    area: offer.area,
    bedrooms: offer.bedrooms,
    bathrooms: 0,
    suites: 0,
    parking_spots: 0,
    floor: null,
    total_floors: null,
    facing_direction: null,
    furnished: false,
    pets_allowed: false,
    price: offer.purpose === "sale" ? offer.price : 0,
    rent_price: offer.purpose === "rent" ? offer.price : 0,
    condo_fee: 0,
    iptu: 0,
    amenities: [],
    nearby_amenities: [],
    special_features: [],
    description: "",
    images,
  };
}

/**
 * Makes (once) the draft property of a lead's offer and returns its id.
 * Only a user who may change the lead (its broker, an admin, a CRM admin:
 * requireLead) and may create properties gets here; someone else's lead is
 * a 404 like a missing one.
 */
export async function createDraftFromOffer(user: SessionUser, leadId: number): Promise<{ propertyId: number; created: boolean }> {
  const lead = await requireLead(user, leadId, "update");
  assertCan(user, "create", "property");
  const offer = await findOfferOfLead(lead.id);
  if (!offer) throw new OfferDraftError(OFFER_DRAFT_MESSAGES.noOffer, 404);
  if (offer.property_id !== null) {
    const exists = await db().selectFrom("properties").select("id").where("id", "=", offer.property_id).executeTakeFirst();
    if (exists) return { propertyId: exists.id, created: false };
  }

  const draftFolder = draftFolderName();
  let propertyId: number | null = null;
  try {
    const images: string[] = [];
    for (const photo of await offerPhotos(offer.id)) {
      const data = await fsp.readFile(resolveKey(photo.file_key));
      const ext = photo.file_key.slice(photo.file_key.lastIndexOf(".") + 1);
      const key = await storePhoto(draftFolder, uniqueFileName(ext), data);
      images.push(publicUrl(key));
    }
    // The admin's draft belongs to the lead's broker too, so the broker who talks to the owner can finish it.
    const owner = user.role === "broker" && user.broker ? { userId: user.id, brokerId: user.broker.id } : { userId: user.id, brokerId: lead.broker_id };
    const created = await createProperty(draftInput(offer, images), { options: [], owner, featured: false, draft: true });
    propertyId = created.id;
    // Remembered only if no other press got there first (two tabs, two processes): the loser's property goes.
    const claimed = await db().updateTable("owner_offers").set({ property_id: created.id }).where("id", "=", offer.id).where((eb) => eb.or([eb("property_id", "is", null), eb("property_id", "not in", eb.selectFrom("properties").select("id"))])).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) {
      await deleteProperty(created.id);
      const winner = await findOfferOfLead(lead.id);
      return { propertyId: winner!.property_id!, created: false };
    }
    return { propertyId: created.id, created: true };
  } catch (error) {
    log.error("draft from offer failed", { leadId, propertyId, ...errorFields(error) });
    throw error;
  } finally {
    // createProperty empties and removes it; after a failure its copies go here
    await deleteFolder(draftFolder).catch(() => undefined);
  }
}
