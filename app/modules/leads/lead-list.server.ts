import { z } from "zod";
import { db } from "~/modules/platform/db.server";
import { agencyInstant, agencyTime } from "~/utils/clock";
import { brokerScope } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { lenientText, pageParam, parseRecordId } from "~/utils/query-schema";
import { countTextMatches, leadKeyMatch, leadSearchWords, leadTextMatch } from "#db/lead-search";

/** The columns every lead view starts with: who wrote, what was asked, about which property. */
export const LEAD_CONTACT_COLUMNS = ["leads.id", "leads.name", "leads.email", "leads.phone", "leads.message", "leads.property_title", "leads.property_url"] as const;
/** The broker a lead belongs to, for a query joined with brokers. */
export const LEAD_BROKER_COLUMNS = ["leads.broker_id", "brokers.name as broker_name", "brokers.email as broker_email"] as const;
import { LEADS_PAGE_SIZE, type LeadStatus } from "~/modules/crm/labels";

/**
 * The lead list (/broker/crm?view=list, /broker/leads, /broker/lead,
 * /admin/contacts): filters in the URL, 10 a page, newest first. Brokers see
 * only their own leads (scoped in the query); admins all, optionally one
 * broker's. Every filter uses an index (see migration 0007).
 */
export const leadListParams = z.object({
  q: lenientText.optional(),
  stage: z
    .unknown()
    .transform((v) => parseRecordId(v) ?? undefined)
    .optional(),
  broker: z.string().trim().max(64).optional().catch(undefined),
  page: pageParam.default(1),
});
export type LeadListParams = z.infer<typeof leadListParams>;

export function parseLeadListParams(url: URL): LeadListParams {
  const raw = Object.fromEntries(["q", "stage", "broker", "page"].map((k) => [k, url.searchParams.get(k) ?? undefined]));
  const parsed = leadListParams.safeParse(raw);
  return parsed.success ? parsed.data : { page: 1 };
}

export type LeadListRow = {
  id: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  propertyTitle: string | null;
  propertyUrl: string | null;
  brokerId: string | null;
  brokerName: string | null;
  brokerEmail: string | null;
  stageId: number | null;
  stageName: string | null;
  status: LeadStatus;
  priority: string | null;
  createdAt: string;
};

/** totalCapped: a broad admin search counts at most SEARCH_COUNT_CAP matches (shown as "mais de 1000"). */
export type LeadListPage = { rows: LeadListRow[]; total: number; totalCapped?: boolean; page: number; pageCount: number; pageSize: number };
export const SEARCH_COUNT_CAP = 1000;

/**
 * The where() of a list query, shared by the page, the count and the CSV
 * export. Text: within one broker (scope or filter) a LIKE on the folded
 * search_key over that broker's rows; otherwise the trigram index, or for a
 * broad word ("key" mode) search_key read in date order.
 */
export function leadListQuery(user: SessionUser, params: Pick<LeadListParams, "q" | "stage" | "broker">, textMode?: "fts" | "key") {
  let q = db().selectFrom("leads");
  const scope = brokerScope(user);
  if (scope) q = q.where("leads.broker_id", "=", scope);
  else if (params.broker === "none") q = q.where("leads.broker_id", "is", null);
  else if (params.broker) q = q.where("leads.broker_id", "=", params.broker);
  if (params.stage) q = q.where("leads.stage_id", "=", params.stage);
  const text = params.q?.trim();
  if (text) {
    const mode = textMode ?? (scope || params.broker ? "key" : "fts");
    q = q.where(mode === "key" ? leadKeyMatch(text) : leadTextMatch(db(), text));
  }
  return q;
}

/** The text index's count of an unscoped search is the list's total when every word went to the index (3 letters or more) and no stage narrows the list. */
function indexCountIsTotal(text: string, params: LeadListParams): boolean {
  return !params.stage && leadSearchWords(text).every((w) => [...w].length >= 3);
}

export async function listLeads(user: SessionUser, params: LeadListParams, pageSize = LEADS_PAGE_SIZE): Promise<LeadListPage> {
  const text = params.q?.trim();
  const scoped = !!(brokerScope(user) || params.broker);
  let mode: "fts" | "key" | undefined;
  let capped = false;
  let matched: number | undefined;
  if (text && !scoped) {
    matched = await countTextMatches(db(), text, SEARCH_COUNT_CAP + 1);
    capped = matched > SEARCH_COUNT_CAP;
    mode = capped ? "key" : "fts";
  }
  const base = leadListQuery(user, params, mode);
  let total: number;
  if (capped && text && indexCountIsTotal(text, params)) {
    // The index's capped count already is the list's: counting the same words again (7–15 ms on PostgreSQL for a common surname) gives the same cap.
    total = matched as number;
  } else if (capped) {
    const row = await db()
      .selectFrom(base.select("leads.id").limit(SEARCH_COUNT_CAP + 1).as("m"))
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    total = Number(row.n);
    capped = total > SEARCH_COUNT_CAP;
  } else if (!text) {
    total = await countWithoutSearch(user, params);
  } else if (matched !== undefined && indexCountIsTotal(text, params)) {
    total = matched;
  } else {
    total = Number((await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  }
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(params.page ?? 1, pageCount);
  // The page's ids first (from an index alone, however deep the page), then only their rows are read and joined.
  const pageIds = base
    .select("leads.id")
    .orderBy("leads.created_at", "desc")
    .orderBy("leads.id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const rows = await db()
    .selectFrom("leads")
    .where("leads.id", "in", pageIds)
    .leftJoin("brokers", "brokers.id", "leads.broker_id")
    .leftJoin("crm_stages", "crm_stages.id", "leads.stage_id")
    .select([
      ...LEAD_CONTACT_COLUMNS,
      ...LEAD_BROKER_COLUMNS,
      "leads.stage_id",
      "crm_stages.name as stage_name",
      "leads.status",
      "leads.priority",
      "leads.created_at",
    ])
    .orderBy("leads.created_at", "desc")
    .orderBy("leads.id", "desc")
    .execute();
  return {
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      message: r.message,
      propertyTitle: r.property_title,
      propertyUrl: r.property_url,
      brokerId: r.broker_id,
      brokerName: r.broker_name,
      brokerEmail: r.broker_email,
      stageId: r.stage_id,
      stageName: r.stage_name,
      status: r.status,
      priority: r.priority,
      createdAt: r.created_at,
    })),
    total,
    totalCapped: capped,
    page,
    pageCount,
    pageSize,
  };
}

/**
 * The total of a list without a search, exact: a sum over lead_counts (leads
 * per broker and stage, kept by triggers: migration 0061) instead of counting
 * the leads, which PostgreSQL does an index entry at a time. Same filters as
 * leadListQuery: the broker scope or filter ('' = no broker), the stage.
 */
async function countWithoutSearch(user: SessionUser, params: Pick<LeadListParams, "stage" | "broker">): Promise<number> {
  const broker = brokerScope(user) ?? (params.broker === "none" ? "" : params.broker || undefined);
  let q = db()
    .selectFrom("lead_counts")
    .select((eb) => eb.fn.sum<number>("n").as("n"));
  if (broker !== undefined) q = q.where("broker_key", "=", broker);
  if (params.stage) q = q.where("stage_key", "=", params.stage);
  return Number((await q.executeTakeFirst())?.n ?? 0);
}

/** Brokers for the admin filter and the inline reassign (up to 8 suggestions when a term is given); `isActive` tells who may receive leads. */
export async function brokerOptions(term?: string, limit = 500) {
  let q = db().selectFrom("brokers").select(["id", "name", "email", "is_active"]).orderBy("name");
  const t = term?.trim().toLowerCase();
  if (t) q = q.where((eb) => eb.or([eb("name", "like", `%${escapeLike(t)}%`), eb("email", "like", `%${escapeLike(t)}%`)]));
  return (await q.limit(limit).execute()).map((b) => ({ id: b.id, name: b.name, email: b.email, isActive: b.is_active === 1 }));
}

function escapeLike(s: string) {
  return s.replace(/[%_\\]/g, "");
}

/** The admin lead tab's four cards (02 §2.10): total, with broker, direct, this month (agency time). */
export async function leadStats(now: Date = new Date()) {
  const today = agencyTime(now);
  const monthStart = agencyInstant({ year: today.year, month: today.month, day: 1 }).toISOString();
  // Total and direct from lead_counts (migration 0061), this month from the date index.
  const [perBroker, month] = await Promise.all([
    db()
      .selectFrom("lead_counts")
      .select((eb) => [eb.fn.sum<number>("n").as("n"), eb.fn.sum<number>(eb.case().when("broker_key", "=", "").then(eb.ref("n")).else(0).end()).as("direct")])
      .executeTakeFirst(),
    db()
      .selectFrom("leads")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("created_at", ">=", monthStart)
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(perBroker?.n ?? 0);
  const direct = Number(perBroker?.direct ?? 0);
  return { total, withBroker: total - direct, direct, thisMonth: Number(month.n) };
}
