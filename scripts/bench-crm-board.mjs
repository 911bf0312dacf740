// CRM board figures (issue 9), part of `npm run bench`: 5,000 cards in 7
// stages; server time of the board (counts and sums by SQL, 10 cards a
// column) and of a move (one card row, fractional position). Writes its
// section of docs/performance.md.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeSection } from "./bench-sections.mjs";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-bench-board-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "silent";
process.env.SEED_DEMO = "false";
const { createServer } = await import("vite");
const vite = await createServer({ server: { middlewareMode: true, hmr: false }, appType: "custom", logLevel: "error", configFile: "vite.config.ts" });
const { benchCrmBoard } = await vite.ssrLoadModule("./scripts/bench-crm-board.ts");
const r = await benchCrmBoard({ cards: Number(process.env.BENCH_BOARD_CARDS ?? 5000) });
await vite.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const ok = (v, max) => (v <= max ? "✅" : "❌");
writeSection(
  "crm-board",
  [
    "## CRM board",
    "",
    `Measured by \`scripts/bench-crm-board.ts\` (run by \`npm run bench\`) on ${new Date().toISOString().slice(0, 10)}: ${r.cards.toLocaleString("en")} cards (90 % leads, 10 % opportunities) in ${r.stages} stages for one broker; server time of \`loadBoard\` (per-stage count and BRL sum by SQL, then 10 cards a column), 100 runs each.`,
    "",
    "| Case | p50 | p95 | Target p95 | Met |",
    "|---|---:|---:|---:|:---:|",
    ...r.results.map((l) => `| ${l.label} | ${l.p50.toFixed(1)} ms | ${l.p95.toFixed(1)} ms | ≤ 50 ms | ${ok(l.p95, 50)} |`),
    `| Move a card (one card row at the end of the target stage + history row + template activities) | ${r.move.p50.toFixed(1)} ms | ${r.move.p95.toFixed(1)} ms | | |`,
    "",
    `Other cards' positions unchanged after 100 moves: ${r.move.othersUnchanged ? "yes ✅" : "no ❌"} (fractional order_index, never a renumbering).`,
  ].join("\n"),
);
console.log("[bench] wrote the CRM board section of docs/performance.md", JSON.stringify(r));
process.exit(0);
