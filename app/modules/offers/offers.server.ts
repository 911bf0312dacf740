import type { OwnerOffer, OwnerOfferPhoto } from "#db/schema";
import type { SessionUser } from "~/modules/auth/session.server";
import { can } from "~/modules/auth/permissions.server";
import { requireLead } from "~/modules/leads/lead-access.server";
import { openReadStream } from "~/modules/files/storage.server";
import { db, type DbOrTx } from "~/modules/platform/db.server";
import { IMAGE_WIDTHS } from "~/utils/images";

/**
 * Reading an owner's offer (/anuncie): the offer of a 'captacao' lead, for
 * the lead page, and its private photos, opened only for a user the one
 * lead gate (leads/lead-access.server.ts requireLead) lets read the lead.
 */
export const OFFER_PHOTO_URL = "/arquivos/captacao/";

export async function findOfferOfLead(leadId: number, conn: DbOrTx = db()): Promise<OwnerOffer | null> {
  return (await conn.selectFrom("owner_offers").selectAll().where("lead_id", "=", leadId).executeTakeFirst()) ?? null;
}

export async function offerPhotos(offerId: number, conn: DbOrTx = db()): Promise<OwnerOfferPhoto[]> {
  return conn.selectFrom("owner_offer_photos").selectAll().where("offer_id", "=", offerId).orderBy("position").orderBy("id").execute();
}

/** The lead page's 'Imóvel oferecido' section: the offer, its photos by URL, the draft property when made, and whether this user may make it. */
export async function offerSection(user: SessionUser, leadId: number) {
  const offer = await findOfferOfLead(leadId);
  if (!offer) return null;
  const photos = await offerPhotos(offer.id);
  const draft = offer.property_id
    ? ((await db().selectFrom("properties").select(["id", "title", "status"]).where("id", "=", offer.property_id).executeTakeFirst()) ?? null)
    : null;
  return {
    purpose: offer.purpose,
    kind: offer.property_kind,
    city: offer.city,
    neighborhood: offer.neighborhood,
    area: offer.area,
    bedrooms: offer.bedrooms,
    price: offer.price,
    photos: photos.map((p) => ({ id: p.id, name: p.original_name, url: `${OFFER_PHOTO_URL}${p.id}`, thumbUrl: `${OFFER_PHOTO_URL}${p.id}?w=400` })),
    draft,
    canCreateDraft: can(user, "create", "property"),
  };
}
export type OfferSection = NonNullable<Awaited<ReturnType<typeof offerSection>>>;

/**
 * An offer's photo for a signed-in user, by the photo's id (never a path
 * from the URL), or null when it does not exist. Someone else's lead is
 * refused by requireLead exactly like a missing one (404). `width` picks a
 * stored WebP variant (the thumbnails).
 */
export async function openOfferPhoto(user: SessionUser, photoId: number, width: number | null) {
  const row = await db()
    .selectFrom("owner_offer_photos")
    .innerJoin("owner_offers", "owner_offers.id", "owner_offer_photos.offer_id")
    .select(["owner_offer_photos.file_key", "owner_offers.lead_id"])
    .where("owner_offer_photos.id", "=", photoId)
    .executeTakeFirst();
  if (!row) return null;
  await requireLead(user, row.lead_id, "read");
  const variant = width !== null && (IMAGE_WIDTHS as readonly number[]).includes(width) ? `${row.file_key}.w${width}.webp` : null;
  const file = (variant ? openReadStream(variant) : null) ?? openReadStream(row.file_key);
  if (!file) return null;
  const name = (variant ?? row.file_key).slice(row.file_key.lastIndexOf("/") + 1);
  return { file, name };
}

/** The private photo folders of these leads' offers (read before the leads are deleted: the rows cascade, the files do not). */
export async function offerFoldersOf(leadIds: readonly number[], conn: DbOrTx = db()): Promise<string[]> {
  const folders: string[] = [];
  for (let i = 0; i < leadIds.length; i += 500) {
    const rows = await conn.selectFrom("owner_offers").select("folder").where("lead_id", "in", leadIds.slice(i, i + 500)).execute();
    folders.push(...rows.map((r) => r.folder));
  }
  return folders;
}
