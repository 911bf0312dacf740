import crypto from "node:crypto";
import { z } from "zod";
import { assertCan } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { db, nowIso } from "~/modules/platform/db.server";
import { decryptSecret, encryptSecret } from "~/modules/platform/secrets.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import type { LeadSource } from "#db/schema";
import { foldText } from "~/utils/slug";
import { digitsOnly, formatPhone } from "~/utils/phone";
import { normalisePhone } from "~/utils/phone.server";
import { EMAIL_PATTERN, LEAD_LIMITS } from "./lead-rules";
import { createLead } from "./leads.server";

/**
 * Leads pushed by ZAP Imóveis and VivaReal (reference: portal-feeds.md,
 * 'Portal lead push'): one JSON document per lead, POSTed to an address
 * that carries a secret the admin registers with the portal. The lead goes
 * through createLead like a site lead (routing, CRM, webhooks), found by
 * our listing id; a repeated originLeadId creates nothing new. We answer
 * 2xx only once the lead is committed, so a failure is retried by the portal.
 * The portal gives up after its retries, so a lead is never refused for what
 * it says (a long name or message, a DDD written '(011)'): see toLeadInput.
 */
const SECRET_PURPOSE = "portal-leads";

/**
 * What a portal may send: every field optional, any JSON scalar, unknown
 * fields ignored, nothing refused for its length. A lead is refused only
 * without originLeadId (nothing to recognise its retries by); everything
 * else is kept as far as it fits (toLeadInput).
 */
const scalar = z.preprocess((v) => (typeof v === "string" ? v.trim() : typeof v === "number" || typeof v === "boolean" ? String(v) : undefined), z.string().optional());

export const portalLeadSchema = z.object({
  leadOrigin: scalar,
  timestamp: scalar,
  originLeadId: scalar,
  originListingId: scalar,
  clientListingId: scalar,
  name: scalar,
  email: scalar,
  ddd: scalar,
  phone: scalar,
  phoneNumber: scalar,
  message: scalar,
});
export type PortalLead = z.infer<typeof portalLeadSchema> & { originLeadId: string };

/** The portal's own lead id is a key, not text to read: a sane ceiling, named in the refusal. */
export const MAX_ORIGIN_LEAD_ID = 500;

export const PORTAL_LEAD_ERRORS = {
  notObject: "Lead inválido: o corpo deve ser um objeto JSON com os campos do lead.",
  missingId: "Lead inválido: originLeadId é obrigatório.",
  longId: `Lead inválido: originLeadId deve ter no máximo ${MAX_ORIGIN_LEAD_ID} caracteres.`,
} as const;

/** The portal's document as a lead to store, or the one real reason it cannot be. */
export function parsePortalLead(body: unknown): { ok: true; lead: PortalLead } | { ok: false; error: string } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return { ok: false, error: PORTAL_LEAD_ERRORS.notObject };
  const data = portalLeadSchema.parse(body);
  if (!data.originLeadId) return { ok: false, error: PORTAL_LEAD_ERRORS.missingId };
  if (data.originLeadId.length > MAX_ORIGIN_LEAD_ID) return { ok: false, error: PORTAL_LEAD_ERRORS.longId };
  return { ok: true, lead: { ...data, originLeadId: data.originLeadId } };
}

/** The portal a push came from, by what its leadOrigin says ('ZAP', 'Grupo ZAP', 'VivaReal', 'OLX'…). */
export function portalSource(leadOrigin: string | undefined): LeadSource {
  const origin = foldText(leadOrigin ?? "").replace(/[^a-z]/g, "");
  if (origin.includes("zap")) return "zap";
  if (origin.includes("viva")) return "vivareal";
  if (origin.includes("olx")) return "olx";
  return "portal";
}

/**
 * The portal's phone as one number: phoneNumber when it is a whole number,
 * else ddd + phone ('(011)' and '11' are the same DDD: the trunk zero goes),
 * else phone alone; normalised by the one normaliser. Null when none is a
 * possible number (the text is then kept as sent).
 */
export function portalPhone(input: Pick<PortalLead, "ddd" | "phone" | "phoneNumber">): string | null {
  const ddd = digitsOnly(input.ddd).replace(/^0+/, "");
  const withDdd = (value: string | undefined) => {
    const local = digitsOnly(value);
    return ddd && local && local.length <= 9 && !value?.startsWith("+") ? `${ddd}${local}` : undefined;
  };
  for (const candidate of [input.phoneNumber, withDdd(input.phoneNumber), withDdd(input.phone), input.phone]) {
    const normal = normalisePhone(candidate);
    if (normal) return normal;
  }
  return null;
}

/** A stored phone as people read it: (11) 98765-4321 for Brazil, +1… otherwise. */
function displayPhone(normal: string): string {
  return normal.startsWith("55") ? formatPhone(normal) : `+${normal}`;
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/**
 * The lead fields from what the portal sent: each value kept where it fits
 * (name and e-mail within the lead form's limits, the phone normalised),
 * the message in full, and whatever did not fit written under it, so
 * nothing the person sent is lost.
 */
export function toLeadInput(input: PortalLead): { name: string; email: string; phone: string; message: string; source: LeadSource } {
  const unfit: string[] = [];
  const fullName = input.name ?? "";
  const name = fullName ? cut(fullName, LEAD_LIMITS.name) : "Contato do portal";
  if (fullName.length > LEAD_LIMITS.name) unfit.push(`Nome completo: ${fullName}`);
  const rawEmail = (input.email ?? "").toLowerCase();
  const emailFits = rawEmail.length <= LEAD_LIMITS.email && EMAIL_PATTERN.test(rawEmail);
  if (rawEmail && !emailFits) unfit.push(`E-mail informado: ${input.email}`);
  const normal = portalPhone(input);
  const typed = input.phoneNumber || [input.ddd, input.phone].filter(Boolean).join(" ");
  let phone = normal ? displayPhone(normal) : typed;
  if (phone.length > LEAD_LIMITS.phone) phone = "";
  if (typed && (!normal || !phone)) unfit.push(`Telefone informado: ${typed}`);
  const origin = input.leadOrigin ? `[${input.leadOrigin}] ` : "[Portal] ";
  const note = unfit.length ? `\n\nDados enviados pelo portal que não couberam nos campos do lead:\n${unfit.join("\n")}` : "";
  return { name, email: emailFits ? rawEmail : "", phone, message: `${origin}${input.message ?? ""}`.trim() + note, source: portalSource(input.leadOrigin) };
}

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
    const lead = await createLead({ ...toLeadInput(input), propertyId: await listingIdOf(input.clientListingId) });
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
