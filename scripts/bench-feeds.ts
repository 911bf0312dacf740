// Run by scripts/bench-feeds.mjs inside Vite (same modules as the server).
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
  (globalThis as { gc?: () => void }).gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const t0 = performance.now();
  const response = await call();
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
    last = value; // keep only the newest chunk (a sliced string would keep every chunk alive)
  }
  const streamMs = performance.now() - t0;
  peak = Math.max(peak, process.memoryUsage().rss);
  const listings = Number((await db().selectFrom("properties").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  if (!last || !new TextDecoder().decode(last).endsWith("</ListingDataFeed>\n")) throw new Error("feed did not end");

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
  return { listings, bytes, chunks, streamMs, readOnlyMs, rssGrowthMb: (peak - baseline) / 1024 / 1024, notModifiedMedianMs: median(times), notModifiedMaxMs: Math.max(...times) };
}
