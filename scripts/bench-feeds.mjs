// Portal feed figures (issue 11), part of `npm run bench`: 100,000 listings
// streamed through the /xml/olx loader (time and peak RSS growth), and a
// repeated poll answered 304. Writes its section of docs/performance.md.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeSection } from "./bench-sections.mjs";

const COUNT = Number(process.env.BENCH_FEED_PROPERTIES ?? 100_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-bench-feeds-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "silent";
process.env.SEED_DEMO = "false";
const { createServer } = await import("vite");
const vite = await createServer({ server: { middlewareMode: true, hmr: false }, appType: "custom", logLevel: "error", configFile: "vite.config.ts" });
const { benchFeeds } = await vite.ssrLoadModule("./scripts/bench-feeds.ts");
const r = await benchFeeds(COUNT);
const load = os.loadavg()[0];
await vite.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const ok = (v, max) => (v <= max ? "✅" : "❌");
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(0);
writeSection(
  "feeds",
  [
    "## Portal feeds",
    "",
    `Measured by \`scripts/bench-feeds.ts\` (run by \`npm run bench\`) on ${new Date().toISOString().slice(0, 10)}: the /xml/olx loader called in-process (Vite SSR, the server's own modules) on a catalogue of ${r.listings.toLocaleString("en")} properties, all of them valid VRSync listings; each body read to its end.`,
    "",
    "| Figure | Value | Target | Met |",
    "|---|---:|---:|:---:|",
    `| Poll once the feed is prepared: plain XML (${mb(r.bytes)} MB, inflated on the way) | ${s(r.preparedPlainMs)} | ≤ 3 s | ${ok(r.preparedPlainMs, 3000)} |`,
    `| Same, gzip as stored (${mb(r.fileBytes)} MB; what a portal sending Accept-Encoding: gzip gets) | ${s(r.preparedGzipMs)} | ≤ 3 s | ${ok(r.preparedGzipMs, 3000)} |`,
    `| Peak RSS growth while sending the prepared feed (plain) | ${r.preparedPlainRssGrowthMb.toFixed(1)} MB | ≤ 50 MB | ${ok(r.preparedPlainRssGrowthMb, 50)} |`,
    `| Poll in the minute after a change: the feed written live (${r.chunks} chunks) | ${s(r.streamMs)} | ≤ 3 s | ${ok(r.streamMs, 3000)} |`,
    `| Peak RSS growth while writing it live | ${r.rssGrowthMb.toFixed(1)} MB | ≤ 50 MB | ${ok(r.rssGrowthMb, 50)} |`,
    `| Preparing it in the background (portal-feeds job: written, gzipped, checked, renamed) | ${s(r.prepareMs)} | | |`,
    `| For comparison: reading the same rows through Kysely, no XML written | ${s(r.readOnlyMs)} | | |`,
    `| Repeated poll (If-None-Match) answered 304, median of 200 | ${r.notModifiedMedianMs.toFixed(2)} ms | ≤ 5 ms | ${ok(r.notModifiedMedianMs, 5)} |`,
    `| Same, slowest of 200 | ${r.notModifiedMaxMs.toFixed(2)} ms | | |`,
    "",
    `Machine: ${os.cpus().length} cores, load average ${load.toFixed(1)} at the end of the run (other work shares these cores).`,
    "",
    "A poll that nothing changed since the portal's last one is answered 304 from one primary-key read (catalogue_version, bumped by triggers on every write to properties); the body is never generated for it.",
    "",
    "A poll after a change is sent from the prepared file: the portal-feeds job (every minute) waits until the catalogue has stayed at one version for a whole minute, then writes the whole feed of each portal in use to DATA_DIR/feeds as gzip, keeping it only if the catalogue did not move meanwhile. A portal that takes gzip gets the file's bytes as they are; any other gets them inflated on the way (zlib, off the main thread).",
    "",
    `Only in the window between a change and its prepared file (the quiet minute plus the preparing time above) is a poll's feed written live, so it is never outdated: the live row is that case, and ${r.streamMs <= 3000 ? "it meets the 3 s target too" : "it does not meet the 3 s target at this scale"}. Its cost is the writer's: the rows alone take the comparison row; the rules, the XML and the UTF-8 encoding take the rest. Written live, the feed is read in id-ordered pages of 200 (keyset) and each page is written as one chunk only when the reader asks for more, so memory stays flat whatever the catalogue's size.`,
  ].join("\n"),
);
console.log("[bench] wrote the feeds section of docs/performance.md", r);
process.exit(0);
