import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import zlib from "node:zlib";
import { catalogueVersion } from "~/modules/catalogue/version.server";
import { config, configScoped } from "~/modules/platform/config.server";
import type { Job } from "~/modules/platform/job";
import { log, errorFields } from "~/modules/platform/logger.server";
import { feedSalt, feedState, streamFeed, type FeedState } from "./feeds.server";
import { PORTALS, type Portal } from "./rules";

/**
 * Prepared feeds. Writing a whole feed costs about 65 µs a listing (rows
 * read, rules checked, XML written): seconds for a large catalogue, paid
 * again by every portal's poll after a change. So each portal's whole feed is
 * written once per catalogue version, in the background, to a gzip file
 * under DATA_DIR/feeds; a poll that finds it is a file sent (as is to a
 * client that takes gzip, as every portal does; inflated on the way for one
 * that does not). A poll that finds no file for the current version (the
 * minute after a change, the first poll after a start) gets the feed
 * written live as before: a portal is never sent an outdated feed.
 */
const QUIET_RUNS_BEFORE_PREPARING = 1;
const STALE_TEMP_MS = 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A portal that fetched no whole feed for this long is no longer prepared for (the agency stopped using it). */
const IN_USE_FOR_MS = 30 * DAY_MS;
/** How often a portal's poll refreshes its marker file on disk (its mtime says when it last polled, across restarts). */
const MARK_EVERY_MS = 60 * 60 * 1000;

/** What this process knows of one data folder's feeds (configScoped): when each portal last fetched its whole feed, the files being written, the quiet runs. */
const known = configScoped(() => ({
  lastPolled: new Map<Portal, number>(),
  preparing: new Map<string, Promise<boolean>>(),
  lastSeenVersion: null as number | null,
  quietRuns: 0,
}));

function feedsDir(): string {
  return path.join(config().dataDir, "feeds");
}

/** One file per portal, catalogue version, publication date and format/address revision (the ETag's parts). */
function fileName(portal: Portal, state: FeedState): string {
  return `${portal}-${state.version}-${Math.floor(state.lastModified.getTime() / 1000)}-${feedSalt()}.xml.gz`;
}

export type PreparedFeed = { handle: fs.promises.FileHandle; size: number };

/**
 * The prepared file of this portal's whole feed at this state, opened (so a
 * newer file replacing it meanwhile cannot cut the answer short), or null.
 */
export async function openPreparedFeed(portal: Portal, state: FeedState): Promise<PreparedFeed | null> {
  await markPolled(portal);
  try {
    const handle = await fs.promises.open(path.join(feedsDir(), fileName(portal, state)), "r");
    const { size } = await handle.stat();
    return { handle, size };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** RFC 9110 §12.5.3: gzip (or x-gzip, or *) listed without q=0. */
export function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.split(",")) {
    const [rawName, ...params] = part.toLowerCase().split(";");
    const name = rawName.trim();
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name === "gzip" || name === "x-gzip") return allowed;
    if (name === "*") star = allowed;
  }
  return star;
}

/** The answer for a prepared feed: the gzip bytes as stored, or inflated for a client that does not take gzip. */
export function preparedFeedResponse(request: Request, prepared: PreparedFeed, headers: Record<string, string>): Response {
  const file = prepared.handle.createReadStream();
  if (acceptsGzip(request.headers.get("Accept-Encoding"))) {
    return new Response(Readable.toWeb(file) as ReadableStream, {
      headers: { ...headers, "Content-Encoding": "gzip", "Content-Length": String(prepared.size) },
    });
  }
  const inflate = zlib.createGunzip();
  // an unreadable file ends the answer with an error rather than a silently short feed; a portal hanging up midway is no failure
  pipeline(file, inflate).catch((error) => {
    if ((error as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE") log.error("prepared feed unreadable", errorFields(error));
  });
  return new Response(Readable.toWeb(inflate) as ReadableStream, { headers });
}

/**
 * Writes the portal's whole feed at this state to its file; once at a time
 * per file. The file is kept only when the catalogue did not change while it
 * was written (its pages would mix two versions), and replaces the portal's
 * older files.
 */
export function prepareFeed(portal: Portal, state: FeedState): Promise<boolean> {
  const name = fileName(portal, state);
  const { preparing } = known();
  const running = preparing.get(name);
  if (running) return running;
  const work = writeFeedFile(portal, state, name).finally(() => preparing.delete(name));
  preparing.set(name, work);
  return work;
}

async function writeFeedFile(portal: Portal, state: FeedState, name: string): Promise<boolean> {
  const dir = feedsDir();
  await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
  const final = path.join(dir, name);
  const temp = `${final}.${randomUUID()}.tmp`;
  try {
    const feed = Readable.fromWeb(streamFeed(portal, { lastModified: state.lastModified }) as unknown as NodeWebReadableStream<Uint8Array>);
    await pipeline(feed, zlib.createGzip(), fs.createWriteStream(temp, { mode: 0o600 }));
    if ((await catalogueVersion()) !== state.version) {
      await fs.promises.rm(temp, { force: true });
      return false;
    }
    await fs.promises.rename(temp, final);
  } catch (error) {
    await fs.promises.rm(temp, { force: true });
    throw error;
  }
  for (const file of await fs.promises.readdir(dir)) {
    if (file !== name && file.startsWith(`${portal}-`) && file.endsWith(".xml.gz")) await fs.promises.rm(path.join(dir, file), { force: true });
  }
  return true;
}

const markerFile = (portal: Portal) => path.join(feedsDir(), `${portal}.polled`);

/** Notes the poll in memory and, at most hourly, in the portal's marker file (best effort: a poll never fails for it). */
async function markPolled(portal: Portal): Promise<void> {
  const now = Date.now();
  const { lastPolled } = known();
  const last = lastPolled.get(portal);
  lastPolled.set(portal, now);
  if (last !== undefined && now - last < MARK_EVERY_MS) return;
  try {
    await fs.promises.mkdir(feedsDir(), { recursive: true, mode: 0o700 });
    await fs.promises.writeFile(markerFile(portal), "", { mode: 0o600 });
  } catch (error) {
    log.warn("feed poll not recorded", { portal, ...errorFields(error) });
  }
}

/**
 * Portals that fetched a whole feed in the last 30 days (this process's
 * memory, else the marker's mtime from before a restart): an agency that
 * never gave a portal its URL, or stopped, spends nothing on it. Temp files a
 * crash left behind are removed here too.
 */
async function portalsInUse(): Promise<Portal[]> {
  const inUse: Portal[] = [];
  for (const portal of PORTALS) {
    const last = known().lastPolled.get(portal) ?? (await fs.promises.stat(markerFile(portal)).catch(() => null))?.mtimeMs;
    if (last !== undefined && Date.now() - last < IN_USE_FOR_MS) inUse.push(portal);
  }
  const files = await fs.promises.readdir(feedsDir()).catch(() => [] as string[]);
  for (const file of files.filter((f) => f.endsWith(".tmp"))) {
    const full = path.join(feedsDir(), file);
    const stat = await fs.promises.stat(full).catch(() => null);
    if (stat && Date.now() - stat.mtimeMs > STALE_TEMP_MS) await fs.promises.rm(full, { force: true });
  }
  return inUse;
}

/**
 * Every minute: once the catalogue has stayed at one version from one run
 * to the next (a minute without an edit: the editing session is over), the
 * feeds of the portals in use are prepared for it, one after another.
 */
export const prepareFeedsJob: Job = {
  name: "portal-feeds",
  cron: "* * * * *",
  async run() {
    const state = await feedState();
    const memory = known();
    memory.quietRuns = memory.lastSeenVersion === state.version ? memory.quietRuns + 1 : 0;
    memory.lastSeenVersion = state.version;
    if (memory.quietRuns < QUIET_RUNS_BEFORE_PREPARING) return;
    for (const portal of await portalsInUse()) {
      if (fs.existsSync(path.join(feedsDir(), fileName(portal, state)))) continue;
      await prepareFeed(portal, state);
    }
  },
};

/** Tests only: forget what this process knows (as a restart does; the files on disk stay). */
export function resetPreparedFeeds(): void {
  const memory = known();
  memory.lastPolled.clear();
  memory.lastSeenVersion = null;
  memory.quietRuns = 0;
}
