// The SQLite-vs-PostgreSQL figures (issue 27), run by scripts/bench-postgres.mjs
// inside Vite (TypeScript source, the same modules as the server): the
// catalogue cases of bench-queries.ts at N properties, the CRM lead list of
// bench-crm-leads.ts at N leads and the board of bench-crm-board.ts, on
// whichever database the environment names.
import { resetConfigCache } from "~/modules/platform/config.server";
import { closeDb, databaseDialect, migrate } from "~/modules/platform/db.server";
import { seedBulkProperties } from "~/modules/platform/seed.server";
import { timeQueries, type QueryTiming } from "./bench-queries";
// bench-crm-leads.ts and bench-crm-board.ts are handed in by the caller: an
// import here would resolve to their .mjs twins (Vite tries .mjs first).
import type { LeadBenchData } from "./bench-crm-leads";

type LeadBench = { seedBenchLeads(options: { leads?: number }): Promise<LeadBenchData>; timeLeadList(data: LeadBenchData): Promise<Timing[]> };
type BoardBench = { benchCrmBoard(options: { cards?: number }): Promise<{ results: Timing[] }> };

export type Timing = { label: string; p50: number; p95: number };
export type DialectFigures = { dialect: string; seedPropertiesMs: number; seedLeadsMs: number; catalogue: QueryTiming[]; leads: Timing[]; board: Timing[] };

/** Points the app at DATA_DIR (SQLite) or at DATABASE_URL, seeds it and times every case. */
export async function benchDialect(options: { dataDir: string; databaseUrl?: string; properties: number; leads: number; leadBench: LeadBench; boardBench: BoardBench }): Promise<DialectFigures> {
  const { seedBenchLeads, timeLeadList } = options.leadBench;
  const { benchCrmBoard } = options.boardBench;
  await closeDb();
  process.env.DATA_DIR = options.dataDir;
  if (options.databaseUrl) process.env.DATABASE_URL = options.databaseUrl;
  else delete process.env.DATABASE_URL;
  resetConfigCache();
  await migrate();
  const t0 = performance.now();
  await seedBulkProperties(options.properties);
  const seedPropertiesMs = performance.now() - t0;
  const catalogue = await timeQueries(200);
  const leadData = await seedBenchLeads({ leads: options.leads });
  const leads = await timeLeadList(leadData);
  const board = (await benchCrmBoard({ cards: 5000 })).results;
  const dialect = databaseDialect();
  await closeDb();
  return { dialect, seedPropertiesMs, seedLeadsMs: leadData.seedMs, catalogue, leads, board };
}
