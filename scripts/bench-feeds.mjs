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
writeSection(
  "feeds",
  [
    "## Portal feeds",
    "",
    `Measured by \`scripts/bench-feeds.ts\` (run by \`npm run bench\`) on ${new Date().toISOString().slice(0, 10)}: the /xml/olx loader called in-process (Vite SSR, the server's own modules) on a catalogue of ${r.listings.toLocaleString("en")} properties, all of them valid VRSync listings; the body read to its end.`,
    "",
    "| Figure | Value | Target | Met |",
    "|---|---:|---:|:---:|",
    `| Stream ${r.listings.toLocaleString("en")} listings (${(r.bytes / 1024 / 1024).toFixed(0)} MB of XML, ${r.chunks} chunks) | ${(r.streamMs / 1000).toFixed(2)} s | ≤ 3 s | ${ok(r.streamMs, 3000)} |`,
    `| For comparison: reading the same rows through Kysely, no XML written | ${(r.readOnlyMs / 1000).toFixed(2)} s | | |`,
    `| Peak RSS growth while streaming | ${r.rssGrowthMb.toFixed(1)} MB | ≤ 50 MB | ${ok(r.rssGrowthMb, 50)} |`,
    `| Repeated poll (If-None-Match) answered 304, median of 200 | ${r.notModifiedMedianMs.toFixed(2)} ms | ≤ 5 ms | ${ok(r.notModifiedMedianMs, 5)} |`,
    `| Same, slowest of 200 | ${r.notModifiedMaxMs.toFixed(2)} ms | | |`,
    "",
    `Machine: ${os.cpus().length} cores, load average ${load.toFixed(1)} at the end of the run (other work shares these cores). The second row is the floor: reading the rows alone through Kysely/better-sqlite3 (objects of 39 columns); when it is near the 3 s target, the target cannot be met on this machine whatever the writer does, and the writer's own cost is the difference between the two rows.`,
    "",
    "The feed is read in id-ordered pages of 200 (keyset) and each page is written as one chunk only when the reader asks for more, so memory stays flat whatever the catalogue's size. A poll reads one row (catalogue_version, bumped by triggers on every write to properties) to decide on 304; the body is never generated for it.",
  ].join("\n"),
);
console.log("[bench] wrote the feeds section of docs/performance.md", r);
process.exit(0);
