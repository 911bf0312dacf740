// WhatsApp campaign figures (issue 12), part of `npm run bench`: scheduling
// 10,000 messages, and how late each send leaves against a local stand-in
// of the gateway while the dispatcher runs on its one-second schedule.
// Loopback only, bounded in time. Writes its section of docs/performance.md.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeSection } from "./bench-sections.mjs";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-bench-wa-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "silent";
process.env.SEED_DEMO = "false";
const { createServer } = await import("vite");
const vite = await createServer({ server: { middlewareMode: true, hmr: false }, appType: "custom", logLevel: "error", configFile: "vite.config.ts" });
const { benchWhatsapp } = await vite.ssrLoadModule("./scripts/bench-whatsapp.ts");
const r = await benchWhatsapp();
await vite.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const ok = (v, max) => (v <= max ? "✅" : "❌");
writeSection(
  "whatsapp",
  [
    "## WhatsApp campaigns",
    "",
    `Measured by \`scripts/bench-whatsapp.ts\` (run by \`npm run bench\`) on ${new Date().toISOString().slice(0, 10)}, against the local gateway stand-in of tests/mocks (loopback, answers at once).`,
    "",
    "| Figure | Value | Target | Met |",
    "|---|---:|---:|:---:|",
    `| Schedule ${r.scheduledJobs.toLocaleString("en")} messages (${r.campaigns} campaigns of ${r.perCampaign} leads, launch = one transaction each) | ${r.scheduleMs.toFixed(0)} ms | ≤ 1000 ms | ${ok(r.scheduleMs, 1000)} |`,
    `| Lateness of a send after its time, p50 (${r.sent} sends over ${r.seconds} s, dispatcher every second) | ${r.latenessP50.toFixed(0)} ms | | |`,
    `| Lateness, p95 | ${r.latenessP95.toFixed(0)} ms | ≤ 1000 ms | ${ok(r.latenessP95, 1000)} |`,
    `| Lateness, max | ${r.latenessMax.toFixed(0)} ms | ≤ 1000 ms | ${ok(r.latenessMax, 1000)} |`,
    "",
    "Each message is its own row, claimed by one atomic update before it is sent; the dispatcher wakes every second (croner, protected against overlap), so a message leaves at most about a second after its time plus the gateway's answer.",
  ].join("\n"),
);
console.log("[bench] wrote the WhatsApp section of docs/performance.md", r);
process.exit(0);
