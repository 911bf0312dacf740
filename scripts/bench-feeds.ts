// Run by scripts/bench-feeds.mjs inside Vite (same modules as the server).
import fs from "node:fs";
import { feedState } from "~/modules/feeds/feeds.server";
import { prepareFeed } from "~/modules/feeds/prepared.server";
import { config } from "~/modules/platform/config.server";
import { db, migrate } from "~/modules/platform/db.server";
import { seedBulkProperties } from "~/modules/platform/seed.server";
import { loader } from "~/routes/resources/feeds/feed";

const PHOTOS = JSON.stringify([1, 2, 3, 4, 5].map((n) => `/uploads/imoveis/bench/foto-${n}.jpg`));
const median = (s: number[]) => [...s].sort((a, b) => a - b)[Math.floor(s.length / 2)] ?? 0;

function call(headers: Record<string, string> = {}) {
  const request = new Request("http://localhost/xml/olx", { headers });
  return loader({ request, params: { portal: "olx" }, context: {}, url: new URL(request.url), pattern: "/xml/:portal" } as never) as Promise<Response>;
}

export async function benchFeeds(count: number) {
  await migrate();
  await seedBulkProperties(count);
  // every row a listing VRSync accepts, so all of them go through the writer
  await db().updateTable("properties").set({ status: "available", postal_code: "01310-100", images: PHOTOS }).execute();
  await db()
    .updateTable("properties")
    .set({ description: "Imóvel bem localizado, perto de comércio, escolas e transporte público. Agende sua visita com a Lar Imóveis." })
    .where((eb) => eb(eb.fn("length", ["description"]), "<", 60))
    .execute();

  // warm up the modules and the statement cache on a small read
  const warm = await call();
  await warm.body?.cancel();

  // 1. written live: what a poll costs the minute after a change
  const live = await readToEnd(await timedCall());
  if (live.encoding !== null || !live.endsWithTail) throw new Error("live feed did not end");
  const response = live.response;

  // 2. prepared in the background (the portal-feeds job), then sent from the file
  const p0 = performance.now();
  if (!(await prepareFeed("olx", await feedState()))) throw new Error("feed not prepared");
  const prepareMs = performance.now() - p0;
  const feedsDir = `${config().dataDir}/feeds`;
  const fileBytes = fs.readdirSync(feedsDir).filter((f) => f.endsWith(".xml.gz")).reduce((n, f) => n + fs.statSync(`${feedsDir}/${f}`).size, 0);
  const plain = await readToEnd(await timedCall({ "Accept-Encoding": "identity" }));
  if (plain.encoding !== null || !plain.endsWithTail || plain.bytes !== live.bytes) throw new Error("prepared feed differs from the live one");
  const gzip = await readToEnd(await timedCall({ "Accept-Encoding": "gzip, deflate, br" }));
  if (gzip.encoding !== "gzip" || gzip.bytes !== fileBytes) throw new Error("prepared feed not sent as stored");

  const listings = Number((await db().selectFrom("properties").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

  // the floor: the same pages read through Kysely without writing any XML
  const f0 = performance.now();
  let after = 0;
  for (;;) {
    const rows = await db().selectFrom("properties").selectAll().where("id", ">", after).orderBy("id").limit(500).execute();
    if (!rows.length) break;
    after = rows[rows.length - 1].id;
  }
  const readOnlyMs = performance.now() - f0;

  // repeated poll
  const etag = response.headers.get("ETag")!;
  const lastModified = response.headers.get("Last-Modified")!;
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const s = performance.now();
    const r = await call({ "If-None-Match": etag, "If-Modified-Since": lastModified });
    times.push(performance.now() - s);
    if (r.status !== 304) throw new Error(`expected 304, got ${r.status}`);
  }
  return {
    listings,
    bytes: live.bytes,
    chunks: live.chunks,
    streamMs: live.ms,
    readOnlyMs,
    rssGrowthMb: live.rssGrowthMb,
    prepareMs,
    fileBytes,
    preparedPlainMs: plain.ms,
    preparedPlainRssGrowthMb: plain.rssGrowthMb,
    preparedGzipMs: gzip.ms,
    notModifiedMedianMs: median(times),
    notModifiedMaxMs: Math.max(...times),
  };
}

/** A call timed from the request to the body's last byte (readToEnd). */
async function timedCall(headers: Record<string, string> = {}) {
  (globalThis as { gc?: () => void }).gc?.();
  const baseline = process.memoryUsage().rss;
  const t0 = performance.now();
  return { response: await call(headers), t0, baseline };
}

async function readToEnd({ response, t0, baseline }: { response: Response; t0: number; baseline: number }) {
  let peak = baseline;
  const reader = response.body!.getReader();
  let bytes = 0;
  let chunks = 0;
  let last: Uint8Array | null = null;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    chunks += 1;
    if (chunks % 10 === 0) peak = Math.max(peak, process.memoryUsage().rss);
    // only the last bytes are kept, to check the document's end (a short last chunk is joined to the one before)
    last = value.byteLength >= 64 ? value : Buffer.concat([last ?? new Uint8Array(), value]).subarray(-64);
  }
  const ms = performance.now() - t0;
  peak = Math.max(peak, process.memoryUsage().rss);
  const endsWithTail = last !== null && Buffer.from(last).toString("utf8").endsWith("</ListingDataFeed>\n");
  return { response, ms, bytes, chunks, endsWithTail, encoding: response.headers.get("Content-Encoding"), rssGrowthMb: (peak - baseline) / 1024 / 1024 };
}
