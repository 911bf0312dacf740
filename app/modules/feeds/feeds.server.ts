import { createHash } from "node:crypto";
import { sql } from "kysely";
import { config, configScoped } from "~/modules/platform/config.server";
import { catalogueVersion } from "~/modules/catalogue/version.server";
import { db } from "~/modules/platform/db.server";
import { chavesNaMao } from "./chaves-na-mao.server";
import { defaultFeed } from "./default-feed.server";
import type { FeedFormat } from "./format.server";
import { attachPhotoInfo } from "./photos.server";
import { checkListing, prepareListing, type Check, type FeedRow, type Portal } from "./rules";
import { vrsync } from "./vrsync.server";
import { xmlStream } from "./xml-writer.server";

/**
 * The portal feeds: which properties go out (available ones that pass the
 * portal's rules), read in id-ordered pages and streamed; and the validators
 * (ETag, Last-Modified) that let a portal's repeated poll cost one row read.
 */
export const FORMATS: Record<Portal, FeedFormat> = { olx: vrsync, chavesnamao: chavesNaMao, default: defaultFeed };
export const PAGE_SIZE = 200;

const FEED_COLUMNS = [
  "id", "title", "description", "slug", "type", "property_type", "purpose", "status", "construction_status", "construction_year",
  "price", "rent_price", "condo_fee", "iptu", "rental", "address", "street_number", "complement", "neighborhood", "city", "state",
  "postal_code", "address_display", "latitude", "longitude", "area", "bedrooms", "bathrooms", "suites", "parking_spots", "floor", "total_floors",
  "furnished", "pets_allowed", "featured", "images", "amenities", "nearby_amenities", "created_at", "updated_at",
] as const;

/**
 * Available properties in id order, one page per step. The page is a range of
 * the primary key (keyset: page 200 costs what page 1 costs) and the status is
 * checked here: with `status = 'available'` in the WHERE the planner picks the
 * (status, created_at) index and sorts every available row again for each page.
 */
async function* availablePages(onlyId?: number): AsyncGenerator<FeedRow[]> {
  if (onlyId !== undefined) {
    const rows = (await db().selectFrom("properties").select(FEED_COLUMNS).where("id", "=", onlyId).where("status", "=", "available").execute()) as FeedRow[];
    if (rows.length) yield rows;
    return;
  }
  let after = 0;
  for (;;) {
    const rows = (await db().selectFrom("properties").select(FEED_COLUMNS).where("id", ">", after).orderBy("id").limit(PAGE_SIZE).execute()) as FeedRow[];
    if (rows.length === 0) return;
    yield rows.filter((r) => r.status === "available");
    if (rows.length < PAGE_SIZE) return;
    after = rows[rows.length - 1].id;
  }
}

// ── validators ───────────────────────────────────────────────────────────
export type FeedState = { version: number; lastModified: Date };
/** The state this process last saw, of one database (configScoped). */
const known = configScoped(() => ({ state: null as FeedState | null }));
const startedAt = new Date(Math.floor(Date.now() / 1000) * 1000);

/**
 * One primary-key read per poll: catalogue_version is bumped by triggers on
 * every write to properties. Only when it moved is the version's date looked
 * up (feed_states, 0020): the process that first sees a version decides it
 * and every other process, and every restart, reads the same one, so they
 * all answer the same Last-Modified and name the same prepared file. It is
 * the newest updated_at; a change that leaves it behind (a deletion) dates
 * from when it was seen. A version seen first after a start with no date of
 * the previous one (an upgrade) is never dated earlier than the start.
 */
export async function feedState(): Promise<FeedState> {
  const memory = known();
  const version = await catalogueVersion();
  if (memory.state && memory.state.version === version) return memory.state;
  const agreed = await db().selectFrom("feed_states").select("last_modified").where("version", "=", version).executeTakeFirst();
  if (agreed) {
    memory.state = { version, lastModified: new Date(agreed.last_modified) };
    return memory.state;
  }
  const newest = await db()
    .selectFrom("properties")
    .select(sql<string | null>`max(updated_at)`.as("newest"))
    .executeTakeFirst();
  const seconds = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);
  const newestAt = newest?.newest ? seconds(new Date(newest.newest)) : new Date(0);
  const previous =
    memory.state ??
    (await db()
      .selectFrom("feed_states")
      .select(["version", "last_modified"])
      .where("version", "<", version)
      .orderBy("version", "desc")
      .limit(1)
      .executeTakeFirst()
      .then((row) => (row ? { version: row.version, lastModified: new Date(row.last_modified) } : null)));
  let lastModified: Date;
  if (!previous) lastModified = newestAt > startedAt ? newestAt : startedAt;
  else lastModified = newestAt > previous.lastModified ? newestAt : seconds(new Date(Math.max(Date.now(), previous.lastModified.getTime() + 1000)));
  // The first process to decide wins; the others (and this one, if it lost) read its date.
  await db().insertInto("feed_states").values({ version, last_modified: lastModified.toISOString() }).onConflict((oc) => oc.column("version").doNothing()).execute();
  await db().deleteFrom("feed_states").where("version", "<", version - 100).execute();
  const row = await db().selectFrom("feed_states").select("last_modified").where("version", "=", version).executeTakeFirstOrThrow();
  memory.state = { version, lastModified: new Date(row.last_modified) };
  return memory.state;
}

/** Tests only: forget the state this process knew (as a restart, or another process, does). */
export function forgetFeedState(): void {
  known().state = null;
}

/** Changes with the data (version) and with what the code and configuration put in the body. */
const FORMAT_REVISION = "3";
export function feedSalt(): string {
  return createHash("sha1").update(`${FORMAT_REVISION}|${config().publicUrl}`).digest("hex").slice(0, 8);
}
export function feedEtag(portal: Portal, id: number | null, s: FeedState): string {
  return `W/"${portal}-${id ?? "all"}-${s.version}-${feedSalt()}"`;
}

/** RFC 9110: If-None-Match wins over If-Modified-Since; weak comparison. */
export function isNotModified(request: Request, etag: string, lastModified: Date): boolean {
  const inm = request.headers.get("If-None-Match");
  if (inm !== null) {
    const bare = etag.replace(/^W\//, "");
    return inm.split(",").some((t) => {
      const tag = t.trim();
      return tag === "*" || tag.replace(/^W\//, "") === bare;
    });
  }
  const ims = request.headers.get("If-Modified-Since");
  if (ims) {
    const since = Date.parse(ims);
    return Number.isFinite(since) && lastModified.getTime() <= since;
  }
  return false;
}

/** The whole feed of a portal (or one property's), streamed; invalid listings are left out. */
export function streamFeed(portal: Portal, options: { id?: number; lastModified: Date }): ReadableStream<Uint8Array> {
  const format = FORMATS[portal];
  const ctx = { baseUrl: config().publicUrl, lastModified: options.lastModified };
  async function* chunks() {
    for await (const page of availablePages(options.id)) {
      let out = "";
      const listings = page.map(prepareListing);
      // the photo size rules (rules.ts) need the stored files measured; our own feed has none
      if (portal !== "default") await attachPhotoInfo(listings);
      for (const listing of listings) {
        if (checkListing(portal, listing).errors.length) continue;
        out += format.listing(listing, ctx);
      }
      yield out;
    }
  }
  return xmlStream(format.head(ctx), chunks(), format.tail);
}

// ── the admin table (/integracao-xml) ──────────────────────────────────────
export type FeedStatusRow = { id: number; title: string; slug: string | null; checks: Record<Portal, Check> };

export async function feedStatusPage(page: number, perPage: number): Promise<{ rows: FeedStatusRow[]; total: number }> {
  const total = Number(
    (
      await db()
        .selectFrom("properties")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("status", "=", "available")
        .executeTakeFirstOrThrow()
    ).n,
  );
  const rows = (await db()
    .selectFrom("properties")
    .select(FEED_COLUMNS)
    .where("status", "=", "available")
    .orderBy("id", "desc")
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute()) as FeedRow[];
  const listings = rows.map(prepareListing);
  await attachPhotoInfo(listings);
  return {
    total,
    rows: listings.map((listing) => {
      const row = listing.row;
      return {
        id: row.id,
        title: row.title,
        slug: row.slug,
        checks: { olx: checkListing("olx", listing), chavesnamao: checkListing("chavesnamao", listing), default: checkListing("default", listing) },
      };
    }),
  };
}

/** Every available property's id and title, in pages (the CSV of feed URLs). */
export async function* availableTitles(): AsyncGenerator<{ id: number; title: string }[]> {
  let after = 0;
  for (;;) {
    const rows = await db().selectFrom("properties").select(["id", "title"]).where("status", "=", "available").where("id", ">", after).orderBy("id").limit(1000).execute();
    if (!rows.length) return;
    yield rows;
    after = rows[rows.length - 1].id;
  }
}

/** The public address of a portal's feed (or of one property's). */
export function feedUrl(portal: Portal, id?: number): string {
  return `${config().publicUrl}/xml/${portal}${id === undefined ? "" : `?id=${id}`}`;
}
