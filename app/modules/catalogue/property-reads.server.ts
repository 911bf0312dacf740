import type { Property, PropertyOption } from "#db/schema";
import { findActiveBroker, type PublicBroker } from "~/modules/auth/users.server";
import { db } from "~/modules/platform/db.server";
import { errorFields, log } from "~/modules/platform/logger.server";

/** The property page's reads (spec 01 §7), and the ref's broker card shown on public pages. */

/**
 * One indexed read by id (digits) or slug (unique index). A slug whose title
 * part changed still resolves through its trailing id; the caller redirects
 * to the current address.
 */
export async function findPublicProperty(slugOrId: string): Promise<Property | null> {
  const value = slugOrId.trim().toLowerCase();
  if (!value || value.length > 200) return null;
  // a draft made from an owner's offer is nobody's business until the broker saves it in the editor
  const published = db().selectFrom("properties").selectAll().where("is_draft", "=", 0);
  if (/^\d{1,12}$/.test(value)) {
    return (await published.where("id", "=", Number(value)).executeTakeFirst()) ?? null;
  }
  const bySlug = await published.where("slug", "=", value).executeTakeFirst();
  if (bySlug) return bySlug;
  const trailingId = /-(\d{1,12})$/.exec(value)?.[1];
  if (!trailingId) return null;
  return (await published.where("id", "=", Number(trailingId)).executeTakeFirst()) ?? null;
}

export async function listPropertyOptions(propertyId: number): Promise<PropertyOption[]> {
  return db().selectFrom("property_options").selectAll().where("property_id", "=", propertyId).orderBy("area").limit(2).execute();
}

/** The ref's broker card, or nothing: a failed lookup is logged, never shown (spec 01 §7). */
export async function findRefBroker(ref: string | null): Promise<PublicBroker | null> {
  if (!ref) return null;
  try {
    return await findActiveBroker(ref);
  } catch (error) {
    log.warn("broker lookup failed", errorFields(error));
    return null;
  }
}
