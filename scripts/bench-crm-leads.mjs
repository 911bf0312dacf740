// CRM lead figures (issue 8), part of `npm run bench`: the lead list at
// 100,000 leads across 50 brokers, a 10,000-row CSV import, the streamed
// export of every lead and a 500-lead bulk e-mail through a local SMTP
// server with one refused address. Writes its section of docs/performance.md.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeSection } from "./bench-sections.mjs";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-bench-crm-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "silent";
process.env.SEED_DEMO = "false";
delete process.env.SMTP_URL;
const { createServer } = await import("vite");
const vite = await createServer({ server: { middlewareMode: true, hmr: false }, appType: "custom", logLevel: "error", configFile: "vite.config.ts" });
const { benchCrmLeads } = await vite.ssrLoadModule("./scripts/bench-crm-leads.ts");
const r = await benchCrmLeads({ leads: Number(process.env.BENCH_LEADS ?? 100_000) });
await vite.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const ok = (v, max) => (v <= max ? "✅" : "❌");
const worst = Math.max(...r.list.map((l) => l.p95));
writeSection(
  "crm-leads",
  [
    "## CRM leads",
    "",
    `Measured by \`scripts/bench-crm-leads.ts\` (run by \`npm run bench\`) on ${new Date().toISOString().slice(0, 10)}: ${r.leads.toLocaleString("en")} leads across ${r.brokers} brokers (10 % without broker), server time of the list service (count + page + joins), 100 runs per case rotating brokers and terms.`,
    "",
    "| Lead list case | p50 | p95 | Target p95 | Met |",
    "|---|---:|---:|---:|:---:|",
    ...r.list.map((l) => `| ${l.label} | ${l.p50.toFixed(1)} ms | ${l.p95.toFixed(1)} ms | ≤ 20 ms | ${ok(l.p95, 20)} |`),
    "",
    "| Figure | Value | Target | Met |",
    "|---|---:|---:|:---:|",
    `| CSV import, ${r.importRows.toLocaleString("en")} rows (UTF-8 BOM, ';', CRLF, quoted line breaks), one transaction | ${(r.importMs / 1000).toFixed(2)} s | ≤ 3 s | ${ok(r.importMs, 3000)} |`,
    `| Import heap growth at peak | ${r.importHeapMb.toFixed(0)} MB | flat | |`,
    `| Export of ${r.exportRows.toLocaleString("en")} leads, streamed (${r.exportMb.toFixed(1)} MB) | ${(r.exportMs / 1000).toFixed(2)} s | ≤ 3 s | ${ok(r.exportMs, 3000)} |`,
    `| Bulk e-mail to ${r.bulk.total} leads over local SMTP, one address refused | ${(r.bulk.ms / 1000).toFixed(1)} s, ${r.bulk.sent} sent, ${r.bulk.failed} failed, ${r.bulk.progressEvents} progress events | survives the failure | ${r.bulk.failed === 1 && r.bulk.sent === r.bulk.total - 1 ? "✅" : "❌"} |`,
    "",
    `Worst list p95: ${worst.toFixed(1)} ms. Text search uses the trigram index leads_fts (migration 0007); filters use (broker_id, created_at), (stage_id, created_at) and (broker_id, stage_id, created_at). Words under 3 characters fall back to LIKE on the rows the other filters leave.`,
  ].join("\n"),
);
console.log("[bench] wrote the CRM leads section of docs/performance.md", JSON.stringify({ worst, importMs: r.importMs, exportMs: r.exportMs, bulk: r.bulk }));
process.exit(0);
