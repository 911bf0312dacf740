import { expressionBuilder } from "kysely";
import type { Database, SearchAlertsTable } from "#db/schema";
import type { Selectable } from "kysely";
import { conditions, isRentContext } from "~/modules/catalogue/conditions.server";
import { propertyPath } from "~/modules/properties/vocabulary";
import { sendMail } from "~/modules/messaging/mail.server";
import { db } from "~/modules/platform/db.server";
import type { Job } from "~/modules/platform/job";
import { errorFields, log } from "~/modules/platform/logger.server";
import { nextDailyAt } from "~/utils/clock";
import { alertUrls } from "./alerts.server";
import { digestMail, type DigestItem } from "./alert-mail.server";
import { describeSearch } from "./search";
import { resolveAlertSearch } from "./search.server";

/**
 * The alert digest (issue 28). Every run first notes each available
 * property's prices (property_price_marks: a lower price than last seen is
 * a drop, dated now), then sends each due active alert what is new since
 * its last run: listings created after it, and price drops seen after it
 * that the alert has not told at that price yet (search_alert_items), at
 * most MAX_ITEMS per e-mail. Nothing goes to an alert that is not active.
 *
 * Due: at SEND_AT (São Paulo) once a day for 'daily'; for 'weekly', the
 * first SEND_AT at least six days after its last run (so one a week).
 */
export const MAX_ITEMS = 10;
export const SEND_AT_MINUTES = 8 * 60;
const DAY_MS = 24 * 60 * 60 * 1000;

type AlertRow = Selectable<SearchAlertsTable>;
const eb = expressionBuilder<Database, "properties">();

export function alertDueAt(alert: Pick<AlertRow, "frequency" | "last_run_at" | "confirmed_at" | "created_at">): Date {
  const base = Date.parse(alert.last_run_at ?? alert.confirmed_at ?? alert.created_at);
  return nextDailyAt(alert.frequency === "weekly" ? base + 6 * DAY_MS : base, SEND_AT_MINUTES);
}

/** Notes every available property's prices; a lower one than last seen is a drop dated `now`. */
export async function refreshPriceMarks(now: Date): Promise<void> {
  const at = now.toISOString();
  const properties = await db().selectFrom("properties").select(["id", "display_price", "rent_price"]).where("status", "=", "available").execute();
  const marks = new Map((await db().selectFrom("property_price_marks").selectAll().execute()).map((m) => [m.property_id, m]));
  const fresh: { property_id: number; sale_price: number; rent_price: number; seen_at: string }[] = [];
  for (const p of properties) {
    const sale = Number(p.display_price) || 0;
    const rent = Number(p.rent_price) || 0;
    const mark = marks.get(p.id);
    if (!mark) {
      fresh.push({ property_id: p.id, sale_price: sale, rent_price: rent, seen_at: at });
      continue;
    }
    if (mark.sale_price === sale && mark.rent_price === rent) continue;
    const saleDrop = sale > 0 && sale < mark.sale_price;
    const rentDrop = rent > 0 && rent < mark.rent_price;
    await db()
      .updateTable("property_price_marks")
      .set({
        sale_price: sale,
        rent_price: rent,
        seen_at: at,
        // a rise cancels an earlier drop; a drop is dated now
        ...(sale !== mark.sale_price ? { sale_before: saleDrop ? mark.sale_price : null, sale_dropped_at: saleDrop ? at : null } : {}),
        ...(rent !== mark.rent_price ? { rent_before: rentDrop ? mark.rent_price : null, rent_dropped_at: rentDrop ? at : null } : {}),
      })
      .where("property_id", "=", p.id)
      .execute();
  }
  for (let i = 0; i < fresh.length; i += 200) await db().insertInto("property_price_marks").values(fresh.slice(i, i + 200)).execute();
}

const CANDIDATE_COLUMNS = ["id", "title", "slug", "city", "neighborhood", "display_price", "rent_price", "created_at"] as const;

/** What the alert has not told yet: new listings and price drops since its last run, newest first. */
export async function alertNews(alert: AlertRow): Promise<{ items: DigestItem[]; more: number; ids: { id: number; price: number }[]; description: string } | null> {
  const search = await resolveAlertSearch(alert.path, alert.query);
  if (!search) return null;
  const q = search.resolved.query;
  const since = alert.last_run_at ?? alert.confirmed_at ?? alert.created_at;
  const rent = isRentContext(q.type);
  const created = await db().selectFrom("properties").select(CANDIDATE_COLUMNS).where(eb.and([...conditions(q), eb("created_at", ">", since)])).orderBy("created_at", "desc").limit(200).execute();
  const dropped = await db()
    .selectFrom("property_price_marks")
    .selectAll()
    .where((e) => e.or([e("sale_dropped_at", ">", since), e("rent_dropped_at", ">", since)]))
    .limit(1000)
    .execute();
  const marks = new Map(dropped.map((m) => [m.property_id, m]));
  const droppedRows = dropped.length
    ? await db().selectFrom("properties").select(CANDIDATE_COLUMNS).where(eb.and([...conditions(q), eb("id", "in", [...marks.keys()])])).execute()
    : [];
  const candidates = new Map([...droppedRows, ...created].map((r) => [r.id, r]));
  if (!candidates.size) return { items: [], more: 0, ids: [], description: describeSearch(search.scope, search.resolved.filters) };
  const sent = new Map(
    (await db().selectFrom("search_alert_items").select(["property_id", "price"]).where("alert_id", "=", alert.id).where("property_id", "in", [...candidates.keys()]).execute()).map((s) => [s.property_id, Number(s.price)]),
  );

  const news: (DigestItem & { id: number; at: string })[] = [];
  for (const row of candidates.values()) {
    const useRent = rent && Number(row.rent_price) > 0;
    const price = Number(useRent ? row.rent_price : row.display_price) || 0;
    const told = sent.get(row.id);
    const mark = marks.get(row.id);
    const before = mark ? (useRent ? mark.rent_before : mark.sale_before) : null;
    const droppedAt = mark ? (useRent ? mark.rent_dropped_at : mark.sale_dropped_at) : null;
    const base = { id: row.id, title: row.title, path: propertyPath(row), place: [row.neighborhood, row.city].filter(Boolean).join(", "), price, rental: useRent };
    if (told === undefined && row.created_at > since) {
      news.push({ ...base, previousPrice: null, at: row.created_at });
    } else if (droppedAt && droppedAt > since && before !== null && price < before && (told === undefined || price < told)) {
      news.push({ ...base, previousPrice: told ?? before, at: droppedAt });
    }
  }
  news.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : b.id - a.id));
  const items = news.slice(0, MAX_ITEMS);
  return {
    items: items.map(({ id: _id, at: _at, ...item }) => item),
    more: news.length - items.length,
    ids: items.map((i) => ({ id: i.id, price: i.price })),
    description: describeSearch(search.scope, search.resolved.filters),
  };
}

/** One alert's run: send its news (if any), remember them, move its watermark. */
async function runAlert(alert: AlertRow, now: Date): Promise<boolean> {
  const news = await alertNews(alert);
  const at = now.toISOString();
  let sent = false;
  if (news && news.items.length) {
    await sendMail(digestMail(alert, news.description, news.items, news.more, alertUrls(alert)));
    sent = true;
    for (const item of news.ids) {
      await db()
        .insertInto("search_alert_items")
        .values({ alert_id: alert.id, property_id: item.id, price: item.price, sent_at: at })
        .onConflict((oc) => oc.columns(["alert_id", "property_id"]).doUpdateSet({ price: item.price, sent_at: at }))
        .execute();
    }
  }
  await db()
    .updateTable("search_alerts")
    .set({ last_run_at: at, ...(sent ? { last_sent_at: at } : {}) })
    .where("id", "=", alert.id)
    .where("status", "=", "active")
    .execute();
  return sent;
}

export async function runAlertDigest(now: Date): Promise<{ sent: number; checked: number }> {
  const active = await db().selectFrom("search_alerts").selectAll().where("status", "=", "active").execute();
  if (!active.length) return { sent: 0, checked: 0 };
  await refreshPriceMarks(now);
  let sent = 0;
  let checked = 0;
  for (const alert of active) {
    if (alertDueAt(alert).getTime() > now.getTime()) continue;
    checked += 1;
    try {
      if (await runAlert(alert, now)) sent += 1;
    } catch (error) {
      // this alert is retried at the next run; the others go on
      log.error("alert digest failed", { ...errorFields(error), alertId: alert.id });
    }
  }
  if (checked) log.info("alert digest", { checked, sent });
  return { sent, checked };
}

export const alertDigestJob: Job = {
  name: "alert-digest",
  cron: "*/15 * * * *",
  run: async (now) => void (await runAlertDigest(now)),
};
