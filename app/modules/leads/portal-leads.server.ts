import crypto from "node:crypto";
import { z } from "zod";
import { assertCan } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { db, nowIso } from "~/modules/platform/db.server";
import { decryptSecret, encryptSecret } from "~/modules/platform/secrets.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { createLead } from "./leads.server";

/**
 * Leads pushed by ZAP Imóveis and VivaReal (reference: portal-feeds.md,
 * 'Portal lead push'): one JSON document per lead, POSTed to an address
 * that carries a secret the admin registers with the portal. The lead goes
 * through createLead like a site lead (routing, CRM, webhooks), found by
 * our listing id; a repeated originLeadId creates nothing new. We answer
 * 2xx only once the lead is committed, so a failure is retried by the portal.
 */
const SECRET_PURPOSE = "portal-leads";
const text = (max: number) => z.preprocess((v) => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : undefined), z.string().max(max).optional());

export const portalLeadSchema = z.object({
  leadOrigin: text(60),
  timestamp: text(60),
  originLeadId: z.preprocess((v) => (typeof v === "number" ? String(v) : v), z.string().trim().min(1).max(120)),
  originListingId: text(120),
  clientListingId: text(120),
  name: text(200),
  email: text(200),
  ddd: text(4),
  phone: text(30),
  phoneNumber: text(30),
  message: text(5000),
});
export type PortalLead = z.infer<typeof portalLeadSchema>;

export async function portalToken(): Promise<string | null> {
  const row = await db().selectFrom("portal_lead_settings").select("token").where("id", "=", 1).executeTakeFirst();
  return decryptSecret(row?.token, SECRET_PURPOSE);
}

/** A new secret (the old address stops working). */
export async function rotatePortalToken(user: SessionUser): Promise<string> {
  assertCan(user, "update", "webhook");
  const token = crypto.randomBytes(24).toString("base64url");
  const stored = encryptSecret(token, SECRET_PURPOSE);
  await db()
    .insertInto("portal_lead_settings")
    .values({ id: 1, token: stored, updated_at: nowIso() })
    .onConflict((oc) => oc.column("id").doUpdateSet({ token: stored, updated_at: nowIso() }))
    .execute();
  return token;
}

/** Constant-time comparison of the address's secret. */
export async function isPortalToken(candidate: string): Promise<boolean> {
  const token = await portalToken();
  if (!token || candidate.length !== token.length) return false;
  return crypto.timingSafeEqual(Buffer.from(candidate), Buffer.from(token));
}

async function listingIdOf(clientListingId: string | undefined): Promise<number | null> {
  if (!clientListingId) return null;
  const byId = /^\d{1,12}$/.test(clientListingId) ? await db().selectFrom("properties").select("id").where("id", "=", Number(clientListingId)).executeTakeFirst() : undefined;
  if (byId) return byId.id;
  const bySlug = await db().selectFrom("properties").select("id").where("slug", "=", clientListingId.toLowerCase()).executeTakeFirst();
  return bySlug?.id ?? null;
}

export type PortalReceipt = { leadId: number | null; duplicate: boolean };

/**
 * Records the portal lead once. The portal's id is claimed first (unique);
 * if creating the lead fails, the claim is undone and the error thrown, so
 * the portal's retry can succeed later.
 */
export async function receivePortalLead(input: PortalLead, now: Date = new Date()): Promise<PortalReceipt> {
  const claimed = await db()
    .insertInto("portal_leads")
    .values({ origin_lead_id: input.originLeadId, lead_id: null, lead_origin: input.leadOrigin ?? null, client_listing_id: input.clientListingId ?? null, received_at: now.toISOString() })
    .onConflict((oc) => oc.column("origin_lead_id").doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) === 0) {
    const existing = await db().selectFrom("portal_leads").select("lead_id").where("origin_lead_id", "=", input.originLeadId).executeTakeFirst();
    return { leadId: existing?.lead_id ?? null, duplicate: true };
  }
  try {
    const phone = input.phoneNumber || [input.ddd, input.phone].filter(Boolean).join(" ");
    const origin = input.leadOrigin ? `[${input.leadOrigin}] ` : "[Portal] ";
    const lead = await createLead({
      name: input.name || "Contato do portal",
      email: input.email ?? "",
      phone: phone ?? "",
      message: `${origin}${input.message ?? ""}`.trim(),
      propertyId: await listingIdOf(input.clientListingId),
      source: "site",
    });
    await db().updateTable("portal_leads").set({ lead_id: lead.id }).where("origin_lead_id", "=", input.originLeadId).execute();
    return { leadId: lead.id, duplicate: false };
  } catch (error) {
    await db().deleteFrom("portal_leads").where("origin_lead_id", "=", input.originLeadId).execute();
    log.error("portal lead failed", { originLeadId: input.originLeadId, ...errorFields(error) });
    throw error;
  }
}

export async function recentPortalLeads(user: SessionUser, limit = 10) {
  assertCan(user, "read", "lead");
  return db()
    .selectFrom("portal_leads")
    .leftJoin("leads", "leads.id", "portal_leads.lead_id")
    .select(["portal_leads.origin_lead_id", "portal_leads.lead_origin", "portal_leads.client_listing_id", "portal_leads.received_at", "leads.id as lead_id", "leads.name"])
    .orderBy("portal_leads.received_at", "desc")
    .limit(limit)
    .execute();
}
