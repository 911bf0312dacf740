import crypto from "node:crypto";
import type { Property, PropertyOption } from "#db/schema";
import { type EditorOption, type EditorValues, defaultValues } from "~/modules/properties/editor/state";
import type { PropertyInput } from "~/modules/properties/editor/schema";
import { propertySlug } from "~/utils/slug";
import { DEFAULT_STATE, formatPostalCode } from "~/modules/properties/address";
import { parseRecordId } from "~/utils/query-schema";
import { db, nowIso, parseJsonList, toJsonList, type DbOrTx } from "~/modules/platform/db.server";
import { assertCan } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { deleteFolder, isStoredUrl, isUrlInFolder, keyFromUrl } from "~/modules/files/storage.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { deletePhotos, isDraftFolder, movePhotosToFolder } from "./photos.server";

/**
 * Property records (spec 01 §3, §4): reading a row and its options,
 * creating and updating them (each in one transaction), and the option
 * writes the editor makes at once in edit mode.
 */

export class PropertyNotFoundError extends Error {}

/** A property's own photo folder: imoveis/{slug}. */
export const PROPERTY_FOLDER = /^imoveis\/[a-z0-9][a-z0-9-]*$/;

export async function findProperty(id: number, conn: DbOrTx = db()): Promise<Property | null> {
  return (await conn.selectFrom("properties").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

export async function findOptions(propertyId: number, conn: DbOrTx = db()): Promise<PropertyOption[]> {
  return conn.selectFrom("property_options").selectAll().where("property_id", "=", propertyId).orderBy("created_at").orderBy("id").execute();
}

/** The edit target, checked: PropertyNotFoundError when missing; for brokers a 404 when not theirs. */
export async function loadEditableProperty(user: SessionUser, rawId: string | undefined): Promise<Property> {
  const id = parseRecordId(rawId);
  const property = id ? await findProperty(id) : null;
  if (!property) throw new PropertyNotFoundError("Imóvel não encontrado");
  assertCan(user, "update", "property", { brokerId: property.broker_id, userId: property.user_id }, { hideAs404: true });
  return property;
}

const numText = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n).replace(".", ","));

export function propertyToValues(p: Property, options: PropertyOption[]): EditorValues {
  return {
    ...defaultValues(),
    title: p.title,
    type: p.type,
    property_type: p.property_type,
    construction_status: p.construction_status,
    purpose: p.purpose,
    status: p.status,
    construction_year: numText(p.construction_year),
    featured: p.featured === 1,
    address: p.address,
    street_number: p.street_number ?? "",
    complement: p.complement ?? "",
    neighborhood: p.neighborhood,
    city: p.city,
    state: p.state || DEFAULT_STATE,
    postal_code: p.postal_code ? formatPostalCode(p.postal_code) : "",
    address_display: p.address_display,
    latitude: numText(p.latitude),
    longitude: numText(p.longitude),
    area: numText(p.area),
    bedrooms: String(p.bedrooms),
    bathrooms: String(p.bathrooms),
    suites: String(p.suites),
    parking_spots: String(p.parking_spots),
    floor: numText(p.floor),
    total_floors: numText(p.total_floors),
    facing_direction: p.facing_direction ?? "",
    furnished: p.furnished === 1,
    pets_allowed: p.pets_allowed === 1,
    price: numText(p.price),
    rent_price: numText(p.rent_price),
    condo_fee: numText(p.condo_fee),
    iptu: numText(p.iptu),
    amenities: parseJsonList(p.amenities),
    nearby_amenities: parseJsonList(p.nearby_amenities),
    special_features: parseJsonList(p.special_features),
    description: p.description,
    images: parseJsonList(p.images),
    options: options.map(toEditorOption),
  };
}

export function toEditorOption(o: PropertyOption): EditorOption {
  return { id: o.id, area: o.area, bedrooms: o.bedrooms, bathrooms: o.bathrooms, suites: o.suites };
}

function recordFields(input: PropertyInput) {
  const purpose = input.purpose;
  return {
    title: input.title,
    description: input.description,
    type: input.type,
    property_type: input.property_type,
    purpose,
    status: input.status,
    construction_status: input.construction_status,
    construction_year: input.construction_year,
    price: input.price,
    rent_price: input.rent_price,
    condo_fee: input.condo_fee,
    iptu: input.iptu,
    rental: purpose === "rent" ? 1 : 0,
    address: input.address,
    street_number: input.street_number,
    complement: input.complement,
    neighborhood: input.neighborhood,
    city: input.city,
    state: input.state,
    postal_code: input.postal_code,
    address_display: input.address_display,
    latitude: input.latitude,
    longitude: input.longitude,
    area: input.area,
    bedrooms: input.bedrooms,
    bathrooms: input.bathrooms,
    suites: input.suites,
    parking_spots: input.parking_spots,
    floor: input.floor,
    total_floors: input.total_floors,
    facing_direction: input.facing_direction,
    furnished: input.furnished ? 1 : 0,
    pets_allowed: input.pets_allowed ? 1 : 0,
    amenities: toJsonList(input.amenities),
    nearby_amenities: toJsonList(input.nearby_amenities),
    special_features: toJsonList(input.special_features),
  };
}

async function insertOptions(conn: DbOrTx, propertyId: number, options: EditorOption[]): Promise<void> {
  if (!options.length) return;
  // created_at one millisecond apart: findOptions orders by it, so the order added is the order shown.
  const start = Date.now();
  await conn
    .insertInto("property_options")
    .values(options.slice(0, 2).map((o, i) => ({ id: crypto.randomUUID(), property_id: propertyId, area: o.area, bedrooms: o.bedrooms, bathrooms: o.bathrooms, suites: o.suites, created_at: new Date(start + i).toISOString() })))
    .execute();
}

/**
 * Create: insert, then the slug and the storage folder from the new id, the
 * draft photos moved into imoveis/{slug}, and the options — one transaction.
 */
export async function createProperty(
  input: PropertyInput,
  extra: { options: EditorOption[]; owner: { userId: string | null; brokerId: string | null }; featured: boolean; draft?: boolean },
): Promise<{ id: number; slug: string }> {
  const created = await db()
    .transaction()
    .execute(async (tx) => {
      const now = nowIso();
      const inserted = await tx
        .insertInto("properties")
        .values({ ...recordFields(input), featured: extra.featured ? 1 : 0, is_draft: extra.draft ? 1 : 0, images: "[]", user_id: extra.owner.userId, broker_id: extra.owner.brokerId, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      const slug = propertySlug(input.title, inserted.id);
      const folder = `imoveis/${slug}`;
      const images = await movePhotosToFolder(input.images, folder);
      await tx.updateTable("properties").set({ slug, storage_folder: folder, images: toJsonList(images) }).where("id", "=", inserted.id).execute();
      await insertOptions(tx, inserted.id, extra.options);
      return { id: inserted.id, slug };
    });
  // The draft folder is empty now: remove it at once rather than after a day.
  const drafts = new Set(input.images.map((u) => (isStoredUrl(u) ? /^(imoveis\/[^/]+)\//.exec(keyFromUrl(u) ?? "")?.[1] : undefined)).filter((f): f is string => !!f && isDraftFolder(f)));
  for (const folder of drafts) await deleteFolder(folder).catch((error) => log.warn("draft folder removal failed", { folder, ...errorFields(error) }));
  return created;
}

/**
 * Update (spec 01 §4, issue 7): photo changes were staged in the editor's
 * draft folder; they are copied into the property's folder, then the row
 * (with the slug following the title, the old slug kept for a 301) and its
 * options are written in one transaction. Only after the commit are the
 * removed photos and the draft folder deleted; if the write fails, the
 * copies go and the stored photos are untouched.
 */
export async function updateProperty(
  id: number,
  input: PropertyInput,
  extra: { options: EditorOption[]; featured: boolean; draftFolder?: string },
): Promise<{ slug: string; removedPhotos: string[] }> {
  const current = await findProperty(id);
  if (!current) throw new PropertyNotFoundError("Imóvel não encontrado");
  const folder = propertyFolderOf(current);
  const draftFolder = extra.draftFolder && isDraftFolder(extra.draftFolder) ? extra.draftFolder : null;
  const staged = draftFolder ? input.images.filter((u) => isUrlInFolder(u, draftFolder)) : [];
  const copied = staged.length ? await movePhotosToFolder(staged, folder, { keepSource: true }) : [];
  const copyOf = new Map(staged.map((u, i) => [u, copied[i]]));
  const images = input.images.map((u) => copyOf.get(u) ?? u);
  const slug = propertySlug(input.title, id);
  try {
    await db()
      .transaction()
      .execute(async (tx) => {
        const now = nowIso();
        const result = await tx
          .updateTable("properties")
          // a draft from an owner's offer becomes a listing once saved in the editor (which asks for everything a listing needs)
          .set({ ...recordFields(input), slug, storage_folder: current.storage_folder ?? folder, featured: extra.featured ? 1 : 0, is_draft: 0, images: toJsonList(images), updated_at: now })
          .where("id", "=", id)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw new PropertyNotFoundError("Imóvel não encontrado");
        if (current.slug && current.slug !== slug) {
          await tx
            .insertInto("property_slug_history")
            .values({ slug: current.slug, property_id: id, created_at: now })
            .onConflict((oc) => oc.column("slug").doUpdateSet({ property_id: id, created_at: now }))
            .execute();
        }
        // A title changed back: its slug is current again, not a redirect.
        await tx.deleteFrom("property_slug_history").where("slug", "=", slug).execute();
        await tx.deleteFrom("property_options").where("property_id", "=", id).execute();
        await insertOptions(tx, id, extra.options);
      });
  } catch (error) {
    await deletePhotos(copied.filter((u) => !staged.includes(u))).catch(() => undefined);
    throw error;
  }
  // After the commit: the photos taken out of the listing, then the staging folder.
  const kept = new Set(images);
  const removed = parseJsonList(current.images).filter((u) => !kept.has(u) && isUrlInFolder(u, folder));
  try {
    if (removed.length) await deletePhotos(removed);
    if (draftFolder) await deleteFolder(draftFolder);
  } catch (error) {
    log.error("photo cleanup after save failed", { id, ...errorFields(error) });
  }
  return { slug, removedPhotos: removed };
}

/** The current path of a property known by an old slug (its title changed since), or null. */
export async function movedPropertyPath(slugOrId: string): Promise<string | null> {
  const value = slugOrId.trim().toLowerCase();
  if (!value || value.length > 200 || /^\d+$/.test(value)) return null;
  const row = await db()
    .selectFrom("property_slug_history")
    .innerJoin("properties", "properties.id", "property_slug_history.property_id")
    .select(["properties.id", "properties.slug"])
    .where("property_slug_history.slug", "=", value)
    .executeTakeFirst();
  if (!row || !row.slug || row.slug === value) return null;
  return `/imovel/${row.slug}`;
}

/** Edit mode adds an option at once: the stored list after the insert, or null when two exist already. */
export async function addStoredOption(propertyId: number, option: EditorOption): Promise<PropertyOption[] | null> {
  return db()
    .transaction()
    .execute(async (tx) => {
      const existing = await tx.selectFrom("property_options").select("id").where("property_id", "=", propertyId).execute();
      if (existing.length >= 2) return null;
      const id = crypto.randomUUID();
      await tx.insertInto("property_options").values({ id, property_id: propertyId, area: option.area, bedrooms: option.bedrooms, bathrooms: option.bathrooms, suites: option.suites, created_at: nowIso() }).execute();
      return findOptions(propertyId, tx);
    });
}

/** Edit mode removes an option at once; the list is re-read after the removal (spec 01 §4). */
export async function removeStoredOption(propertyId: number, optionId: string): Promise<PropertyOption[]> {
  await db().deleteFrom("property_options").where("id", "=", optionId).where("property_id", "=", propertyId).execute();
  return findOptions(propertyId);
}

export function propertyFolderOf(property: Property): string {
  return property.storage_folder && PROPERTY_FOLDER.test(property.storage_folder) ? property.storage_folder : `imoveis/${property.slug ?? propertySlug(property.title, property.id)}`;
}
